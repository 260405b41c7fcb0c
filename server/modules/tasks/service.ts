import { and, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { employees, renters, taskEvents, tasks, users } from '../../db/schema';
import { AppError, forbidden, invalidField, notFound } from '../../http/errors';
import { orNull } from '../../http/input';
import { actorOf, recordCreated } from '../../workflow/history';
import { atLeast } from '../../workflow/viewer';
import { activeContractorOf } from '../contractors/queries';
import { mayExecuteTasks, sidesOn, type TaskViewer } from './access';
import { taskCreated } from './notices';
import { findTask } from './queries';
import { taskWorkflow } from './workflow';

const invalid = (field: string, message: 'required' | 'not_found' | 'future') =>
  invalidField(field, (ll) => (message === 'required' ? ll.validation.required() : message === 'not_found' ? ll.errors.not_found() : ll.tasks.deadlinePast()));

/** A deadline the contract has checked as a date-time; it must also lie ahead. */
export function futureDeadline(value: string | undefined, field = 'deadline_at'): Date {
  if (!value) throw invalid(field, 'required');
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw invalid(field, 'required');
  if (at.getTime() <= Date.now()) throw invalid(field, 'future');
  return at;
}

/** Exactly one executor of the landlord: the login of an active renter or of an active employee who may work tasks, or an active contractor. */
async function executorOf(db: Db, landlordId: string, input: components['schemas']['TaskCreate']) {
  const { executor_user_id: userId, executor_contractor_id: contractorId } = input;
  if (Boolean(userId) === Boolean(contractorId)) throw invalid('executor_user_id', 'required');
  if (userId) {
    const [u] = await db
      .select({ id: users.id, employee: employees.id, renter: renters.id })
      .from(users)
      .leftJoin(employees, and(eq(employees.userId, users.id), eq(employees.status, 'active'), mayExecuteTasks(db, employees.id)))
      .leftJoin(renters, and(eq(renters.userId, users.id), eq(renters.status, 'active')))
      .where(and(eq(users.id, userId), eq(users.landlordId, landlordId), eq(users.active, true)));
    if (!u || (!u.employee && !u.renter)) throw invalid('executor_user_id', 'not_found');
    return { executorUserId: u.id, executorContractorId: null };
  }
  const contractorIdFound = await activeContractorOf(db, landlordId, contractorId);
  if (!contractorIdFound) throw invalid('executor_contractor_id', 'not_found');
  return { executorUserId: null, executorContractorId: contractorIdFound };
}

/** The landlord, or an employee at `employee` or above; renters and the superadmin (no landlord) never. */
export async function createTask(db: Db, viewer: TaskViewer, input: components['schemas']['TaskCreate']): Promise<string> {
  const landlordId = viewer.user.landlordId;
  if (viewer.kind !== 'staff' || !landlordId || !atLeast(viewer, 'employee')) throw forbidden();
  const title = input.title.trim();
  if (!title) throw invalid('title', 'required');
  const deadlineAt = futureDeadline(input.deadline_at);
  const executor = await executorOf(db, landlordId, input);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(tasks)
      .values({
        landlordId,
        kind: input.kind ?? 'task',
        title,
        description: orNull(input.description),
        category: orNull(input.category),
        priority: input.priority ?? 'medium',
        creatorUserId: viewer.user.id,
        ...executor,
        deadlineAt,
        status: 'new',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tasks.id });
    if (!row) throw new Error('task not created');
    await recordCreated(tx, taskWorkflow, row.id, actorOf(viewer), 'new', now);
    await taskCreated(tx, { id: row.id, landlordId, title, creatorUserId: viewer.user.id, ...executor }, actorOf(viewer));
    return row.id;
  });
}

/** Title, text, category and priority, while new, by the creator side; the UPDATE is guarded by the status. */
export async function updateTask(db: Db, viewer: TaskViewer, id: string, input: components['schemas']['TaskUpdate']): Promise<void> {
  const row = await findTask(db, viewer.scope, id);
  if (!row) throw notFound();
  if (!sidesOn(viewer, row.task).includes('creator')) throw forbidden();
  if (row.task.status !== 'new') throw new AppError(409, 'invalid_state');
  const title = input.title.trim();
  if (!title) throw invalid('title', 'required');
  await db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(tasks)
      .set({
        title,
        description: orNull(input.description),
        category: orNull(input.category),
        ...(input.priority && { priority: input.priority }),
        updatedAt: now,
      })
      .where(and(eq(tasks.id, id), eq(tasks.status, 'new')))
      .returning({ id: tasks.id });
    if (changed.length === 0) throw new AppError(409, 'invalid_state');
    await tx.insert(taskEvents).values({ taskId: id, actorUserId: viewer.user.id, actorName: viewer.name, event: 'task.updated', createdAt: now });
  });
}
