import { and, eq, gt, inArray, isNull, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { signalUsers } from '../db/live-signal';
import { calendarFeeds, fcmTokens, passwordTokens, sessions, users } from '../db/schema';
import { hashToken, newToken } from './tokens';

const HOUR = 3600_000;
/** "Remember me" keeps a session for 30 days; otherwise 12 hours (one working day). */
export const SESSION_TTL = { remembered: 30 * 24 * HOUR, default: 12 * HOUR };

export type AuthedUser = {
  sessionId: string;
  id: string;
  role: (typeof users.$inferSelect)['role'];
  landlordId: string | null;
  /** Written into histories as who acted; read with the session, so no module asks for it again. */
  fullName: string;
  /** Set when the caller is an API key (auth/api-keys.ts): it acts within these scopes only. */
  apiKey?: { id: string; scopes: readonly string[] };
};

export async function createSession(db: Db, userId: string, remember: boolean) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + (remember ? SESSION_TTL.remembered : SESSION_TTL.default));
  await db.insert(sessions).values({ userId, tokenHash: hash, expiresAt });
  return { token, expiresAt };
}

/** Every call of the API looks its session up: prepared once per database, so it is neither built nor planned again. */
function prepareLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      id: users.id,
      role: users.role,
      landlordId: users.landlordId,
      fullName: users.fullName,
      active: users.active,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('session_by_token');
}
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

/** The user behind a bearer token, 'expired' for an expired or revoked one, null for an unknown one. */
export async function resolveSession(db: Db, token: string): Promise<AuthedUser | 'expired' | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ hash: hashToken(token) });
  if (!row) return null;
  if (row.revokedAt || row.expiresAt.getTime() <= Date.now() || !row.active) return 'expired';
  return { sessionId: row.sessionId, id: row.id, role: row.role, landlordId: row.landlordId, fullName: row.fullName };
}

/** Signs one session out; its live streams, on every process, end at the commit (db/live-signal.ts). */
export async function revokeSession(db: Db, sessionId: string) {
  await db.transaction(async (tx) => {
    const revoked = await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
    await signalUsers(
      tx,
      'sessions',
      revoked.map((r) => r.userId),
    );
  });
}

/**
 * Revokes what lets the users in without typing their password (one id, or a query of ids), on a
 * password change or reset and when a login is turned off: every live session but the one given (the
 * one that changed it), the browsers they registered for push (a lost phone signed out everywhere is
 * told nothing more), the calendar feed's secret address (a password of its own: the user makes a
 * new one) and the outstanding reset and invitation links (an older mail, perhaps in a mailbox someone
 * else reads, must not set the password again). A restored login brings none of them back. Their live
 * streams end at once on every process. In the caller's transaction: all of it, or none.
 */
export async function revokeUserAccess(db: Tx, who: string | SQLWrapper, exceptSessionId?: string) {
  const ofUsers = <C extends typeof sessions.userId | typeof fcmTokens.userId | typeof calendarFeeds.userId | typeof passwordTokens.userId>(column: C) =>
    inArray(column, typeof who === 'string' ? [who] : who);
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(ofUsers(sessions.userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .returning({ userId: sessions.userId });
  await db
    .delete(fcmTokens)
    .where(and(ofUsers(fcmTokens.userId), exceptSessionId ? or(isNull(fcmTokens.sessionId), ne(fcmTokens.sessionId, exceptSessionId)) : undefined));
  await db.delete(calendarFeeds).where(ofUsers(calendarFeeds.userId));
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(ofUsers(passwordTokens.userId), isNull(passwordTokens.usedAt)));
  await signalUsers(
    db,
    'sessions',
    revoked.map((r) => r.userId),
  );
}

/**
 * The users of the sessions given by id that are still live (not revoked, not expired, the user
 * active), keyed by session id: a long-lived connection (the notification stream) checks its
 * session again from time to time, all of a process's at once.
 */
export async function liveSessionUsers(db: Db, sessionIds: readonly string[]): Promise<Map<string, AuthedUser>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: sessions.id, id: users.id, role: users.role, landlordId: users.landlordId, fullName: users.fullName })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, [...sessionIds]), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.active, true)));
  return new Map(rows.map((row) => [row.sessionId, row]));
}
