import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notices } from '../../db/schema';
import { every, type Job } from '../../jobs/every';
import { notifyAudience } from '../notifications/notify';
import { audienceQuery } from './audience';

type Due = typeof notices.$inferSelect;

/** The inbox line's value: a renter notice's title, the beginning of an employee notice's message. */
export const headlineOf = (n: Pick<Due, 'title' | 'message'>) => n.title ?? (n.message.length > 80 ? `${n.message.slice(0, 79)}…` : n.message);

/** Inbox rows for everyone the notice reaches, in one INSERT ... SELECT, in the caller's transaction. */
export function deliver(tx: Db | Tx, n: Due): Promise<number> {
  return notifyAudience(tx, audienceQuery({ ...n, target: n.target }), {
    kind: `notice.${n.audience}`,
    landlordId: n.landlordId,
    subject: { type: 'notice', id: n.id },
    params: { title: headlineOf(n) },
    actor: { userId: n.authorUserId, name: n.authorName },
  });
}

/**
 * The notice job: every scheduled notice whose time has come is delivered. ONE UPDATE decides which:
 * PostgreSQL locks each row it sets `sent_at` on and re-checks the WHERE after waiting for another
 * writer, so with several API processes each notice is taken by exactly one of them, and its inbox
 * rows go in the same transaction (a failed delivery leaves it waiting for the next run). A
 * cancellation (service.ts) takes the same row lock, so a notice is either cancelled or delivered.
 * Returns how many notices this run delivered.
 */
export async function deliverDueNotices(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(notices)
      .set({ sentAt: sql`now()` })
      .where(and(lte(notices.sendAt, sql`now()`), isNull(notices.sentAt), isNull(notices.cancelledAt)))
      .returning();
    for (const n of due) await deliver(tx, n);
    return due.length;
  });
}

/** Marks one notice sent now and delivers it: a notice without a time, in its creation's transaction. */
export async function sendNow(tx: Tx, id: string): Promise<void> {
  const [n] = await tx.update(notices).set({ sentAt: sql`now()` }).where(eq(notices.id, id)).returning();
  if (n) await deliver(tx, n);
}

/**
 * Runs the job every `intervalMs` (NOTICE_INTERVAL_MS, 15 s by default; 0 disables it). A run never
 * overlaps the previous one; stop() waits for a run in progress, so the database can close after.
 */
export function startNoticeJob(db: Db, intervalMs: number, onError: (err: unknown) => void): Job {
  return every(intervalMs, () => deliverDueNotices(db), onError);
}
