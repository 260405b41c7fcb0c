import { and, asc, count, desc, eq, inArray, isNotNull, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { openTaskStatuses } from '../../../machines/task';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { contractors, tasks, users } from '../../db/schema';
import { badge, likeAny, likePattern, pageWithTotal } from '../../http/pagination';

export type TaskListItem = components['schemas']['TaskListItem'];
export type TaskSort = 'deadline_at' | '-deadline_at' | '-created_at';
export type TaskFilter = {
  /** The box's own condition (incoming / outgoing / all), already resolved for the caller. */
  box: SQL | undefined;
  kind: 'task' | 'quick';
  state: 'current' | 'completed';
  search?: string;
  priority?: 'low' | 'medium' | 'high';
  executor?: 'employee' | 'renter' | 'contractor';
};

/** Tasks given to employees, to renters (by the executor login's role) or to contractors. */
function executorKindIs(kind: NonNullable<TaskFilter['executor']>): SQL | undefined {
  if (kind === 'contractor') return isNotNull(tasks.executorContractorId);
  return sql`exists (select 1 from ${users} where ${users.id} = ${tasks.executorUserId} and ${users.role} = ${kind})`;
}

/** Completed: final statuses; everything else is still current (expired too, until extended). */
export const completedStatuses = ['accepted', 'rejected'] as const;
export const isCurrent = notInArray(tasks.status, [...completedStatuses]);

const executorUser = alias(users, 'executor_user');
const creatorUser = alias(users, 'creator_user');

const order: Record<TaskSort, SQL[]> = {
  deadline_at: [asc(tasks.deadlineAt), asc(tasks.id)],
  '-deadline_at': [desc(tasks.deadlineAt), desc(tasks.id)],
  '-created_at': [desc(tasks.createdAt), desc(tasks.id)],
};

function taskWhere(scope: SQL | undefined, f: TaskFilter): SQL | undefined {
  const pattern = likePattern(f.search);
  return and(
    scope,
    f.box,
    eq(tasks.kind, f.kind),
    f.state === 'completed' ? inArray(tasks.status, [...completedStatuses]) : isCurrent,
    f.priority ? eq(tasks.priority, f.priority) : undefined,
    f.executor ? executorKindIs(f.executor) : undefined,
    likeAny(pattern, [tasks.title, tasks.description]),
  );
}

const selectTasks = (db: Db) =>
  db
    .select({
      task: tasks,
      executorName: executorUser.fullName,
      executorRole: executorUser.role,
      contractorName: contractors.name,
      creatorName: creatorUser.fullName,
    })
    .from(tasks)
    .innerJoin(creatorUser, eq(creatorUser.id, tasks.creatorUserId))
    .leftJoin(executorUser, eq(executorUser.id, tasks.executorUserId))
    .leftJoin(contractors, eq(contractors.id, tasks.executorContractorId));

export async function listTasks(db: Db, scope: SQL | undefined, filter: TaskFilter, sort: TaskSort, page: { limit: number; offset: number }) {
  const where = taskWhere(scope, filter);
  return pageWithTotal(
    db,
    { name: 'tasks', where, sort },
    () => selectTasks(db).where(where).$dynamic(),
    [...order[sort]],
    page,
    () => db.select({ n: count() }).from(tasks).where(where),
  );
}

export async function findTask(db: Db, scope: SQL | undefined, id: string) {
  const [row] = await selectTasks(db).where(and(scope, eq(tasks.id, id)));
  return row;
}

export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

export function toListItem(row: TaskRow): TaskListItem {
  const t = row.task;
  const executor = t.executorContractorId
    ? { kind: 'contractor' as const, id: t.executorContractorId, name: row.contractorName ?? '' }
    : {
        kind: row.executorRole === 'renter' ? ('renter' as const) : ('employee' as const),
        id: t.executorUserId ?? '',
        name: row.executorName ?? '',
      };
  return {
    id: t.id,
    kind: t.kind,
    title: t.title,
    category: t.category,
    priority: t.priority,
    status: t.status,
    deadline_at: t.deadlineAt.toISOString(),
    created_at: t.createdAt.toISOString(),
    completed_at: t.completedAt?.toISOString() ?? null,
    executor,
    creator: { id: t.creatorUserId, name: row.creatorName },
  };
}

/** The statuses the executor still has work in (a deadline can overtake only these). */
export const openStatuses = openTaskStatuses;

/**
 * The menu's badge: my open incoming tasks. The badge leads to the tasks list, which does not show
 * quick tasks, so a quick task never counts there.
 */
export function incomingBadge(db: Db, userId: string | SQLWrapper): SQL<number> {
  return badge(
    db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.executorUserId, userId), eq(tasks.kind, 'task'), inArray(tasks.status, [...openStatuses]))),
  );
}
