import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import { addMonths, monthOf } from '#/shared/days';
import { consumption, quantity, thousandths, UNITS } from '#/shared/meters';
import type { Db, Tx } from '../../db/client';
import { charges, meterReadingEvents, meterReadings, meterSettings, meters, objects, rooms, tariffs } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import type { Actor } from '../../workflow/history';
import { pgCode } from '../contracts/service';
import { billedSql, meterBilled, meterIn } from './queries';

type MeterInput = components['schemas']['MeterInput'];
type MeterPatch = components['schemas']['MeterPatch'];
type MeterReplacement = components['schemas']['MeterReplacement'];
type TariffInput = components['schemas']['TariffInput'];
type MeterType = components['schemas']['MeterType'];

/** The units as the contract writes them. */
const UNIT_NAMES = { kwh: 'kWh', m3: 'm³', gcal: 'Gcal' } as const;

const duplicate = (field: string) => new AppError(409, 'duplicate', { [field]: (ll) => ll.errors.duplicate() });

/** A serial another meter of the type has: 409 `duplicate` from the unique index, whatever runs at once. */
async function uniqueSerial<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgCode(err) === '23505') throw duplicate('serial');
    throw err;
  }
}

/** A meter's property and unit: the property in scope (404), the unit of that property (400). */
async function placeOf(db: Db, scope: SQL | undefined, objectId: string, roomId: string | null | undefined) {
  const [object] = await db
    .select({ id: objects.id, landlordId: objects.landlordId })
    .from(objects)
    .where(and(scope, eq(objects.id, objectId)));
  if (!object) throw notFound();
  if (roomId) {
    const [room] = await db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.id, roomId), eq(rooms.objectId, object.id)));
    if (!room) throw invalidField('room_id', (ll) => ll.validation.room());
  }
  return object;
}

/** A new meter of a property's unit or common area; its landlord is the property's. */
export async function createMeter(db: Db, objectScope: SQL | undefined, b: MeterInput): Promise<string> {
  const object = await placeOf(db, objectScope, b.object_id, b.room_id);
  const [made] = await uniqueSerial(() =>
    db
      .insert(meters)
      .values({
        landlordId: object.landlordId,
        objectId: object.id,
        roomId: b.room_id ?? null,
        type: b.type,
        serial: b.serial.trim(),
        place: b.place?.trim() || null,
        digits: b.digits ?? 6,
        multiplier: b.multiplier ?? '1',
        installedOn: b.installed_on,
        verifiedUntil: b.verified_until ?? null,
        initialReading: b.initial_reading ?? '0',
      })
      .returning({ id: meters.id }),
  );
  return (made as { id: string }).id;
}

/** Edits a meter in service; what its consumption is counted by only while no month of it is billed. */
export async function updateMeter(db: Db, scope: SQL | undefined, id: string, b: MeterPatch): Promise<void> {
  const row = await meterIn(db, scope, id);
  if (row.meter.removedOn) throw new AppError(409, 'invalid_state');
  const counting = b.initial_reading !== undefined || b.digits !== undefined || b.multiplier !== undefined;
  if (counting && (await meterBilled(db, id))) throw new AppError(409, 'invalid_state');
  const set = {
    ...(b.serial !== undefined && { serial: b.serial.trim() }),
    ...(b.place !== undefined && { place: b.place?.trim() || null }),
    ...(b.digits !== undefined && { digits: b.digits }),
    ...(b.multiplier !== undefined && { multiplier: b.multiplier }),
    ...(b.installed_on !== undefined && { installedOn: b.installed_on }),
    ...(b.verified_until !== undefined && { verifiedUntil: b.verified_until }),
    ...(b.initial_reading !== undefined && { initialReading: b.initial_reading }),
    updatedAt: new Date(),
  };
  const changed = await uniqueSerial(() =>
    db
      .update(meters)
      .set(set)
      .where(and(eq(meters.id, id), isNull(meters.removedOn)))
      .returning({ id: meters.id }),
  );
  if (changed.length === 0) throw new AppError(409, 'invalid_state');
}

/** A meter entered by mistake, while it has no reading (the check and the delete are one statement). */
export async function deleteMeter(db: Db, scope: SQL | undefined, id: string): Promise<void> {
  await meterIn(db, scope, id);
  const gone = await db
    .delete(meters)
    .where(
      and(
        eq(meters.id, id),
        sql`not exists (select 1 from ${meterReadings} where ${meterReadings.meterId} = ${meters.id})`,
        sql`not exists (select 1 from ${charges} where ${charges.meterId} = ${meters.id})`,
        sql`not exists (select 1 from ${meters} n where n.replaces_id = ${meters.id})`,
      ),
    )
    .returning({ id: meters.id });
  if (gone.length === 0) throw new AppError(409, 'invalid_state');
}

/**
 * A meter replaced, in one transaction: the old meter's dial on the day becomes its accepted reading of
 * that month (source `replacement`) and it leaves service; the new one, at the same place, starts from
 * its initial reading that day. Returns the new meter's id.
 */
export async function replaceMeter(db: Db, scope: SQL | undefined, id: string, b: MeterReplacement, actor: Actor): Promise<string> {
  const old = (await meterIn(db, scope, id)).meter;
  if (old.removedOn) throw new AppError(409, 'invalid_state');
  if (b.replaced_on < old.installedOn) throw invalidField('replaced_on', (ll) => ll.errors.wrong_type());
  const period = monthOf(b.replaced_on).first;
  return uniqueSerial(() =>
    db.transaction(async (tx) => {
      const removed = await tx
        .update(meters)
        .set({ removedOn: b.replaced_on, finalReading: b.final_reading, updatedAt: new Date() })
        .where(and(eq(meters.id, id), isNull(meters.removedOn)))
        .returning({ id: meters.id });
      if (removed.length === 0) throw new AppError(409, 'invalid_state');
      await writeFinalReading(tx, old, period, b.final_reading, actor);
      const [made] = await tx
        .insert(meters)
        .values({
          landlordId: old.landlordId,
          objectId: old.objectId,
          roomId: old.roomId,
          type: old.type,
          serial: b.serial.trim(),
          place: b.place === undefined ? old.place : b.place?.trim() || null,
          digits: b.digits ?? old.digits,
          multiplier: b.multiplier ?? old.multiplier,
          installedOn: b.replaced_on,
          verifiedUntil: b.verified_until ?? null,
          initialReading: b.initial_reading,
          replacesId: old.id,
        })
        .returning({ id: meters.id });
      return (made as { id: string }).id;
    }),
  );
}

/** The old meter's last reading as its accepted reading of the month (over one not yet billed). */
async function writeFinalReading(tx: Tx, old: typeof meters.$inferSelect, period: string, value: string, actor: Actor) {
  const now = new Date();
  const [existing] = await tx
    .select({ id: meterReadings.id, status: meterReadings.status, billed: billedSql(old.id, period) })
    .from(meterReadings)
    .where(and(eq(meterReadings.meterId, old.id), eq(meterReadings.period, period)))
    .for('update');
  if (existing?.billed) throw new AppError(409, 'invalid_state');
  const values = {
    value,
    status: 'accepted' as const,
    source: 'replacement' as const,
    flags: [],
    returnReason: null,
    decidedBy: actor.userId,
    decidedAt: now,
    updatedAt: now,
  };
  let readingId = existing?.id;
  if (readingId) await tx.update(meterReadings).set(values).where(eq(meterReadings.id, readingId));
  else {
    const [made] = await tx
      .insert(meterReadings)
      .values({ landlordId: old.landlordId, meterId: old.id, period, submittedBy: actor.userId, submittedAt: now, ...values })
      .returning({ id: meterReadings.id });
    readingId = made?.id as string;
  }
  await tx.insert(meterReadingEvents).values({
    readingId,
    actorUserId: actor.userId,
    actorName: actor.name,
    event: 'reading.enter',
    fromStatus: existing?.status ?? null,
    toStatus: 'accepted',
    comment: 'replacement',
    value,
    createdAt: now,
  });
}

const DEFAULT_SETTINGS = { windowFrom: 20, windowTo: 25, shareCommon: false };
export type Settings = typeof DEFAULT_SETTINGS;

/** The landlord's meter settings, the defaults while nothing was set (or for the superadmin, of no landlord). */
export async function settingsOf(db: Db | Tx, landlordId: string | null): Promise<Settings> {
  if (!landlordId) return DEFAULT_SETTINGS;
  const [row] = await db
    .select({ windowFrom: meterSettings.windowFrom, windowTo: meterSettings.windowTo, shareCommon: meterSettings.shareCommon })
    .from(meterSettings)
    .where(eq(meterSettings.landlordId, landlordId));
  return row ?? DEFAULT_SETTINGS;
}

export async function saveSettings(db: Db, landlordId: string, b: components['schemas']['MeterSettings']): Promise<Settings> {
  if (b.window_to < b.window_from) throw invalidField('window_to', (ll) => ll.errors.wrong_type());
  const values = { windowFrom: b.window_from, windowTo: b.window_to, shareCommon: b.share_common, updatedAt: new Date() };
  await db
    .insert(meterSettings)
    .values({ landlordId, ...values })
    .onConflictDoUpdate({ target: meterSettings.landlordId, set: values });
  return settingsOf(db, landlordId);
}

export const toSettingsDto = (s: Settings) => ({ window_from: s.windowFrom, window_to: s.windowTo, share_common: s.shareCommon });

/** The window of `today`'s month: its days (inclusive) and whether today is one. */
export function windowOf(s: Settings, today: string) {
  const month = today.slice(0, 7);
  // A day past a short month's end is its last day: 31 is the end of every month.
  const day = (n: number) => `${month}-${String(Math.min(n, monthOf(today).days)).padStart(2, '0')}`;
  const from = day(s.windowFrom);
  const to = day(s.windowTo);
  return { period: `${month}-01`, from, to, open: from <= today && today <= to };
}

/** Whether a utility month of the landlord's `type` from `day` on is on an invoice. */
const billedFrom = (landlordId: string, type: MeterType, day: string) =>
  sql<boolean>`exists (select 1 from ${charges} c join ${meters} m on m.id = c.meter_id
    where c.landlord_id = ${landlordId} and c.kind = 'utility' and m.type = ${type} and c.invoice_id is not null and c.period >= ${monthOf(day).first}::date)`;

export const toTariff = (t: typeof tariffs.$inferSelect) => ({ id: t.id, type: t.type, starts_on: t.startsOn, price: t.price });

export async function listTariffs(db: Db, landlordId: string) {
  const found = await db.select().from(tariffs).where(eq(tariffs.landlordId, landlordId)).orderBy(tariffs.type, desc(tariffs.startsOn));
  return found.map(toTariff);
}

/** A price from a day on, unless a month it would change is already billed. */
export async function createTariff(db: Db, landlordId: string, b: TariffInput) {
  const [billed] = await db.select({ yes: billedFrom(landlordId, b.type, b.starts_on) }).from(sql`(select 1) as one`);
  if (billed?.yes) throw new AppError(409, 'invalid_state');
  try {
    const [made] = await db.insert(tariffs).values({ landlordId, type: b.type, startsOn: b.starts_on, price: b.price }).returning();
    return toTariff(made as typeof tariffs.$inferSelect);
  } catch (err) {
    if (pgCode(err) === '23505') throw duplicate('starts_on');
    throw err;
  }
}

/** A tariff deleted while no month it applies to (from its day on) is billed. */
export async function deleteTariff(db: Db, landlordId: string | null, id: string) {
  const [t] = await db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.id, id), landlordId ? eq(tariffs.landlordId, landlordId) : undefined));
  if (!t) throw notFound();
  const [billed] = await db.select({ yes: billedFrom(t.landlordId, t.type, t.startsOn) }).from(sql`(select 1) as one`);
  if (billed?.yes) throw new AppError(409, 'invalid_state');
  await db.delete(tariffs).where(eq(tariffs.id, id));
}

/**
 * Consumption of a type by month from accepted readings (each from the accepted reading before it),
 * the units' meters and the common area's apart, over `months` months ending with `to`'s.
 */
export async function consumptionByMonth(
  db: Db,
  scope: SQL | undefined,
  q: { type: MeterType; object_id?: string; room_id?: string; months?: number; to: string },
) {
  const last = monthOf(q.to).first;
  const count = q.months ?? 12;
  const first = addMonths(last, 1 - count);
  const found = await db
    .select({
      period: meterReadings.period,
      common: sql<boolean>`${meters.roomId} is null`,
      value: meterReadings.value,
      previous: sql<string>`coalesce((select p.value::text from ${meterReadings} p where p.meter_id = ${meters.id} and p.status = 'accepted' and p.period < ${meterReadings.period} order by p.period desc limit 1), ${meters.initialReading}::text)`,
      digits: meters.digits,
      multiplier: meters.multiplier,
    })
    .from(meterReadings)
    .innerJoin(meters, eq(meters.id, meterReadings.meterId))
    .where(
      and(
        scope,
        eq(meters.type, q.type),
        eq(meterReadings.status, 'accepted'),
        sql`${meterReadings.period} between ${first}::date and ${last}::date`,
        q.object_id ? eq(meters.objectId, q.object_id) : undefined,
        q.room_id ? eq(meters.roomId, q.room_id) : undefined,
      ),
    );
  const sums = new Map<string, { units: bigint; common: bigint }>();
  for (let i = 0; i < count; i++) sums.set(addMonths(first, i), { units: 0n, common: 0n });
  for (const r of found) {
    const month = sums.get(r.period);
    if (!month) continue;
    const used = thousandths(consumption(r.previous, r.value, r.digits, r.multiplier));
    if (r.common) month.common += used;
    else month.units += used;
  }
  return {
    type: q.type,
    unit: UNIT_NAMES[UNITS[q.type]],
    months: [...sums].map(([period, s]) => ({ period, units: quantity(s.units), common: quantity(s.common) })),
  };
}
