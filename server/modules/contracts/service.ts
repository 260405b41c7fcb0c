import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { addDays, addMonths, daysBetween } from '#/shared/days';
import { hundredths, indexed, rentOf, sum } from '#/shared/money';
import type { components } from '../../../src/api/schema';
import type { Db, Tx } from '../../db/client';
import { contractEvents, contractRooms, contractSettings, contracts, renters, rooms } from '../../db/schema';
import { AppError, forbidden, invalidField, notFound } from '../../http/errors';
import { orNull } from '../../http/input';
import { actorOf, recordCreated } from '../../workflow/history';
import { type ContractViewer, requireStaff } from './access';
import { findContract } from './queries';
import { contractWorkflow } from './workflow';

type Input = components['schemas']['ContractInput'];

export const DEFAULT_EXPIRING_DAYS = 90;

/** The SQLSTATE of a database error, drizzle's wrapper or not. */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

const numberTaken = () => new AppError(409, 'contract_number_taken', { number: (ll) => ll.errors.contract_number_taken() });

/**
 * The terms of a lease from the form, checked against the landlord's data: an active tenant, rooms of
 * one object, an end not before the start, a rate above zero, a number no other lease has.
 */
async function termsOf(db: Db, landlordId: string, input: Input, exceptId?: string) {
  const number = input.number.trim();
  if (!number) throw invalidField('number', (ll) => ll.validation.required());
  if (input.ends_on < input.starts_on) throw invalidField('ends_on', (ll) => ll.contracts.errors.endsBeforeStart());
  if (hundredths(input.rate) <= 0n) throw invalidField('rate', (ll) => ll.contracts.errors.positive());
  const [renter] = await db
    .select({ id: renters.id })
    .from(renters)
    .where(and(eq(renters.id, input.renter_id), eq(renters.landlordId, landlordId), eq(renters.status, 'active')));
  if (!renter) throw invalidField('renter_id', (ll) => ll.errors.not_found());
  const picked = await db
    .select({ id: rooms.id, objectId: rooms.objectId, area: rooms.area })
    .from(rooms)
    .where(and(inArray(rooms.id, input.room_ids), eq(rooms.landlordId, landlordId)));
  if (picked.length !== input.room_ids.length) throw invalidField('room_ids', (ll) => ll.errors.not_found());
  const objectIds = new Set(picked.map((r) => r.objectId));
  if (objectIds.size !== 1) throw invalidField('room_ids', (ll) => ll.contracts.errors.oneObject());
  const [taken] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.landlordId, landlordId), eq(contracts.number, number), exceptId ? ne(contracts.id, exceptId) : undefined));
  if (taken) throw numberTaken();
  return leaseTerms({ ...input, number }, renter.id, picked);
}

type Room = { id: string; objectId: string; area: string };
export type LeaseTerms = ReturnType<typeof leaseTerms>;

/**
 * The stored columns of a lease whose rules were checked (by the form here, by an import's row check):
 * the area is the rooms' sum and the monthly total area × rate rounded half up to the tiyn (money.ts).
 */
export function leaseTerms(input: Input, renterId: string, picked: Room[]) {
  const area = sum(picked.map((r) => r.area));
  return {
    contract: {
      number: input.number,
      renterId,
      objectId: picked[0]?.objectId as string,
      signedOn: input.signed_on ?? null,
      startsOn: input.starts_on,
      endsOn: input.ends_on,
      area,
      rate: sum([input.rate]),
      monthlyTotal: rentOf(area, input.rate),
      deposit: input.deposit ? sum([input.deposit]) : null,
      paymentDay: input.payment_day ?? null,
      indexationPercent: input.indexation_percent ? sum([input.indexation_percent]) : null,
      serviceRate: input.service_rate ? sum([input.service_rate]) : null,
      lateFeePercent: input.late_fee_percent ? sum([input.late_fee_percent]) : null,
      lateFeeCap: input.late_fee_cap ? sum([input.late_fee_cap]) : null,
      notes: orNull(input.notes),
    },
    rooms: picked,
  };
}

/** The lease's rooms for its period; `held` (signed) rows are what the exclusion constraint keeps from overlapping. */
async function putRooms(tx: Tx, landlordId: string, contractId: string, terms: LeaseTerms, held = false) {
  await tx.delete(contractRooms).where(eq(contractRooms.contractId, contractId));
  await tx
    .insert(contractRooms)
    .values(
      terms.rooms.map((r) => ({ contractId, roomId: r.id, landlordId, startsOn: terms.contract.startsOn, endsOn: terms.contract.endsOn, area: r.area, held })),
    );
}

/** A unique violation of the number (two saves at once) is the same 409 as the check. */
async function numbered<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgCode(err) === '23505') throw numberTaken();
    throw err;
  }
}

/** A draft lease (module `contracts`, create). */
export async function createContract(db: Db, viewer: ContractViewer, input: Input): Promise<string> {
  requireStaff(viewer, 'create');
  const landlordId = viewer.user.landlordId;
  if (!landlordId) throw forbidden();
  const terms = await termsOf(db, landlordId, input);
  return numbered(() =>
    db.transaction(async (tx) => {
      const now = new Date();
      const id = await insertLease(tx, landlordId, terms, 'draft', viewer.user.id, now);
      await recordCreated(tx, contractWorkflow, id, actorOf(viewer), 'draft', now);
      return id;
    }),
  );
}

/** A lease row and its rooms in the caller's transaction: a draft (the form), or a signed lease an import brings. */
export async function insertLease(tx: Tx, landlordId: string, terms: LeaseTerms, status: 'draft' | 'active', createdBy: string | null, now: Date) {
  const [row] = await tx
    .insert(contracts)
    .values({ landlordId, ...terms.contract, status, createdBy, createdAt: now, updatedAt: now })
    .returning({ id: contracts.id });
  if (!row) throw new Error('contract not created');
  await putRooms(tx, landlordId, row.id, terms, status !== 'draft');
  return row.id;
}

/**
 * A draft's new terms in the caller's transaction, guarded by its status (a signed lease never changes);
 * `sign` makes it active in the same UPDATE, its rooms held. False when it was no longer a draft.
 */
export async function rewriteDraft(tx: Tx, landlordId: string, id: string, terms: LeaseTerms, now: Date, sign = false): Promise<boolean> {
  const changed = await tx
    .update(contracts)
    .set({ ...terms.contract, ...(sign ? { status: 'active' as const } : {}), updatedAt: now })
    .where(and(eq(contracts.id, id), eq(contracts.landlordId, landlordId), eq(contracts.status, 'draft')))
    .returning({ id: contracts.id });
  if (changed.length === 0) return false;
  await putRooms(tx, landlordId, id, terms, sign);
  return true;
}

/** A draft's rooms and terms (module `contracts`, update); the UPDATE is guarded by the status, so a signed lease never changes. */
export async function updateContract(db: Db, viewer: ContractViewer, id: string, input: Input): Promise<void> {
  const row = await findContract(db, viewer.scope, id);
  if (!row) throw notFound();
  requireStaff(viewer, 'update');
  if (row.contract.status !== 'draft') throw new AppError(409, 'invalid_state');
  const terms = await termsOf(db, row.contract.landlordId, input, id);
  await numbered(() =>
    db.transaction(async (tx) => {
      const now = new Date();
      if (!(await rewriteDraft(tx, row.contract.landlordId, id, terms, now))) throw new AppError(409, 'invalid_state');
      await tx
        .insert(contractEvents)
        .values({ contractId: id, actorUserId: viewer.user.id, actorName: viewer.name, event: 'contract.updated', createdAt: now });
    }),
  );
}

/**
 * The end of the next term, starting the day after `endsOn`. A lease of whole months (a year, six months)
 * is renewed for as many months, whatever leap days fall in it; any other term for as many days.
 */
export function nextTermEnd(startsOn: string, endsOn: string): string {
  const nextStart = addDays(endsOn, 1);
  const days = daysBetween(startsOn, endsOn);
  const guess = Math.round((days + 1) / 30.44);
  const months = [guess - 1, guess, guess + 1].find((n) => n > 0 && addMonths(startsOn, n) === nextStart);
  return months ? addDays(addMonths(nextStart, months), -1) : addDays(nextStart, days);
}

/**
 * The next lease of a signed one (module `contracts`, create): a draft with its renter, rooms and terms,
 * from the day after its end for as long, at the rate grown by its yearly indexation. Numbered after it
 * (`№-2`, `№-3`, ... the first free). One renewal per lease (a unique index holds it under concurrency).
 */
export async function renewContract(db: Db, viewer: ContractViewer, id: string): Promise<string> {
  const row = await findContract(db, viewer.scope, id);
  if (!row) throw notFound();
  requireStaff(viewer, 'create');
  const c = row.contract;
  if (c.status === 'draft' || c.status === 'terminated') throw new AppError(409, 'invalid_state');
  const [next] = await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.previousId, c.id));
  if (next) throw new AppError(409, 'already_renewed');
  const heldRooms = await db.select({ id: contractRooms.roomId, area: contractRooms.area }).from(contractRooms).where(eq(contractRooms.contractId, c.id));
  const used = await db
    .select({ number: contracts.number })
    .from(contracts)
    .where(and(eq(contracts.landlordId, c.landlordId), sql`${contracts.number} like ${`${c.number.replace(/[\\%_]/g, (ch) => `\\${ch}`)}-%`}`));
  const taken = new Set(used.map((u) => u.number));
  let n = 2;
  while (taken.has(`${c.number}-${n}`)) n++;
  const startsOn = addDays(c.endsOn, 1);
  const endsOn = nextTermEnd(c.startsOn, c.endsOn);
  const rate = indexed(c.rate, c.indexationPercent);
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const [created] = await tx
        .insert(contracts)
        .values({
          landlordId: c.landlordId,
          number: `${c.number}-${n}`,
          renterId: c.renterId,
          objectId: c.objectId,
          startsOn,
          endsOn,
          area: c.area,
          rate,
          monthlyTotal: rentOf(c.area, rate),
          deposit: c.deposit,
          paymentDay: c.paymentDay,
          indexationPercent: c.indexationPercent,
          serviceRate: c.serviceRate,
          lateFeePercent: c.lateFeePercent,
          lateFeeCap: c.lateFeeCap,
          notes: c.notes,
          previousId: c.id,
          status: 'draft',
          createdBy: viewer.user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: contracts.id });
      if (!created) throw new Error('renewal not created');
      await tx
        .insert(contractRooms)
        .values(heldRooms.map((r) => ({ contractId: created.id, roomId: r.id, landlordId: c.landlordId, startsOn, endsOn, area: r.area })));
      await recordCreated(tx, contractWorkflow, created.id, actorOf(viewer), 'draft', now);
      await tx
        .insert(contractEvents)
        .values({ contractId: c.id, actorUserId: viewer.user.id, actorName: viewer.name, event: 'contract.renewed', createdAt: now });
      return created.id;
    });
  } catch (err) {
    if (pgCode(err) === '23505') throw new AppError(409, 'already_renewed');
    throw err;
  }
}

/** Days before the end a lease of this landlord becomes expiring. */
export async function expiringDaysOf(db: Db, landlordId: string): Promise<number> {
  const [row] = await db.select({ days: contractSettings.expiringDays }).from(contractSettings).where(eq(contractSettings.landlordId, landlordId));
  return row?.days ?? DEFAULT_EXPIRING_DAYS;
}

export async function setExpiringDays(db: Db, landlordId: string, days: number): Promise<void> {
  await db
    .insert(contractSettings)
    .values({ landlordId, expiringDays: days })
    .onConflictDoUpdate({ target: contractSettings.landlordId, set: { expiringDays: days, updatedAt: new Date() } });
}
