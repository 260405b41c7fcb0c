import { and, eq } from 'drizzle-orm';
import { nextRequestStatus, type RequestActor, type RequestEventType } from '../../../machines/request';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { contractors, employees, requestEvents, requests } from '../../db/schema';
import { AppError, forbidden, notFound, invalidField } from '../../http/errors';
import { actorOn, levelCovers, type Viewer } from './access';
import { contextOf } from './detail';
import { findRequest } from './queries';

type Transition = components['schemas']['RequestTransition'];
const other: Record<RequestActor, RequestActor> = { staff: 'applicant', applicant: 'staff' };
const fieldError = (name: string, message: 'required' | 'not_found') =>
  invalidField(name, (ll) => (message === 'required' ? ll.validation.required() : ll.errors.not_found()));

/** Who the request goes to: exactly one active employee or contractor of the request's landlord. */
async function assigneeOf(db: Db, landlordId: string, input: Transition) {
  const { assignee_employee_id: employeeId, assignee_contractor_id: contractorId } = input;
  if (Boolean(employeeId) === Boolean(contractorId)) throw fieldError('assignee_employee_id', 'required');
  if (employeeId) {
    const [e] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, employeeId), eq(employees.landlordId, landlordId), eq(employees.status, 'active')));
    if (!e) throw fieldError('assignee_employee_id', 'not_found');
    return { assigneeEmployeeId: e.id, assigneeContractorId: null };
  }
  const [c] = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.id, contractorId ?? ''), eq(contractors.landlordId, landlordId), eq(contractors.status, 'active')));
  if (!c) throw fieldError('assignee_contractor_id', 'not_found');
  return { assigneeEmployeeId: null, assigneeContractorId: c.id };
}

/**
 * One transition of machines/request.ts. Refused as 403 when the caller may not send it (the other
 * role could, or its level is too low) and 409 when nobody could from this status; the UPDATE is
 * guarded by the status read, so of two concurrent transitions only one wins and the other is a 409.
 */
export async function transitionRequest(db: Db, viewer: Viewer, id: string, input: Transition): Promise<void> {
  const row = await findRequest(db, viewer.scope, id);
  if (!row) throw notFound();
  const r = row.request;
  const event: RequestEventType = input.event;
  const by = actorOn(viewer, r);
  if (!by) throw forbidden();
  const ctx = contextOf(r, Boolean(row.hasReport));
  const next = nextRequestStatus(r.status, ctx, event, by);
  if (!next) throw nextRequestStatus(r.status, ctx, event, other[by]) ? forbidden() : new AppError(409, 'invalid_state');
  if (!levelCovers(viewer, by, event)) throw forbidden();

  const comment = input.comment?.trim() || null;
  if ((event === 'request.reject' || event === 'request.return') && !comment) throw fieldError('comment', 'required');
  const assignee =
    event === 'request.assign'
      ? await assigneeOf(db, r.landlordId, input)
      : event === 'request.take' && viewer.employeeId
        ? { assigneeEmployeeId: viewer.employeeId, assigneeContractorId: null }
        : {};

  await db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(requests)
      .set({ status: next, updatedAt: now, ...assignee, ...(next === 'closed' && { closedAt: now }) })
      .where(and(eq(requests.id, id), eq(requests.status, r.status)))
      .returning({ id: requests.id });
    if (changed.length === 0) throw new AppError(409, 'invalid_state');
    await tx.insert(requestEvents).values({
      requestId: id,
      actorUserId: viewer.user.id,
      actorName: viewer.name,
      event,
      fromStatus: r.status,
      toStatus: next,
      comment,
      createdAt: now,
    });
  });
}
