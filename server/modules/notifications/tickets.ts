import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { streamTickets } from '../../db/schema';

export const TICKET_TTL_SECONDS = 60;

/**
 * A one-time ticket for the caller's session to open its live stream (schema/stream-tickets.ts).
 * The database's clock decides expiry, the same for every process. Old tickets are swept here.
 */
export async function issueTicket(db: Db, sessionId: string): Promise<{ ticket: string; expires_at: string }> {
  const { token, hash } = newToken();
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, sql`now()`));
  const [row] = await db
    .insert(streamTickets)
    .values({ tokenHash: hash, sessionId, expiresAt: sql`now() + make_interval(secs => ${TICKET_TTL_SECONDS})` })
    .returning({ expiresAt: streamTickets.expiresAt });
  return { ticket: token, expires_at: (row?.expiresAt ?? new Date()).toISOString() };
}

/** The session of a valid ticket, which is used up by this (one DELETE: two uses, even on two processes, cannot both win); else null. */
export async function redeemTicket(db: Db, ticket: string): Promise<string | null> {
  const [row] = await db
    .delete(streamTickets)
    .where(and(eq(streamTickets.tokenHash, hashToken(ticket)), gt(streamTickets.expiresAt, sql`now()`)))
    .returning({ sessionId: streamTickets.sessionId });
  return row?.sessionId ?? null;
}
