import { and, eq, max } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db, Tx } from '../../db/client';
import { landlords, objects, renters, rooms, violationEvents, violationFiles, violations } from '../../db/schema';
import { AppError, forbidden, invalidField } from '../../http/errors';
import { removeStored, type Storage } from '../../storage/storage';
import { actorOf, recordCreated } from '../../workflow/history';
import { staffMay, type ViolationViewer } from './access';
import { violationTypeOf } from './catalogue';
import { violationIn } from './transitions';
import { violationWorkflow } from './workflow';

type Input = components['schemas']['ViolationCreate'];

const invalid = (field: string, message: 'required' | 'not_found' | 'typeInactive' | 'fine' | 'deadlineBeforeOccurred') =>
  invalidField(field, (ll) =>
    message === 'required'
      ? ll.validation.required()
      : message === 'not_found'
        ? ll.errors.not_found()
        : message === 'typeInactive'
          ? ll.violations.typeInactive()
          : message === 'deadlineBeforeOccurred'
            ? ll.violations.deadlineBeforeOccurred()
            : ll.violations.fineInvalid(),
  );

const FINE = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * The columns of a violation from the form, checked against the landlord: an active renter of it, a
 * type of its catalogue (active, unless the draft already has it), a room of its objects (the renter's
 * own by default). The fine stays the exact string the contract checked (numeric, never a float).
 */
async function columnsOf(db: Db | Tx, landlordId: string, input: Input, keptTypeId?: string) {
  const description = input.description.trim();
  if (!description) throw invalid('description', 'required');
  const [renter] = await db
    .select({ id: renters.id, roomId: renters.roomId })
    .from(renters)
    .where(and(eq(renters.id, input.renter_id), eq(renters.landlordId, landlordId), eq(renters.status, 'active')));
  if (!renter) throw invalid('renter_id', 'not_found');
  const type = await violationTypeOf(db, landlordId, input.type_id);
  if (!type) throw invalid('type_id', 'not_found');
  if (!type.active && type.id !== keptTypeId) throw invalid('type_id', 'typeInactive');
  const roomId = input.room_id ?? renter.roomId;
  const [room] = await db
    .select({ id: rooms.id, objectId: rooms.objectId })
    .from(rooms)
    .innerJoin(objects, eq(objects.id, rooms.objectId))
    .where(and(eq(rooms.id, roomId), eq(objects.landlordId, landlordId)));
  if (!room) throw invalid('room_id', 'not_found');
  const fine = input.fine?.trim() || null;
  if (fine !== null && !FINE.test(fine)) throw invalid('fine', 'fine');
  const occurredAt = new Date(input.occurred_at);
  if (Number.isNaN(occurredAt.getTime())) throw invalid('occurred_at', 'required');
  const deadlineAt = input.deadline_at ? new Date(input.deadline_at) : null;
  if (deadlineAt && Number.isNaN(deadlineAt.getTime())) throw invalid('deadline_at', 'required');
  // A deadline before the violation would make it overdue the moment it is issued.
  if (deadlineAt && deadlineAt < occurredAt) throw invalid('deadline_at', 'deadlineBeforeOccurred');
  return { renterId: renter.id, typeId: type.id, roomId: room.id, objectId: room.objectId, description, fine, occurredAt, deadlineAt };
}

/** A draft with the landlord's next number (the landlord row is locked, so two at once never share one). */
export async function createViolation(db: Db, viewer: ViolationViewer, input: Input): Promise<string> {
  const landlordId = viewer.user.landlordId;
  if (!landlordId || !staffMay(viewer, 'create')) throw forbidden();
  const columns = await columnsOf(db, landlordId, input);
  return db.transaction(async (tx) => {
    await tx.select({ id: landlords.id }).from(landlords).where(eq(landlords.id, landlordId)).for('update');
    const [last] = await tx
      .select({ n: max(violations.number) })
      .from(violations)
      .where(eq(violations.landlordId, landlordId));
    const now = new Date();
    const [row] = await tx
      .insert(violations)
      .values({ landlordId, number: (last?.n ?? 0) + 1, ...columns, status: 'draft', recordedBy: viewer.user.id, createdAt: now, updatedAt: now })
      .returning({ id: violations.id });
    if (!row) throw new Error('violation not created');
    await recordCreated(tx, violationWorkflow, row.id, actorOf(viewer), 'draft', now);
    return row.id;
  });
}

/** Everything of a draft (module update); the UPDATE is guarded by the status, so an issued one is a 409. */
export async function updateViolation(db: Db, viewer: ViolationViewer, id: string, input: Input): Promise<void> {
  const row = await violationIn(db, viewer, id);
  if (!staffMay(viewer, 'update')) throw forbidden();
  if (row.violation.status !== 'draft') throw new AppError(409, 'invalid_state');
  const columns = await columnsOf(db, row.violation.landlordId, input, row.violation.typeId);
  await db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(violations)
      .set({ ...columns, updatedAt: now })
      .where(and(eq(violations.id, id), eq(violations.status, 'draft')))
      .returning({ id: violations.id });
    if (changed.length === 0) throw new AppError(409, 'invalid_state');
    await tx
      .insert(violationEvents)
      .values({ violationId: id, actorUserId: viewer.user.id, actorName: viewer.name, event: 'violation.updated', createdAt: now });
  });
}

/** A draft is deleted with its history and files (module delete); an issued one is a record and stays. */
export async function deleteViolation(db: Db, storage: Storage, viewer: ViolationViewer, id: string): Promise<void> {
  const row = await violationIn(db, viewer, id);
  if (!staffMay(viewer, 'delete')) throw forbidden();
  if (row.violation.status !== 'draft') throw new AppError(409, 'invalid_state');
  const keys = await db.transaction(async (tx) => {
    const files = await tx.select({ key: violationFiles.key }).from(violationFiles).where(eq(violationFiles.violationId, id));
    const deleted = await tx
      .delete(violations)
      .where(and(eq(violations.id, id), eq(violations.status, 'draft')))
      .returning({ id: violations.id });
    if (deleted.length === 0) throw new AppError(409, 'invalid_state');
    // The file and history rows go with the violation (on delete cascade); the stored files after the commit.
    return files.map((f) => f.key);
  });
  await removeStored(storage, keys);
}
