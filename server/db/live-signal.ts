import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** The PostgreSQL channel on which every API process hears what its live streams must do. */
export const LIVE_CHANNEL = 'notifications';
/** Every user: a payload too long for NOTIFY (8,000 bytes) says this instead, and a LISTEN that reconnected (it may have missed any). */
export const EVERYONE = '*';
const PAYLOAD_LIMIT = 7000;
/** Ended sessions are told with this prefix; new inbox rows are a bare list of user ids. */
const SESSIONS = 'sessions:';

/** What a signal asks of the streams of its users: read their news, or check that their sessions still live. */
export type LiveSignal = { notifications: boolean; sessions: boolean; users: ReadonlySet<string> | typeof EVERYONE };

/**
 * Tells the live streams of every API process about these users. NOTIFY is sent with the transaction
 * of the change: PostgreSQL delivers it only at commit and drops it on rollback, so a refused change
 * signals nobody and no stream reads a row (or misses a revocation) before it is visible.
 */
export async function signalUsers(tx: Db | Tx, kind: 'notifications' | 'sessions', userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const list = ids.join(',');
  const payload = `${kind === 'sessions' ? SESSIONS : ''}${list.length > PAYLOAD_LIMIT ? EVERYONE : list}`;
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

/** A payload read back: `*` alone (a reconnected LISTEN) asks both. */
export function signalOf(payload: string): LiveSignal {
  if (payload === EVERYONE) return { notifications: true, sessions: true, users: EVERYONE };
  const sessions = payload.startsWith(SESSIONS);
  const list = sessions ? payload.slice(SESSIONS.length) : payload;
  return { notifications: !sessions, sessions, users: list === EVERYONE ? EVERYONE : new Set(list.split(',').filter(Boolean)) };
}
