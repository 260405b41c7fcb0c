import { and, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { employees } from '../../db/schema';
import { invalidField, notFound } from '../../http/errors';
import { addComment } from '../../workflow/comments';
import { applyTransition } from '../../workflow/transition';
import { activeContractorOf } from '../contractors/queries';
import type { Viewer } from './access';
import { ratingWithConfirm, recordRating } from './feedback';
import { requestCommented } from './notices';
import { findRequest } from './queries';
import { slaOnTransition } from './sla/on-request';
import { requestWorkflow } from './workflow';

type Transition = components['schemas']['RequestTransition'];
const fieldError = (name: string, message: 'required' | 'not_found') =>
  invalidField(name, (ll) => (message === 'required' ? ll.validation.required() : ll.errors.not_found()));

/** The request the viewer may see, or 404. */
export async function requestIn(db: Db, viewer: Viewer, id: string) {
  const row = await findRequest(db, viewer.scope, id);
  if (!row) throw notFound();
  return row;
}

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
  const contractor = await activeContractorOf(db, landlordId, contractorId);
  if (!contractor) throw fieldError('assignee_contractor_id', 'not_found');
  return { assigneeEmployeeId: null, assigneeContractorId: contractor };
}

/**
 * One transition of machines/request.ts through the kit: 403 when the caller may not send it (the
 * other role could, or its level is too low), 409 when nobody could from this status. Taking a request
 * assigns it to the employee who takes it; assigning names who; a confirmed request is closed now, with
 * the applicant's rating if it gave one (in the same transaction); a reopened one is no longer closed; the
 * SLA's clock stops and runs again with the landlord's pause statuses (sla/on-request.ts).
 */
export async function transitionRequest(db: Db, viewer: Viewer, id: string, input: Transition): Promise<void> {
  const row = await requestIn(db, viewer, id);
  const rating = ratingWithConfirm(viewer, row.request, input);
  const rated =
    rating === null
      ? undefined
      : (tx: Parameters<typeof recordRating>[0], now: Date) => recordRating(tx, viewer, row.request, rating, input.comment?.trim() || null, now);
  await applyTransition(
    db,
    requestWorkflow,
    viewer,
    row,
    input,
    async (next, now) => ({
      ...(input.event === 'request.assign'
        ? await assigneeOf(db, row.request.landlordId, input)
        : input.event === 'request.take' && viewer.employeeId
          ? { assigneeEmployeeId: viewer.employeeId, assigneeContractorId: null }
          : {}),
      ...(next.status === 'closed' && { closedAt: now }),
      ...(input.event === 'request.reopen' && { closedAt: null }),
      ...(await slaOnTransition(db, row.request, next.status, now)),
    }),
    rated,
  );
}

/** A comment in the history: staff that can read the request, or its applicant; its followers are told. */
export async function commentRequest(db: Db, viewer: Viewer, id: string, comment: string): Promise<void> {
  const row = await requestIn(db, viewer, id);
  await db.transaction(async (tx) => {
    await addComment(tx, requestWorkflow, viewer, row, comment);
    await requestCommented(tx, row.request, { userId: viewer.user.id, name: viewer.name });
  });
}
