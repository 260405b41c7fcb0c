import { and, eq, max } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db, Tx } from '../../db/client';
import { employees, landlords, objects, renters, requestEvents, requests, rooms } from '../../db/schema';
import { scopeTo } from '../../http/caller';
import { AppError, forbidden, invalidField, notFound } from '../../http/errors';
import { recordCreated } from '../../workflow/history';
import { staffMay, type Viewer } from './access';
import { landlordType, RENTER_KIND, VISITOR_KIND } from './catalogue';
import { requestCreated } from './notices';
import { findRequest } from './queries';
import { priorityFor, slaAtCreation, slaRecomputed } from './sla/on-request';
import { requestWorkflow } from './workflow';

type NewRequest = Omit<typeof requests.$inferInsert, 'number' | 'deadlineAt' | 'assigneeEmployeeId' | 'status' | 'takeDeadlineAt' | 'nextEscalationAt'>;
export type Actor = { userId: string | null; name: string };

const field = (name: string, message: 'required' | 'not_found' | 'typeHidden') =>
  invalidField(name, (ll) => (message === 'required' ? ll.validation.required() : message === 'not_found' ? ll.errors.not_found() : ll.requests.typeHidden()));

/** The landlord's settings of a type a new request may use: known, of an allowed kind, shown. */
export async function usableType(db: Db | Tx, landlordId: string, typeId: string, kinds: number[]) {
  const t = await landlordType(db, landlordId, typeId);
  if (!t || !kinds.includes(t.type.kind)) throw field('type_id', 'not_found');
  if (!t.shown) throw field('type_id', 'typeHidden');
  return t;
}

/**
 * Inserts a request with the landlord's next number: the landlord row is locked for the rest of the
 * transaction, so two requests at once never get the same number. The deadlines come from the SLA of its
 * type and priority (sla/), its responsible employee (if still active) is assigned and told, and the history starts.
 */
export async function insertRequest(tx: Tx, values: NewRequest, actor: Actor): Promise<{ id: string; number: number; at: Date }> {
  await tx.select({ id: landlords.id }).from(landlords).where(eq(landlords.id, values.landlordId)).for('update');
  const t = await landlordType(tx, values.landlordId, values.typeId);
  if (!t) throw field('type_id', 'not_found');
  const [last] = await tx
    .select({ n: max(requests.number) })
    .from(requests)
    .where(eq(requests.landlordId, values.landlordId));
  const number = (last?.n ?? 0) + 1;
  let assignee: string | null = null;
  if (t.responsibleEmployeeId) {
    const [e] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, t.responsibleEmployeeId), eq(employees.status, 'active')));
    assignee = e?.id ?? null;
  }
  const now = new Date();
  const [row] = await tx
    .insert(requests)
    .values({
      ...values,
      number,
      status: 'new',
      assigneeEmployeeId: assignee,
      ...(await slaAtCreation(tx, values.landlordId, values.typeId, values.priority ?? 'normal', now)),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: requests.id });
  if (!row) throw new Error('request not created');
  await recordCreated(tx, requestWorkflow, row.id, actor, 'new', now);
  const created = { id: row.id, landlordId: values.landlordId, number, renterId: values.renterId ?? null, createdBy: values.createdBy ?? null };
  await requestCreated(tx, { ...created, fromVisitor: values.fromVisitor ?? false }, assignee, actor);
  return { id: row.id, number, at: now };
}

/** A renter files for its own room; staff for an object of its landlord, optionally for a renter. */
export async function createRequest(db: Db, viewer: Viewer, input: components['schemas']['RequestCreate']): Promise<string> {
  const description = input.description.trim();
  if (!description) throw field('description', 'required');
  const actor = { userId: viewer.user.id, name: viewer.name };
  if (viewer.kind === 'renter') {
    const renter = viewer.renter;
    if (!renter) throw forbidden();
    const priority = priorityFor(viewer, input.priority);
    const [room] = await db.select({ objectId: rooms.objectId }).from(rooms).where(eq(rooms.id, renter.roomId));
    if (!room) throw forbidden();
    await usableType(db, renter.landlordId, input.type_id, [RENTER_KIND]);
    const values = {
      landlordId: renter.landlordId,
      typeId: input.type_id,
      objectId: room.objectId,
      roomId: renter.roomId,
      renterId: renter.id,
      createdBy: viewer.user.id,
      applicantName: renter.contactFullName,
      applicantPhone: renter.phone,
      description,
      priority,
    };
    return db.transaction(async (tx) => (await insertRequest(tx, values, actor)).id);
  }
  if (!staffMay(viewer, 'create')) throw forbidden();
  if (!input.object_id) throw field('object_id', 'required');
  const [object] = await db
    .select()
    .from(objects)
    .where(and(scopeTo(viewer.user, objects.landlordId), eq(objects.id, input.object_id)));
  if (!object) throw field('object_id', 'not_found');
  // Staff may also file a visitor's kind of request (e.g. one phoned in), never a hidden type.
  await usableType(db, object.landlordId, input.type_id, [RENTER_KIND, VISITOR_KIND]);
  let renter: typeof renters.$inferSelect | undefined;
  if (input.renter_id) {
    [renter] = await db
      .select()
      .from(renters)
      .where(and(eq(renters.id, input.renter_id), eq(renters.landlordId, object.landlordId), eq(renters.status, 'active')));
    if (!renter) throw field('renter_id', 'not_found');
  }
  const values = {
    landlordId: object.landlordId,
    typeId: input.type_id,
    objectId: object.id,
    roomId: renter?.roomId ?? null,
    renterId: renter?.id ?? null,
    createdBy: viewer.user.id,
    applicantName: renter?.contactFullName ?? viewer.name,
    applicantPhone: renter?.phone ?? null,
    description,
    priority: priorityFor(viewer, input.priority),
  };
  return db.transaction(async (tx) => (await insertRequest(tx, values, actor)).id);
}

/** Type and text, while new; a changed type moves the deadlines to its SLA from the request's filing. */
export async function updateRequest(db: Db, viewer: Viewer, id: string, input: components['schemas']['RequestUpdate']): Promise<void> {
  const row = await findRequest(db, viewer.scope, id);
  if (!row) throw notFound();
  const r = row.request;
  const isApplicant = viewer.kind === 'renter' && r.renterId === viewer.renter?.id;
  if (!isApplicant && !staffMay(viewer, 'update')) throw forbidden();
  if (r.status !== 'new') throw new AppError(409, 'invalid_state');
  const description = input.description.trim();
  if (!description) throw field('description', 'required');
  const kinds = viewer.kind === 'renter' ? [RENTER_KIND] : [RENTER_KIND, VISITOR_KIND];
  const t = input.type_id === r.typeId ? null : await usableType(db, r.landlordId, input.type_id, kinds);
  const sla = t && (await slaRecomputed(db, r, input.type_id, r.priority));
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(requests)
      .set({
        typeId: input.type_id,
        description,
        updatedAt: new Date(),
        ...sla,
      })
      .where(and(eq(requests.id, id), eq(requests.status, 'new')))
      .returning({ id: requests.id });
    if (changed.length === 0) throw new AppError(409, 'invalid_state');
    await tx
      .insert(requestEvents)
      .values({ requestId: id, actorUserId: viewer.user.id, actorName: viewer.name, event: 'request.updated', createdAt: new Date() });
  });
}
