import { and, eq } from 'drizzle-orm';
import type { TaskEventType } from '../../../machines/task';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { taskEvents, tasks } from '../../db/schema';
import { AppError, notFound, invalidField } from '../../http/errors';
import { decide, type TaskViewer } from './access';
import { findTask } from './queries';
import { futureDeadline } from './service';

type Transition = components['schemas']['TaskTransition'];
const needsComment: TaskEventType[] = ['task.reject', 'task.return'];

/**
 * One transition of machines/task.ts as the caller's side (access.ts decide: 403 / 409 when refused).
 * The UPDATE is guarded by the status read, so of two concurrent transitions (or a transition and the
 * deadline job) only one wins and the other is a 409; nothing changes on a refusal.
 */
export async function transitionTask(db: Db, viewer: TaskViewer, id: string, input: Transition): Promise<void> {
  const row = await findTask(db, viewer.scope, id);
  if (!row) throw notFound();
  const t = row.task;
  const event: TaskEventType = input.event;
  const next = decide(viewer, t, event);
  const comment = input.comment?.trim() || null;
  if (needsComment.includes(event) && !comment) {
    throw invalidField('comment', (ll) => ll.validation.required());
  }
  const deadlineAt = event === 'task.extend' ? futureDeadline(input.deadline_at) : undefined;

  await db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(tasks)
      .set({
        status: next.status,
        statusBeforeExpiry: next.statusBeforeExpiry,
        updatedAt: now,
        ...(deadlineAt && { deadlineAt }),
        // Completed = final (the completed list); accepted and rejected are never left.
        ...((next.status === 'accepted' || next.status === 'rejected') && { completedAt: now }),
      })
      .where(and(eq(tasks.id, id), eq(tasks.status, t.status)))
      .returning({ id: tasks.id });
    if (changed.length === 0) throw new AppError(409, 'invalid_state');
    await tx.insert(taskEvents).values({
      taskId: id,
      actorUserId: viewer.user.id,
      actorName: viewer.name,
      event,
      fromStatus: t.status,
      toStatus: next.status,
      comment,
      createdAt: now,
    });
  });
}
