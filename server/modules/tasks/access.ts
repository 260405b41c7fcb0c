import { and, eq, exists, inArray, or } from 'drizzle-orm';
import type { TaskActor, TaskContext } from '../../../machines/task';
import { accessLevels } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { employeeAccess, type employees, tasks } from '../../db/schema';
import { atLeast, isBoss, type Viewer, viewerOf } from '../../workflow/viewer';

export type TaskViewer = Viewer;
type TaskRow = Pick<typeof tasks.$inferSelect, 'status' | 'statusBeforeExpiry' | 'creatorUserId' | 'executorUserId' | 'executorContractorId'>;

/** An employee who may work tasks given to it (`tasks` at `executor` or above): only such are offered and accepted as executors. */
export const mayExecuteTasks = (db: Db, employeeId: typeof employees.id) =>
  exists(
    db
      .select({ one: employeeAccess.employeeId })
      .from(employeeAccess)
      .where(
        and(
          eq(employeeAccess.employeeId, employeeId),
          eq(employeeAccess.module, 'tasks'),
          inArray(employeeAccess.level, accessLevels.slice(accessLevels.indexOf('executor'))),
        ),
      ),
  );

/**
 * Who is looking at tasks (the kit's viewer, workflow/viewer.ts), narrowed:
 * - the superadmin: everything; the landlord: its landlord's tasks (it acts as every task's creator);
 * - an employee at `view` or above: its landlord's tasks; below: only its own (sent to it or by it),
 *   so a task given to an employee without a grant still reaches it;
 * - a renter: only tasks sent to it (renters never create tasks).
 */
export async function taskViewerOf(db: Db, user: AuthedUser): Promise<TaskViewer> {
  const viewer = await viewerOf(db, user, 'tasks', tasks.landlordId);
  if (viewer.kind === 'renter') return { ...viewer, scope: and(viewer.scope, eq(tasks.executorUserId, user.id)) };
  if (atLeast(viewer, 'view')) return viewer;
  return { ...viewer, scope: and(viewer.scope, or(eq(tasks.executorUserId, user.id), eq(tasks.creatorUserId, user.id))) };
}

/**
 * The sides of the machine this caller plays on a task (both when it gave a task to itself):
 * - executor: the task's executor login (an employee needs `tasks` at `executor`; a renter needs nothing),
 *   or, for a contractor's task (it has no login), the creator side or staff at `creator` on its behalf;
 * - creator: the task's creator (an employee needs `employee`, the level that gave it), the landlord,
 *   or the superadmin.
 */
export function sidesOn(viewer: TaskViewer, task: TaskRow): TaskActor[] {
  const me = viewer.user.id;
  const creator = isBoss(viewer) || (task.creatorUserId === me && atLeast(viewer, 'employee'));
  const executor =
    task.executorUserId === me
      ? viewer.kind === 'renter' || atLeast(viewer, 'executor')
      : Boolean(task.executorContractorId) && (creator || (viewer.kind === 'staff' && atLeast(viewer, 'creator')));
  return [...(executor ? (['executor'] as const) : []), ...(creator ? (['creator'] as const) : [])];
}

export const contextOf = (task: TaskRow): TaskContext => ({ statusBeforeExpiry: task.statusBeforeExpiry ?? null });
