import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { addComment } from '../../workflow/comments';
import { applyTransition } from '../../workflow/transition';
import type { TaskViewer } from './access';
import { findTask } from './queries';
import { futureDeadline } from './service';
import { taskWorkflow } from './workflow';

type Transition = components['schemas']['TaskTransition'];

/** The task the viewer may see, or 404. */
export async function taskIn(db: Db, viewer: TaskViewer, id: string) {
  const row = await findTask(db, viewer.scope, id);
  if (!row) throw notFound();
  return row;
}

/**
 * One transition of machines/task.ts through the kit (403 wrong side, 409 wrong state; of two
 * concurrent transitions, or a transition and the deadline job, only one wins). An extension sets the
 * new deadline; accepted and rejected are final, the completed list's. The completion time is when the
 * work ended: marked done (kept on acceptance), or rejected; a return for revision clears it.
 */
export async function transitionTask(db: Db, viewer: TaskViewer, id: string, input: Transition): Promise<void> {
  const row = await taskIn(db, viewer, id);
  await applyTransition(db, taskWorkflow, viewer, row.task, input, (next, now) => ({
    ...(input.event === 'task.extend' && { deadlineAt: futureDeadline(input.deadline_at) }),
    ...((next.status === 'done' || next.status === 'rejected') && { completedAt: now }),
    ...(next.status === 'accepted' && !row.task.completedAt && { completedAt: now }),
    ...(next.status === 'for_revision' && { completedAt: null }),
  }));
}

/** A comment in the history: anyone who can see the task. */
export async function commentTask(db: Db, viewer: TaskViewer, id: string, comment: string): Promise<void> {
  await addComment(db, taskWorkflow, viewer, (await taskIn(db, viewer, id)).task, comment);
}
