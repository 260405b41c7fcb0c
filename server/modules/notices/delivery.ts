import { and, eq, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { liveUsers, notices, notifications } from '../../db/schema';
import { every, type Job } from '../../jobs/every';
import { notifyAudience } from '../notifications/notify';
import { PRESENT_WITHIN } from '../notifications/presence';
import { audienceQuery } from './audience';

type Due = typeof notices.$inferSelect;

/** The inbox line's value: a renter notice's title, the beginning of an employee notice's message. */
export const headlineOf = (n: Pick<Due, 'title' | 'message'>) => n.title ?? (n.message.length > 80 ? `${n.message.slice(0, 79)}…` : n.message);

/** Inbox rows for `who` of the notice's audience (a query of user ids), in one INSERT ... SELECT. */
function tell(tx: Db | Tx, n: Due, who: (audience: SQL) => SQL): Promise<number> {
  return notifyAudience(tx, who(sql`(${audienceQuery({ ...n, target: n.target })}) as a (user_id)`), {
    kind: `notice.${n.audience}`,
    landlordId: n.landlordId,
    subject: { type: 'notice', id: n.id },
    params: { title: headlineOf(n) },
    actor: { userId: n.authorUserId, name: n.authorName },
  });
}

/**
 * The first step: the recipients who have the app open now (notifications/presence.ts), so their tabs
 * show it at once however many others there are. Marks where its rows begin, for the second step, and
 * returns the notice so marked.
 */
async function tellPresent(tx: Tx, n: Due): Promise<Due> {
  const [{ last } = { last: 0 }] = await tx.select({ last: sql<number>`coalesce(max(${notifications.id}), 0)`.mapWith(Number) }).from(notifications);
  await tell(
    tx,
    n,
    (audience) => sql`select a.user_id from ${audience} join ${liveUsers} p on p.user_id = a.user_id and p.seen_at > now() - ${PRESENT_WITHIN}::interval`,
  );
  await tx
    .update(notices)
    .set({ sentAt: sql`coalesce(${notices.sentAt}, now())`, fanoutFrom: last })
    .where(eq(notices.id, n.id));
  return { ...n, fanoutFrom: last };
}

/** The second step: everyone else of the audience (those the first step told have its row after `fanoutFrom`). */
async function tellRest(tx: Tx, n: Due): Promise<void> {
  await tell(
    tx,
    n,
    (audience) => sql`select a.user_id from ${audience} where a.user_id not in (select ${notifications.userId} from ${notifications}
      where ${notifications.id} > ${n.fanoutFrom ?? 0} and ${notifications.subjectType} = 'notice' and ${notifications.subjectId} = ${n.id})`,
  );
  await tx.update(notices).set({ deliveredAt: sql`now()` }).where(eq(notices.id, n.id));
}

/** How many people a notice reaches now (the same people as its delivery, counted). */
const reachOf = async (tx: Tx, n: Due) => {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(sql`(${audienceQuery({ ...n, target: n.target })}) as a (user_id)`);
  return row?.n ?? 0;
};

/**
 * A notice to be sent now, in its creation's transaction: everyone of a small audience (at most
 * `inline` people) is told in it; of a bigger one the people who have the app open, and the rest by
 * deliverDueNotices right after the answer. Returns whether the rest remains.
 */
export async function sendNow(tx: Tx, id: string, inline: number): Promise<boolean> {
  const [n] = await tx.select().from(notices).where(eq(notices.id, id));
  if (!n) return false;
  const marked = await tellPresent(tx, n);
  if ((await reachOf(tx, n)) > inline) return true;
  await tellRest(tx, marked);
  return false;
}

/**
 * The notice job: every notice whose time has come and that is not yet delivered, in its two steps,
 * each in its own transaction (the people looking see it when the first commits). A step takes the
 * notice's row with FOR UPDATE SKIP LOCKED and the row records which step is done, so with several
 * API processes each step of each notice runs exactly once; a failed step is tried again by the next
 * run. A cancellation (service.ts) takes the same row lock, so a notice is either cancelled or sent.
 * Returns how many notices this run finished delivering.
 */
export async function deliverDueNotices(db: Db): Promise<number> {
  let finished = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [n] = await tx
        .select()
        .from(notices)
        .where(and(isNull(notices.deliveredAt), isNull(notices.cancelledAt), or(isNotNull(notices.sentAt), lte(notices.sendAt, sql`now()`))))
        .orderBy(notices.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!n) return 'none';
      if (n.fanoutFrom === null) {
        await tellPresent(tx, n);
        return 'present';
      }
      await tellRest(tx, n);
      return 'delivered';
    });
    if (step === 'none') return finished;
    if (step === 'delivered') finished++;
  }
}

/**
 * Runs the job every `intervalMs` (NOTICE_INTERVAL_MS, 15 s by default; 0 disables it). A run never
 * overlaps the previous one; stop() waits for a run in progress, so the database can close after.
 */
export function startNoticeJob(db: Db, intervalMs: number, onError: (err: unknown) => void): Job {
  return every(intervalMs, () => deliverDueNotices(db), onError);
}
