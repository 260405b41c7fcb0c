import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { employeeAccess, employees, renters, requestFollowers, type requests, users } from '../../db/schema';
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

/** The logins following a request (staff who asked to be told of its changes). */
const followersOf = async (tx: Db | Tx, requestId: string) =>
  (await tx.select({ id: requestFollowers.userId }).from(requestFollowers).where(eq(requestFollowers.requestId, requestId))).map((f) => f.id);

/**
 * A transition tells the applicant, the assigned employee and the followers its request's new status (so
 * the employee hears when the renter returns or confirms the work), and the employee it was just assigned
 * to that it is his now (taking it oneself tells nobody: the actor is never told). notify() tells each
 * person once; one just assigned hears only "assigned to you", even when following.
 */
export async function requestTransitioned(tx: Db | Tx, r: Request, change: Change<string>): Promise<void> {
  const assigned = change.event === 'request.assign' ? await userOfEmployee(tx, change.set.assigneeEmployeeId) : null;
  if (change.to !== change.from) {
    const assignee = change.event === 'request.assign' ? null : 'assigneeEmployeeId' in change.set ? change.set.assigneeEmployeeId : r.assigneeEmployeeId;
    const followers = (await followersOf(tx, r.id)).filter((id) => id !== assigned);
    await notify(tx, [await applicantOf(tx, r), await userOfEmployee(tx, assignee), ...followers], {
      ...about(r),
      kind: 'request.status',
      params: { number: r.number, status: change.to },
      actor: change.actor,
    });
  }
  if (change.event === 'request.assign') {
    await notify(tx, [assigned], {
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

/** A comment is told to the request's followers (never to who wrote it). */
export async function requestCommented(tx: Db | Tx, r: Pick<Request, 'id' | 'landlordId' | 'number'>, actor: Actor): Promise<void> {
  await notify(tx, await followersOf(tx, r.id), { ...about(r), kind: 'request.comment', params: { number: r.number }, actor });
}

/**
 * A rating of 1 or 2 goes to those who answer for the work: the landlord's login and the employees whose
 * `requests` level is main (the assignee's supervisors), who may reopen the request from its page.
 */
export async function requestRatedLow(tx: Db | Tx, r: Pick<Request, 'id' | 'landlordId' | 'number'>, rating: number, actor: Actor): Promise<void> {
  const [bosses, supervisors] = await Promise.all([
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.landlordId, r.landlordId), eq(users.role, 'landlord'))),
    tx
      .select({ id: employees.userId })
      .from(employees)
      .innerJoin(employeeAccess, and(eq(employeeAccess.employeeId, employees.id), eq(employeeAccess.module, 'requests')))
      .where(and(eq(employees.landlordId, r.landlordId), eq(employees.status, 'active'), eq(employeeAccess.level, 'main'))),
  ]);
  await notify(
    tx,
    [...bosses, ...supervisors].map((u) => u.id),
    { ...about(r), kind: 'request.rating', params: { number: r.number, rating }, actor },
  );
}
