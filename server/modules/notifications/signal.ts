import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** The PostgreSQL channel on which every API process hears that someone has new notifications. */
export const LIVE_CHANNEL = 'notifications';
/** Everyone's streams check: a payload too long for NOTIFY (8,000 bytes) says this instead. */
export const EVERYONE = '*';
const PAYLOAD_LIMIT = 7000;

/**
 * Tells the live streams of every API process that these users have new inbox rows. NOTIFY is sent
 * with the transaction of the change: PostgreSQL delivers it only at commit and drops it on
 * rollback, so a refused change signals nobody and no stream reads a row before it is visible.
 */
export async function signalRecipients(tx: Db | Tx, userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const list = ids.join(',');
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${list.length > PAYLOAD_LIMIT ? EVERYONE : list})`);
}

/** The users a payload names, or EVERYONE. */
export function recipientsOf(payload: string): ReadonlySet<string> | typeof EVERYONE {
  return payload === EVERYONE ? EVERYONE : new Set(payload.split(',').filter(Boolean));
}
