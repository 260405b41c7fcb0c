import { sql } from 'drizzle-orm';
import { type MeterType, quantity, thousandths } from '#/shared/meters';
import { rows } from '../../../db/rows';
import { meters } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { defineEntity, type Problem } from '../kit';
import { meterKey, metersNamed, type StoredMeter, text, typeColumn } from './meter-keys';
import { loadPlaces, objectNames, objectOf, type Places, roomIn } from './places';

/** A meter as a row writes it: the stored one's fields, without its id and what its history says. */
type Meter = Omit<StoredMeter, 'id' | 'removedOn' | 'hasReadings'>;
type Plan = { id?: string; meter: Meter };
type Ctx = { places: Places; meters: Map<string, StoredMeter[]> };

const DEFAULT_DIGITS = 6;
/** The contract's multiplier: above 0, at most six digits before the point. */
const MAX_MULTIPLIER = 10n ** 9n;
const dialOf = (digits: number) => 10n ** BigInt(digits) * 1000n;
const same = (a: string, b: string) => thousandths(a) === thousandths(b);

/**
 * Meters, found by type and serial number among the landlord's (the unique meters_serial_uq): a property
 * by its name and a unit by its number, none for the common area. A file changes a meter's place,
 * dates and serial's letter case, but does not move it to another unit (a replacement on its page does),
 * nor change a removed meter, nor the digits, multiplier or initial reading of one that has readings
 * (its consumption would change behind the readings already taken).
 */
export const metersEntity = defineEntity<Ctx, Plan>({
  entity: 'meters',
  access: 'meters',
  key: ['type', 'serial'],
  columns: [
    { key: 'object', kind: 'text', required: true, max: 200, label: (ll) => ll.imports.columns.object(), example: 'ТРЦ Mega' },
    {
      key: 'number',
      kind: 'text',
      required: false,
      max: 20,
      label: (ll) => ll.imports.columns.number(),
      example: '101',
      note: (ll) => ll.imports.formats.commonArea(),
    },
    { ...typeColumn, note: (ll) => ll.imports.formats.key() },
    {
      key: 'serial',
      kind: 'text',
      required: true,
      max: 50,
      label: (ll) => ll.imports.columns.serial(),
      example: '011234567',
      note: (ll) => ll.imports.formats.meterKey(),
    },
    { key: 'place', kind: 'text', required: false, max: 200, label: (ll) => ll.imports.columns.place(), example: 'Щит 1 этажа' },
    {
      key: 'digits',
      kind: 'integer',
      required: false,
      label: (ll) => ll.imports.columns.digits(),
      example: '6',
      note: (ll) => ll.imports.formats.digits(),
    },
    {
      key: 'multiplier',
      kind: 'quantity',
      required: false,
      label: (ll) => ll.imports.columns.multiplier(),
      example: '1',
      note: (ll) => ll.imports.formats.multiplier(),
    },
    { key: 'installed_on', kind: 'date', required: true, label: (ll) => ll.imports.columns.installedOn(), example: '15.01.2026' },
    { key: 'verified_until', kind: 'date', required: false, label: (ll) => ll.imports.columns.verifiedUntil(), example: '15.01.2032' },
    {
      key: 'initial_reading',
      kind: 'quantity',
      required: false,
      label: (ll) => ll.imports.columns.initialReading(),
      example: '0',
      note: (ll) => ll.imports.formats.initialReading(),
    },
  ],
  choices: async (db, landlordId) => ({ object: await objectNames(db, landlordId) }),
  async load(db, landlordId, rows) {
    return { places: await loadPlaces(db, landlordId, rows), meters: await metersNamed(db, landlordId, rows) };
  },
  resolve(ctx, v) {
    const problems: Problem[] = [];
    const object = objectOf(ctx.places, v.object ?? null, 'object');
    let roomId: string | null = null;
    const number = text(v.number);
    if ('problem' in object) problems.push(object.problem);
    else if (number) {
      roomId = roomIn(ctx.places, object.id, number)?.id ?? null;
      if (!roomId) problems.push({ column: 'number', code: 'roomNotFound', params: { number, object: text(v.object) } });
    }
    const digits = v.digits === null || v.digits === undefined ? DEFAULT_DIGITS : Number(v.digits);
    if (digits < 1 || digits > 10) problems.push({ column: 'digits', message: (ll) => ll.imports.row.digits() });
    const multiplier = text(v.multiplier) || '1.000';
    if (thousandths(multiplier) <= 0n || thousandths(multiplier) >= MAX_MULTIPLIER)
      problems.push({ column: 'multiplier', message: (ll) => ll.imports.row.multiplier() });
    const initialReading = text(v.initial_reading) || '0.000';
    if (digits >= 1 && digits <= 10 && thousandths(initialReading) >= dialOf(digits))
      problems.push({ column: 'initial_reading', message: (ll) => ll.imports.row.beyondDial({ digits }) });
    const installedOn = text(v.installed_on);
    const verifiedUntil = text(v.verified_until) || null;
    if (verifiedUntil && verifiedUntil < installedOn) problems.push({ column: 'verified_until', message: (ll) => ll.imports.row.installedLater() });
    const stored = ctx.meters.get(meterKey(v.type, v.serial)) ?? [];
    if (stored.length > 1) problems.push({ column: 'serial', code: 'ambiguous' });
    if (problems.length > 0 || 'problem' in object) return { kind: 'wrong', problems };

    const meter: Meter = {
      objectId: object.id,
      roomId,
      type: text(v.type) as MeterType,
      serial: text(v.serial),
      place: text(v.place) || null,
      digits,
      multiplier: quantity(thousandths(multiplier)),
      installedOn,
      verifiedUntil,
      initialReading: quantity(thousandths(initialReading)),
    };
    const current = stored[0];
    if (!current) return { kind: 'new', plan: { meter } };
    const counting = current.digits === digits && same(current.multiplier, meter.multiplier) && same(current.initialReading, meter.initialReading);
    const unchanged =
      counting &&
      current.objectId === meter.objectId &&
      current.roomId === meter.roomId &&
      current.serial === meter.serial &&
      (current.place ?? '') === (meter.place ?? '') &&
      current.installedOn === installedOn &&
      current.verifiedUntil === verifiedUntil;
    if (unchanged) return { kind: 'unchanged', plan: { id: current.id, meter } };
    const wrong = (problem: Problem) => ({ kind: 'wrong' as const, problems: [problem] });
    if (current.removedOn) return wrong({ column: null, message: (ll) => ll.imports.row.meterReplaced() });
    if (current.objectId !== meter.objectId || current.roomId !== meter.roomId)
      return wrong({ column: 'number', message: (ll) => ll.imports.row.meterMoved() });
    if (!counting && current.hasReadings) return wrong({ column: null, message: (ll) => ll.imports.row.meterHasReadings() });
    return { kind: 'changed', plan: { id: current.id, meter } };
  },
  write() {
    throw new Error('meters are written by writeAll');
  },
  // New meters by one statement, changed ones by another: a centre's thousands of meters in a blink.
  async writeAll(tx, landlordId, planned) {
    const now = new Date().toISOString();
    const fresh = planned.filter((p) => !p.plan.id).map((p) => p.plan.meter);
    const changed = planned.filter((p) => p.plan.id).map((p) => ({ id: p.plan.id, ...p.plan.meter }));
    const recordset = (list: object[]) => sql`jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as x(id uuid, "objectId" uuid, "roomId" uuid,
      type meter_type, serial text, place text, digits int, multiplier numeric, "installedOn" date, "verifiedUntil" date, "initialReading" numeric)`;
    if (fresh.length > 0) {
      const added = await rows<{ id: string }>(
        tx,
        sql`insert into ${meters} (landlord_id, object_id, room_id, type, serial, place, digits, multiplier, installed_on, verified_until, initial_reading,
            created_at, updated_at)
          select ${landlordId}::uuid, x."objectId", x."roomId", x.type, x.serial, x.place, x.digits, x.multiplier, x."installedOn", x."verifiedUntil",
            x."initialReading", ${now}::timestamptz, ${now}::timestamptz
          from ${recordset(fresh)}
          on conflict (landlord_id, type, serial) do nothing
          returning id`,
      );
      // A meter of the same serial made meanwhile (its page, another import): the commit is tried again and checked afresh.
      if (added.length !== fresh.length) throw new AppError(409, 'invalid_state');
    }
    if (changed.length > 0) {
      await tx.execute(sql`update ${meters} m set serial = x.serial, place = x.place, digits = x.digits, multiplier = x.multiplier,
          installed_on = x."installedOn", verified_until = x."verifiedUntil", initial_reading = x."initialReading", updated_at = ${now}::timestamptz
        from ${recordset(changed)}
        where m.id = x.id and m.landlord_id = ${landlordId}::uuid`);
    }
  },
});
