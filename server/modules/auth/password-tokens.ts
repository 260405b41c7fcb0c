import { and, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { passwordTokens, users } from '../../db/schema';

type Purpose = (typeof passwordTokens.$inferSelect)['purpose'];
const HOUR = 3600_000;
/** A reset link lives one hour; a first-login invitation a week. */
const TTL: Record<Purpose, number> = { reset: HOUR, first_login: 7 * 24 * HOUR };

/** The link of `token` while it may still be used: unused and unexpired (whose login is active is each caller's join). */
const liveToken = (token: string) =>
  and(eq(passwordTokens.tokenHash, hashToken(token)), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, new Date()));

/**
 * A new link for the user. Its used and expired links go in the same transaction: nothing reads them
 * again, and without this every request for a link would leave a row for good.
 */
export async function issuePasswordToken(db: Db, userId: string, purpose: Purpose): Promise<string> {
  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(passwordTokens)
      .where(and(eq(passwordTokens.userId, userId), or(isNotNull(passwordTokens.usedAt), lte(passwordTokens.expiresAt, new Date()))));
    await tx.insert(passwordTokens).values({ userId, tokenHash: hash, purpose, expiresAt: new Date(Date.now() + TTL[purpose]) });
  });
  return token;
}

export async function findLivePasswordToken(db: Db, token: string) {
  const [row] = await db
    .select({ purpose: passwordTokens.purpose, username: users.username })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(and(liveToken(token), eq(users.active, true)))
    .limit(1);
  return row;
}

/**
 * Marks the token used in one atomic statement, so two concurrent uses cannot both succeed. A turned-off
 * login's link sets nothing (deleting it voided its links; this holds for one issued before that rule).
 */
export async function consumePasswordToken(db: Db, token: string) {
  const activeUsers = db.select({ id: users.id }).from(users).where(eq(users.active, true));
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(liveToken(token), inArray(passwordTokens.userId, activeUsers)))
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  return row;
}
