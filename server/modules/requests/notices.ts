import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { employees, renters, type requests } from '../../db/schema';
import type { Actor } from '../../workflow/history';
import type { Change } from '../../workflow/workflow';
import { notify } from '../notifications/notify';

type Request = Pick<typeof requests.$inferSelect, 'id' | 'landlordId' | 'number' | 'renterId' | 'createdBy' | 'fromVisitor' | 'assigneeEmployeeId'>;

const userOfEmployee = (tx: Db | Tx, employeeId: unknown) =>
  typeof employeeId === 'string'
    ? tx
        .select({ id: employees.userId })
        .from(employees)
        .where(eq(employees.id, employeeId))
        .then(([e]) => e?.id ?? null)
    : Promise.resolve(null);

/** The applicant's login: the renter's, or the staff member who filed it for nobody; a visitor has none. */
async function applicantOf(tx: Db | Tx, r: Request): Promise<string | null> {
  if (r.fromVisitor) return null;
  if (!r.renterId) return r.createdBy;
  const [renter] = await tx.select({ id: renters.userId }).from(renters).where(eq(renters.id, r.renterId));
  return renter?.id ?? null;
}

const about = (r: Pick<Request, 'id' | 'landlordId'>) => ({ landlordId: r.landlordId, subject: { type: 'request', id: r.id } });

/**
 * A transition tells the applicant and the assigned employee its request's new status (so the employee
 * hears when the renter returns or confirms the work), and the employee it was just assigned to that
 * it is his now (taking it oneself tells nobody: the actor is never told).
 */
export async function requestTransitioned(tx: Db | Tx, r: Request, change: Change<string>): Promise<void> {
  if (change.to !== change.from) {
    // One just assigned hears "assigned to you" below, not the status as well.
    const assignee = change.event === 'request.assign' ? null : 'assigneeEmployeeId' in change.set ? change.set.assigneeEmployeeId : r.assigneeEmployeeId;
    await notify(tx, [await applicantOf(tx, r), await userOfEmployee(tx, assignee)], {
      ...about(r),
      kind: 'request.status',
      params: { number: r.number, status: change.to },
      actor: change.actor,
    });
  }
  if (change.event === 'request.assign') {
    await notify(tx, [await userOfEmployee(tx, change.set.assigneeEmployeeId)], {
      ...about(r),
      kind: 'request.assigned',
      params: { number: r.number },
      actor: change.actor,
    });
  }
}

/**
 * A new request goes to its type's responsible employee: a visitor's as "a new visitor request", a
 * renter's or staff's as assigned to him.
 */
export async function requestCreated(tx: Tx, r: Omit<Request, 'assigneeEmployeeId'>, assigneeEmployeeId: string | null, actor: Actor): Promise<void> {
  await notify(tx, [await userOfEmployee(tx, assigneeEmployeeId)], {
    ...about(r),
    kind: r.fromVisitor ? 'request.visitor' : 'request.assigned',
    params: { number: r.number },
    actor,
  });
}
