import { and, count, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { importInvitations, users } from '../../db/schema';
import { defineInterval } from '../../jobs/declare';
import type { Mailer } from '../../mail/mailer';
import { restorePassword } from '../auth/service';

/** A run sends at most this many mails: 20 every 10 s by default, so a file of 300 tenants is mailed in 2.5 minutes. */
export const INVITATIONS_PER_RUN = 20;
/** A mail that failed this many times is given up (the landlord can still send the link from the tenant's card). */
export const MAX_INVITATION_ATTEMPTS = 5;

export const invitationInterval = defineInterval({
  env: 'IMPORT_INVITATION_INTERVAL_MS',
  key: 'importInvitationIntervalMs',
  defaultMs: 10_000,
  describe: `how often each API process sends first-login mails an import was asked for, ${INVITATIONS_PER_RUN} a run (claimed with SKIP LOCKED, safe with several processes); \`0\` disables it`,
});

/** The new tenants' logins of a commit, queued in its transaction, a thousand a statement. */
export async function queueInvitations(tx: Tx, importId: string, userIds: string[]): Promise<void> {
  for (let at = 0; at < userIds.length; at += 1000) {
    await tx
      .insert(importInvitations)
      .values(userIds.slice(at, at + 1000).map((userId) => ({ importId, userId })))
      .onConflictDoNothing();
  }
}

/**
 * One run of the invitation job: claims the due rows (their `not_before` pushed past this try, with a
 * backoff that doubles, so another process skips them), mails each its first-login link in its own
 * language, and marks what was sent. A failed send waits for its next try. Returns how many were sent.
 */
export async function sendInvitations(db: Db, mailer: Mailer, publicUrl: string, limit = INVITATIONS_PER_RUN): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const due = tx
      .select({ id: importInvitations.id })
      .from(importInvitations)
      .where(and(isNull(importInvitations.sentAt), lte(importInvitations.notBefore, sql`now()`), lt(importInvitations.attempts, MAX_INVITATION_ATTEMPTS)))
      .orderBy(importInvitations.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(importInvitations)
      .set({
        attempts: sql`${importInvitations.attempts} + 1`,
        notBefore: sql`now() + interval '1 minute' * power(2, ${importInvitations.attempts})`,
      })
      .where(inArray(importInvitations.id, due))
      .returning({ id: importInvitations.id, userId: importInvitations.userId });
  });
  let sent = 0;
  for (const row of claimed) {
    const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, row.userId));
    try {
      if (user) await restorePassword(db, mailer, publicUrl, user.username);
    } catch {
      continue;
    }
    await db.update(importInvitations).set({ sentAt: sql`now()` }).where(eq(importInvitations.id, row.id));
    sent += 1;
  }
  return sent;
}

/** What the import's card says of its invitations: how many were asked for and how many are sent. */
export async function invitationCounts(db: Db, importId: string): Promise<{ queued: number; sent: number } | null> {
  const [row] = await db
    .select({ queued: count(), sent: count(importInvitations.sentAt) })
    .from(importInvitations)
    .where(eq(importInvitations.importId, importId));
  return row && row.queued > 0 ? row : null;
}
