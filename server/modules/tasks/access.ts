import { and, eq, exists, inArray, or, type SQL } from 'drizzle-orm';
import { type TaskActor, type TaskContext, type TaskEventType, type TaskStatus, nextTaskStatus, taskActions } from '../../../machines/task';
import type { Db } from '../../db/client';
import { employeeAccess, type employees, tasks } from '../../db/schema';
import { AppError, forbidden } from '../../http/errors';
import { employeeLevel } from '../access/authorize';
import { type AccessLevel, accessLevels, atLeastLevel } from '../access/levels';
import type { AuthedUser } from '../auth/sessions';

/**
 * Who is looking at tasks, resolved once per call. `scope` is the WHERE every query on `tasks` carries,
 * so a task outside it is simply not found (404):
 * - the superadmin: everything; the landlord: its landlord's tasks (it acts as every task's creator);
 * - an employee at `view` or above: its landlord's tasks; below: only its own (sent to it or by it),
 *   so a task given to an employee without a grant still reaches it;
 * - a renter: only tasks sent to it (renters never create tasks).
 */
export type TaskViewer = {
  user: AuthedUser;
  name: string;
  kind: 'staff' | 'renter';
  /** The landlord and the superadmin count as `main`; a renter as `none`. */
  level: AccessLevel;
  scope: SQL | undefined;
};

type TaskRow = Pick<typeof tasks.$inferSelect, 'status' | 'statusBeforeExpiry' | 'creatorUserId' | 'executorUserId' | 'executorContractorId'>;

/** An employee who may work tasks given to it (`tasks` at `executor` or above): only such are offered and accepted as executors. */
export const mayExecuteTasks = (db: Db, employeeId: typeof employees.id) =>
  exists(
    db
      .select({ one: employeeAccess.employeeId })
      .from(employeeAccess)
      .where(and(eq(employeeAccess.employeeId, employeeId), eq(employeeAccess.module, 'tasks'), inArray(employeeAccess.level, accessLevels.slice(accessLevels.indexOf('executor'))))),
  );

export const atLeast = (viewer: TaskViewer, min: AccessLevel) => atLeastLevel(viewer.level, min);

export async function taskViewerOf(db: Db, user: AuthedUser): Promise<TaskViewer> {
  const base = { user, name: user.fullName };
  if (user.role === 'superadmin') return { ...base, kind: 'staff', level: 'main', scope: undefined };
  if (!user.landlordId) throw forbidden();
  const own = eq(tasks.landlordId, user.landlordId);
  if (user.role === 'landlord') return { ...base, kind: 'staff', level: 'main', scope: own };
  if (user.role === 'renter') return { ...base, kind: 'renter', level: 'none', scope: and(own, eq(tasks.executorUserId, user.id)) };
  const level = await employeeLevel(db, user.id, 'tasks');
  const mine = or(eq(tasks.executorUserId, user.id), eq(tasks.creatorUserId, user.id));
  const viewer: TaskViewer = { ...base, kind: 'staff', level, scope: and(own, mine) };
  if (atLeast(viewer, 'view')) viewer.scope = own;
  return viewer;
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
  const boss = viewer.user.role === 'landlord' || viewer.user.role === 'superadmin';
  const creator = boss || (task.creatorUserId === me && atLeast(viewer, 'employee'));
  const executor =
    task.executorUserId === me
      ? viewer.kind === 'renter' || atLeast(viewer, 'executor')
      : Boolean(task.executorContractorId) && (creator || (viewer.kind === 'staff' && atLeast(viewer, 'creator')));
  return [...(executor ? (['executor'] as const) : []), ...(creator ? (['creator'] as const) : [])];
}

export const contextOf = (task: TaskRow): TaskContext => ({ statusBeforeExpiry: task.statusBeforeExpiry ?? null });

/** The union of what each of the caller's sides may send now: the buttons the SPA shows. */
export function actionsOn(viewer: TaskViewer, task: TaskRow): TaskEventType[] {
  const sides = sidesOn(viewer, task);
  const ctx = contextOf(task);
  const allowed = new Set(sides.flatMap((by) => taskActions(task.status, ctx, by)));
  return [...allowed];
}

/**
 * The next status for `event` sent by one of the caller's sides; refused as 403 when another side
 * (the system included) could send it from this status, 409 when nobody could.
 */
export function decide(viewer: TaskViewer, task: TaskRow, event: TaskEventType): { status: TaskStatus; statusBeforeExpiry: TaskContext['statusBeforeExpiry']; by: TaskActor } {
  const ctx = contextOf(task);
  for (const by of sidesOn(viewer, task)) {
    const next = nextTaskStatus(task.status, ctx, event, by);
    if (next) return { ...next, by };
  }
  const anyone = (['executor', 'creator', 'system'] as const).some((by) => nextTaskStatus(task.status, ctx, event, by));
  throw anyone ? forbidden() : new AppError(409, 'invalid_state');
}
