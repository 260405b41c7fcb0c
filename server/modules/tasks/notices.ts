import type { Db, Tx } from '../../db/client';
import type { tasks } from '../../db/schema';
import type { Actor } from '../../workflow/history';
import type { Change } from '../../workflow/workflow';
import { type Notice, notify, notifyEach } from '../notifications/notify';

type Task = Pick<typeof tasks.$inferSelect, 'id' | 'landlordId' | 'title' | 'creatorUserId' | 'executorUserId'>;

/**
 * The events both sides of a task hear of: the executor marked it done (it waits for the creator's
 * acceptance) or rejected it, it came back for revision, was accepted, or expired.
 */
const toBothSides = new Set(['task.complete', 'task.reject', 'task.return', 'task.accept', 'task.expire']);

const notice = (t: Task, kind: string, actor: Actor): Notice => ({
  kind,
  landlordId: t.landlordId,
  subject: { type: 'task', id: t.id },
  params: { title: t.title },
  actor,
});

/** A new task is its executor's (a contractor has no login: nobody is told). */
export async function taskCreated(tx: Db | Tx, t: Task, actor: Actor): Promise<void> {
  await notify(tx, [t.executorUserId], notice(t, 'task.assigned', actor));
}

/** Done, rejected, returned, accepted: the executor and the creator, whoever of them did not act. */
export async function taskTransitioned(tx: Db | Tx, t: Task, change: Change<string>): Promise<void> {
  if (toBothSides.has(change.event)) await notify(tx, [t.executorUserId, t.creatorUserId], notice(t, change.event, change.actor));
}

/** The deadline job's expiries, all told in one INSERT. */
export async function tasksExpired(tx: Db | Tx, expired: Task[]): Promise<void> {
  const system = { userId: null, name: '' };
  await notifyEach(
    tx,
    expired.map((t) => ({ recipients: [t.executorUserId, t.creatorUserId], notice: notice(t, 'task.expire', system) })),
  );
}
