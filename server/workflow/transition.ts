import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AppError, forbidden, invalidField } from '../http/errors';
import { actorOf, recordHistory } from './history';
import type { Viewer } from './viewer';
import type { Workflow } from './workflow';

export type Decision<A extends string> = { status: string; set?: Record<string, unknown>; by: A };

/**
 * The next status for `event` sent by one of the caller's sides (the module's own rule permitting).
 * Refused as 403 when some side (the system's included) could send it from this status, and as 409
 * when nobody could: a wrong side is told apart from a wrong state.
 */
export function decide<R, E extends string, A extends string, V extends Viewer>(wf: Workflow<R, E, A, V>, viewer: V, row: R, event: E): Decision<A> {
  for (const by of wf.sidesOf(viewer, row)) {
    if (wf.permits && !wf.permits(viewer, by, event)) continue;
    const next = wf.next(row, event, by);
    if (next) return { ...next, by };
  }
  const anyone = wf.actors.some((by) => wf.next(row, event, by));
  throw anyone ? forbidden() : new AppError(409, 'invalid_state');
}

/** The union of what each of the caller's sides may send now: the buttons the SPA shows. */
export function actionsOf<R, E extends string, A extends string, V extends Viewer>(wf: Workflow<R, E, A, V>, viewer: V, row: R): E[] {
  const events = wf.sidesOf(viewer, row).flatMap((by) => wf.events(row, by).filter((event) => !wf.permits || wf.permits(viewer, by, event)));
  return [...new Set(events)];
}

type Input<E> = { event: E; comment?: string | null };
/** What else a module changes with this transition (an assignee, a new deadline), checked before the transaction. */
type Extra<A extends string> = (next: Decision<A>, now: Date) => Record<string, unknown> | Promise<Record<string, unknown>>;

/**
 * One transition: decided by the machine (above), then the UPDATE guarded by the status read, the
 * history row, the module's own writes of this transition (`within`, e.g. a lease's renewal draft
 * deleted with its termination) and its notifications, in one transaction. Of two concurrent
 * transitions only one wins, the other is a 409; nothing changes (and nobody is told) on a refusal.
 */
export async function applyTransition<R, E extends string, A extends string, V extends Viewer>(
  db: Db,
  wf: Workflow<R, E, A, V>,
  viewer: V,
  row: R,
  input: Input<E>,
  extra?: Extra<A>,
  within?: (tx: Db | Tx, now: Date) => Promise<void>,
): Promise<Decision<A>> {
  const { id, status } = wf.keyOf(row);
  const next = decide(wf, viewer, row, input.event);
  const comment = input.comment?.trim() || null;
  if (wf.needsComment?.includes(input.event) && !comment) throw invalidField('comment', (ll) => ll.validation.required());
  const now = new Date();
  const set = { status: next.status, updatedAt: now, ...next.set, ...(await extra?.(next, now)) };
  await db.transaction(async (tx) => {
    const record = wf.record;
    const changed = await tx
      .update(record)
      .set(set as never)
      .where(and(eq(record.id, id), eq(record.status, status)))
      .returning({ id: record.id });
    if (changed.length === 0) throw new AppError(409, 'invalid_state');
    if (wf.history) {
      await recordHistory(tx, wf.history, id, actorOf(viewer), {
        event: input.event,
        fromStatus: status,
        toStatus: next.status,
        comment,
        createdAt: now,
      });
    }
    const change = { event: input.event, from: status, to: next.status, set, actor: actorOf(viewer) };
    await wf.apply?.(tx, row, change);
    await within?.(tx, now);
    await wf.notify?.(tx, row, change);
  });
  return next;
}
