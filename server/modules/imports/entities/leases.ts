import { and, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import { hundredths } from '#/shared/money';
import { contractRooms, contracts, renters } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { recordHistory } from '../../../workflow/history';
import { runLeaseJob } from '../../contracts/job';
import { insertLease, type LeaseTerms, leaseTerms, pgCode, rewriteDraft } from '../../contracts/service';
import { contractHistory } from '../../contracts/workflow';
import type { Value } from '../cells';
import { defineEntity, type Problem, textsOf } from '../kit';
import { loadPlaces, objectNames, objectOf, type Places, roomIn } from './places';

type Input = components['schemas']['ContractInput'];
type Period = { number: string; startsOn: string; endsOn: string };
type Existing = {
  id: string;
  status: string;
  renterId: string;
  objectId: string;
  signedOn: string | null;
  startsOn: string;
  endsOn: string;
  rate: string;
  deposit: string | null;
  paymentDay: number | null;
  indexationPercent: string | null;
  serviceRate: string | null;
  notes: string | null;
  roomIds: string[];
};
type Ctx = {
  places: Places;
  tenants: Map<string, string[]>;
  leases: Map<string, Existing>;
  /** Signed leases' periods per unit: the register's, then the file's signed rows as they are read. */
  held: Map<string, Period[]>;
};
/** `rooms`: the units' numbers, for the row's error when a signing raced the commit. */
type Plan = { id?: string; terms: LeaseTerms; sign: boolean; rooms: string };

const MAX_ROOMS = 100;
const text = (v: Value | undefined) => (v === null || v === undefined ? '' : String(v).trim());
const overlaps = (a: Period, b: Period) => a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
const sameMoney = (a: string | null, b: string | null) => (a === null || b === null ? a === b : hundredths(a) === hundredths(b));

/**
 * Leases, found by their number. A row with a signing date is a signed lease (active, its units held),
 * one without is a draft; the tenant is named by its BIN/IIN, the units by their numbers in one property.
 * A signed lease already in the register is never changed by a file (its row must match or is wrong); a
 * draft takes the file's terms, and is signed when the file gives its signing date. A unit in two signed
 * leases for overlapping dates, in the register or earlier in the file, is the row's error.
 */
export const leasesEntity = defineEntity<Ctx, Plan>({
  entity: 'leases',
  access: 'contracts',
  key: ['number'],
  columns: [
    {
      key: 'number',
      kind: 'text',
      required: true,
      max: 50,
      label: (ll) => ll.contracts.fields.number(),
      example: 'Д-2026/015',
      note: (ll) => ll.imports.formats.key(),
    },
    { key: 'bin_iin', kind: 'bin', required: true, label: (ll) => ll.imports.columns.tenantBin(), example: '190440900018' },
    { key: 'object', kind: 'text', required: true, max: 200, label: (ll) => ll.contracts.fields.object(), example: 'ТРЦ Mega' },
    {
      key: 'rooms',
      kind: 'text',
      required: true,
      max: 1000,
      label: (ll) => ll.imports.columns.rooms(),
      example: '101, 102',
      note: (ll) => ll.imports.formats.rooms(),
    },
    {
      key: 'signed_on',
      kind: 'date',
      required: false,
      label: (ll) => ll.contracts.fields.signed_on(),
      example: '25.02.2026',
      note: (ll) => ll.imports.formats.signedOn(),
    },
    { key: 'starts_on', kind: 'date', required: true, label: (ll) => ll.contracts.fields.starts_on(), example: '01.03.2026' },
    { key: 'ends_on', kind: 'date', required: true, label: (ll) => ll.contracts.fields.ends_on(), example: '28.02.2027' },
    { key: 'rate', kind: 'money', required: true, label: (ll) => ll.contracts.fields.rate(), example: '4500' },
    { key: 'deposit', kind: 'money', required: false, label: (ll) => ll.contracts.fields.deposit(), example: '382500' },
    { key: 'payment_day', kind: 'integer', required: false, label: (ll) => ll.contracts.fields.payment_day(), example: '5' },
    { key: 'indexation_percent', kind: 'money', required: false, label: (ll) => ll.contracts.fields.indexation_percent(), example: '5' },
    { key: 'service_rate', kind: 'money', required: false, label: (ll) => ll.contracts.fields.service_rate(), example: '800' },
    { key: 'notes', kind: 'text', required: false, max: 5000, label: (ll) => ll.contracts.fields.notes(), example: '' },
  ],
  choices: async (db, landlordId) => ({ object: await objectNames(db, landlordId) }),
  async load(db, landlordId, rows) {
    const places = await loadPlaces(db, landlordId, rows);
    const bins = textsOf(rows, 'bin_iin');
    const found = bins.length
      ? await db
          .select({ id: renters.id, binIin: renters.binIin })
          .from(renters)
          .where(and(eq(renters.landlordId, landlordId), eq(renters.status, 'active'), inArray(renters.binIin, bins)))
      : [];
    const tenants = new Map<string, string[]>();
    for (const r of found) tenants.set(r.binIin, [...(tenants.get(r.binIin) ?? []), r.id]);
    const numbers = textsOf(rows, 'number');
    const stored = numbers.length
      ? await db
          .select({
            id: contracts.id,
            number: contracts.number,
            status: contracts.status,
            renterId: contracts.renterId,
            objectId: contracts.objectId,
            signedOn: contracts.signedOn,
            startsOn: contracts.startsOn,
            endsOn: contracts.endsOn,
            rate: contracts.rate,
            deposit: contracts.deposit,
            paymentDay: contracts.paymentDay,
            indexationPercent: contracts.indexationPercent,
            serviceRate: contracts.serviceRate,
            notes: contracts.notes,
            roomIds: sql<string[]>`array(select ${contractRooms.roomId}::text from ${contractRooms} where ${contractRooms.contractId} = ${contracts.id})`,
          })
          .from(contracts)
          .where(and(eq(contracts.landlordId, landlordId), inArray(contracts.number, numbers)))
      : [];
    const roomIds = [...places.rooms.values()].map((r) => r.id);
    const periods = roomIds.length
      ? await db
          .select({ roomId: contractRooms.roomId, number: contracts.number, startsOn: contractRooms.startsOn, endsOn: contractRooms.endsOn })
          .from(contractRooms)
          .innerJoin(contracts, eq(contracts.id, contractRooms.contractId))
          .where(and(eq(contractRooms.landlordId, landlordId), eq(contractRooms.held, true), inArray(contractRooms.roomId, roomIds)))
      : [];
    const held = new Map<string, Period[]>();
    for (const { roomId, ...p } of periods) held.set(roomId, [...(held.get(roomId) ?? []), p]);
    return { places, tenants, leases: new Map(stored.map(({ number, ...l }) => [number, l])), held };
  },
  resolve(ctx, v) {
    const problems: Problem[] = [];
    const number = text(v.number);
    const tenant = ctx.tenants.get(text(v.bin_iin)) ?? [];
    if (tenant.length === 0) problems.push({ column: 'bin_iin', message: (ll) => ll.imports.row.tenantNotFound({ bin: text(v.bin_iin) }) });
    if (tenant.length > 1) problems.push({ column: 'bin_iin', code: 'ambiguous' });
    const object = objectOf(ctx.places, v.object ?? null, 'object');
    const units: { id: string; objectId: string; number: string; area: string }[] = [];
    const numbers = [
      ...new Set(
        text(v.rooms)
          .split(/[,;]/)
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ];
    if ('problem' in object) problems.push(object.problem);
    else if (numbers.length === 0 || numbers.length > MAX_ROOMS) problems.push({ column: 'rooms', message: (ll) => ll.imports.formats.rooms() });
    else
      for (const n of numbers) {
        const unit = roomIn(ctx.places, object.id, n);
        if (unit) units.push(unit);
        else problems.push({ column: 'rooms', code: 'roomNotFound', params: { number: n, object: text(v.object) } });
      }
    // The form's rules (contracts/service.ts), said per row.
    const period = { number, startsOn: text(v.starts_on), endsOn: text(v.ends_on) };
    if (period.endsOn < period.startsOn) problems.push({ column: 'ends_on', message: (ll) => ll.contracts.errors.endsBeforeStart() });
    if (hundredths(text(v.rate)) <= 0n) problems.push({ column: 'rate', message: (ll) => ll.contracts.errors.positive() });
    const day = v.payment_day === null || v.payment_day === undefined ? null : Number(v.payment_day);
    if (day !== null && (day < 1 || day > 31)) problems.push({ column: 'payment_day', message: (ll) => ll.contracts.errors.paymentDay() });
    const indexation = v.indexation_percent === null || v.indexation_percent === undefined ? null : text(v.indexation_percent);
    if (indexation !== null && hundredths(indexation) > 99_999n) problems.push({ column: 'indexation_percent', message: (ll) => ll.contracts.errors.money() });
    const service = v.service_rate === null || v.service_rate === undefined ? null : text(v.service_rate);
    const renterId = tenant[0];
    if (problems.length > 0 || !renterId) return { kind: 'wrong', problems };

    const input: Input = {
      number,
      renter_id: renterId,
      room_ids: units.map((u) => u.id),
      signed_on: v.signed_on ? text(v.signed_on) : null,
      starts_on: period.startsOn,
      ends_on: period.endsOn,
      rate: text(v.rate),
      deposit: v.deposit ? text(v.deposit) : null,
      payment_day: day,
      indexation_percent: indexation,
      service_rate: service,
      notes: text(v.notes) || null,
    };
    const terms = leaseTerms(input, renterId, units);
    const current = ctx.leases.get(number);
    const sign = Boolean(input.signed_on);
    const same =
      current !== undefined &&
      current.renterId === renterId &&
      current.objectId === terms.contract.objectId &&
      [...current.roomIds].sort().join() === [...input.room_ids].sort().join() &&
      current.signedOn === terms.contract.signedOn &&
      current.startsOn === period.startsOn &&
      current.endsOn === period.endsOn &&
      sameMoney(current.rate, terms.contract.rate) &&
      sameMoney(current.deposit, terms.contract.deposit) &&
      current.paymentDay === input.payment_day &&
      sameMoney(current.indexationPercent, terms.contract.indexationPercent) &&
      sameMoney(current.serviceRate, terms.contract.serviceRate) &&
      (current.notes ?? '') === (input.notes ?? '');
    if (current && current.status !== 'draft') {
      if (same) return { kind: 'unchanged', plan: { id: current.id, terms, sign: false, rooms: '' } };
      return { kind: 'wrong', problems: [{ column: null, message: (ll) => ll.imports.row.signedLease() }] };
    }
    if (current && same && !sign) return { kind: 'unchanged', plan: { id: current.id, terms, sign: false, rooms: '' } };
    if (sign) {
      for (const unit of units) {
        const periods = ctx.held.get(unit.id) ?? [];
        if (periods.some((p) => p.number !== number && overlaps(p, period)))
          return { kind: 'wrong', problems: [{ column: 'rooms', message: (ll) => ll.errors.room_taken({ room: unit.number }) }] };
      }
      for (const unit of units) ctx.held.set(unit.id, [...(ctx.held.get(unit.id) ?? []), period]);
    }
    return { kind: current ? 'changed' : 'new', plan: { id: current?.id, terms, sign, rooms: numbers.join(', ') } };
  },
  async write(tx, landlordId, plan, _kind, source) {
    const now = new Date();
    const by = { userId: source.userId, name: source.name };
    try {
      if (!plan.id) {
        const status = plan.sign ? 'active' : 'draft';
        const id = await insertLease(tx, landlordId, plan.terms, status, source.userId, now);
        await recordHistory(tx, contractHistory, id, by, { event: 'contract.imported', toStatus: status, comment: source.fileName, createdAt: now });
        return;
      }
      if (!(await rewriteDraft(tx, landlordId, plan.id, plan.terms, now, plan.sign))) throw new AppError(409, 'invalid_state');
      await recordHistory(tx, contractHistory, plan.id, by, { event: 'contract.import_updated', comment: source.fileName, createdAt: now });
      if (plan.sign)
        await recordHistory(tx, contractHistory, plan.id, by, {
          event: 'contract.activate',
          fromStatus: 'draft',
          toStatus: 'active',
          createdAt: new Date(now.getTime() + 1),
        });
    } catch (err) {
      // A lease signed meanwhile in one of the units (the exclusion constraint): the row's error, nothing written.
      if (pgCode(err) === '23P01') throw new AppError(409, 'room_taken', { rooms: (ll) => ll.errors.room_taken({ room: plan.rooms }) });
      throw err;
    }
  },
  // Imported signed leases near or past their end take the status the lease job gives them, at once.
  committed: async ({ db }) => void (await runLeaseJob(db)),
});
