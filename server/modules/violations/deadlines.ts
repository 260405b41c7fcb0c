import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { openViolationStatuses } from '../../../machines/violation';
import type { Db } from '../../db/client';
import { renters, violationEvents, violations } from '../../db/schema';
import { every, type Job } from '../../jobs/every';
import { violationsOverdue } from './notices';

/**
 * The deadline job: every open violation past its deadline is marked overdue, once, with a
 * `violation.overdue` entry by the system and a notification to the renter and who recorded it.
 * Overdue is a flag beside the status, not a state: the machine's steps stay the same when late.
 * ONE UPDATE decides which violations are marked: PostgreSQL locks each row it changes and re-checks
 * the WHERE (`not overdue`) after waiting for another writer, so with several processes each
 * violation is marked by exactly one of them. Entries and notifications go in the same transaction.
 * With `id`, only that violation (one read between two runs is marked first), and only within the
 * reader's `scope`: a caller who may not see it changes nothing.
 */
export async function markOverdueViolations(db: Db, one?: { id: string; scope: SQL | undefined }): Promise<number> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const marked = await tx
      .update(violations)
      .set({ overdue: true, updatedAt: sql`now()` })
      .where(
        and(
          inArray(violations.status, [...openViolationStatuses]),
          eq(violations.overdue, false),
          lt(violations.deadlineAt, sql`now()`),
          one ? and(eq(violations.id, one.id), one.scope) : undefined,
        ),
      )
      .returning({
        id: violations.id,
        landlordId: violations.landlordId,
        number: violations.number,
        status: violations.status,
        recordedBy: violations.recordedBy,
        renterId: violations.renterId,
      });
    if (marked.length === 0) return 0;
    await tx.insert(violationEvents).values(
      marked.map((v) => ({
        violationId: v.id,
        actorUserId: null,
        actorName: '',
        event: 'violation.overdue',
        fromStatus: v.status,
        toStatus: v.status,
        createdAt: now,
      })),
    );
    const logins = await tx
      .select({ id: renters.id, userId: renters.userId })
      .from(renters)
      .where(
        inArray(
          renters.id,
          marked.map((v) => v.renterId),
        ),
      );
    const loginOf = new Map(logins.map((r) => [r.id, r.userId]));
    await violationsOverdue(
      tx,
      marked.map((v) => ({ ...v, renterUserId: loginOf.get(v.renterId) ?? null })),
    );
    return marked.length;
  });
}

/** Runs the job every `intervalMs` (the tasks' interval); a run never overlaps the previous one; stop() waits for it. */
export function startViolationDeadlineJob(db: Db, intervalMs: number, onError: (err: unknown) => void): Job {
  return every(intervalMs, () => markOverdueViolations(db), onError);
}
