import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import { monthOf } from '#/shared/days';
import { consumption } from '#/shared/meters';
import type { Db, Tx } from '../../db/client';
import { charges, meterReadings, meters, objects, rooms } from '../../db/schema';
import { notFound } from '../../http/errors';

type MeterDto = components['schemas']['Meter'];
type ReadingRowDto = components['schemas']['ReadingRow'];
type MeterType = components['schemas']['MeterType'];

/** Whether an invoice carries a meter's consumption of a month (its utility charge is invoiced). */
export const billedSql = (meterId: SQL | string, period: SQL | string) =>
  sql<boolean>`exists (select 1 from ${charges} where ${charges.kind} = 'utility' and ${charges.meterId} = ${meterId} and ${charges.period} = ${period}::date and ${charges.invoiceId} is not null)`;

/** Whether any month of a meter is on an invoice. */
const anyBilledSql = (meterId: SQL) =>
  sql<boolean>`exists (select 1 from ${charges} where ${charges.kind} = 'utility' and ${charges.meterId} = ${meterId} and ${charges.invoiceId} is not null)`;

/** The accepted reading a month's consumption counts from: the last one before it, else the meter's initial reading. */
const previousSql = (period: SQL | string) =>
  sql<string>`coalesce((select p.value::text from ${meterReadings} p where p.meter_id = ${meters.id} and p.status = 'accepted' and p.period < ${period}::date order by p.period desc limit 1), ${meters.initialReading}::text)`;

const meterColumns = {
  meter: meters,
  object: { id: objects.id, name: objects.name },
  room: { id: rooms.id, number: rooms.number },
};

type MeterRow = { meter: typeof meters.$inferSelect; object: { id: string; name: string }; room: { id: string; number: string } | null };

const meterOrder = [asc(objects.name), sql`${meters.roomId} is not null`, asc(rooms.number), asc(meters.type), asc(meters.serial), asc(meters.id)];

const meterBase = (db: Db | Tx) =>
  db.select(meterColumns).from(meters).innerJoin(objects, eq(objects.id, meters.objectId)).leftJoin(rooms, eq(rooms.id, meters.roomId));

function toMeter(row: MeterRow, last: MeterDto['last_reading']): MeterDto {
  const m = row.meter;
  return {
    id: m.id,
    object: row.object,
    room: row.room,
    type: m.type,
    serial: m.serial,
    place: m.place,
    digits: m.digits,
    multiplier: m.multiplier,
    installed_on: m.installedOn,
    verified_until: m.verifiedUntil,
    initial_reading: m.initialReading,
    removed_on: m.removedOn,
    last_reading: last,
  };
}

/** The newest reading of each of these meters. */
async function lastReadings(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, NonNullable<MeterDto['last_reading']>>();
  const found = await db
    .selectDistinctOn([meterReadings.meterId], {
      meterId: meterReadings.meterId,
      id: meterReadings.id,
      period: meterReadings.period,
      value: meterReadings.value,
      status: meterReadings.status,
    })
    .from(meterReadings)
    .where(inArray(meterReadings.meterId, ids))
    .orderBy(meterReadings.meterId, desc(meterReadings.period));
  return new Map(found.map(({ meterId, ...r }) => [meterId, r]));
}

export type MeterFilter = { object_id?: string; room_id?: string; type?: MeterType; removed?: boolean };

/** A page of meters in scope: in service, or replaced and removed ones with `removed`. */
export async function listMeters(db: Db, scope: SQL | undefined, f: MeterFilter, page: { limit: number; offset: number }) {
  const where = and(
    scope,
    f.object_id ? eq(meters.objectId, f.object_id) : undefined,
    f.room_id ? eq(meters.roomId, f.room_id) : undefined,
    f.type ? eq(meters.type, f.type) : undefined,
    f.removed ? isNotNull(meters.removedOn) : isNull(meters.removedOn),
  );
  const [found, [total]] = await Promise.all([
    meterBase(db)
      .where(where)
      .orderBy(...meterOrder)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(meters).where(where),
  ]);
  const last = await lastReadings(
    db,
    found.map((r) => r.meter.id),
  );
  return { rows: found.map((r) => toMeter(r, last.get(r.meter.id) ?? null)), total: total?.n ?? 0 };
}

/** The meter in scope, or 404. */
export async function meterIn(db: Db | Tx, scope: SQL | undefined, id: string): Promise<MeterRow> {
  const [row] = await meterBase(db).where(and(scope, eq(meters.id, id)));
  if (!row) throw notFound();
  return row;
}

/** One meter as the list shows it, with its last reading. */
export async function meterDto(db: Db, row: MeterRow): Promise<MeterDto> {
  return toMeter(row, (await lastReadings(db, [row.meter.id])).get(row.meter.id) ?? null);
}

/** The meter that replaced this one. */
export async function successorOf(db: Db, id: string) {
  const [next] = await db.select({ id: meters.id, serial: meters.serial }).from(meters).where(eq(meters.replacesId, id));
  return next ?? null;
}

/** Whether a reading of the meter is on an invoice. */
export async function meterBilled(db: Db | Tx, id: string): Promise<boolean> {
  const [row] = await db.select({ billed: anyBilledSql(sql`${id}::uuid`) }).from(sql`(select 1) as one`);
  return Boolean(row?.billed);
}

const readingMeter = (row: Pick<MeterRow, 'meter' | 'object' | 'room'>): ReadingRowDto['meter'] => ({
  id: row.meter.id,
  type: row.meter.type,
  serial: row.meter.serial,
  object: row.object,
  room: row.room,
  multiplier: row.meter.multiplier,
  digits: row.meter.digits,
});

const readingColumns = {
  id: meterReadings.id,
  period: meterReadings.period,
  value: meterReadings.value,
  status: meterReadings.status,
  flags: meterReadings.flags,
  source: meterReadings.source,
  submittedAt: meterReadings.submittedAt,
};
type ReadingCols = {
  id: string;
  period: string;
  value: string;
  status: ReadingRowDto['status'];
  flags: string[];
  source: ReadingRowDto['source'];
  submittedAt: Date;
};

function toRow(meter: MeterRow, period: string, r: ReadingCols | null, previous: string): ReadingRowDto {
  const m = meter.meter;
  return {
    id: r?.id ?? null,
    meter: readingMeter(meter),
    period,
    value: r?.value ?? null,
    status: r?.status ?? null,
    flags: (r?.flags ?? []) as ReadingRowDto['flags'],
    source: r?.source ?? null,
    previous,
    consumption: r ? consumption(previous, r.value, m.digits, m.multiplier) : null,
    submitted_at: r?.submittedAt.toISOString() ?? null,
  };
}

/** A meter's last twelve readings, newest first. */
export async function meterReadingRows(db: Db, meter: MeterRow): Promise<ReadingRowDto[]> {
  const found = await db
    .select({ ...readingColumns, previous: previousSql(sql`${meterReadings.period}`) })
    .from(meterReadings)
    .innerJoin(meters, eq(meters.id, meterReadings.meterId))
    .where(eq(meterReadings.meterId, meter.meter.id))
    .orderBy(desc(meterReadings.period))
    .limit(12);
  return found.map(({ previous, ...r }) => toRow(meter, r.period, r, previous));
}

/** A reading in scope with its meter, its previous reading and whether it is billed; 404 outside the scope. */
export async function readingIn(db: Db | Tx, scope: (period: string) => SQL | undefined, id: string) {
  const [head] = await db.select({ period: meterReadings.period }).from(meterReadings).where(eq(meterReadings.id, id));
  if (!head) throw notFound();
  const [row] = await db
    .select({
      ...meterColumns,
      reading: meterReadings,
      previous: previousSql(sql`${meterReadings.period}`),
      billed: billedSql(sql`${meters.id}`, sql`${meterReadings.period}`),
    })
    .from(meterReadings)
    .innerJoin(meters, eq(meters.id, meterReadings.meterId))
    .innerJoin(objects, eq(objects.id, meters.objectId))
    .leftJoin(rooms, eq(rooms.id, meters.roomId))
    .where(and(scope(head.period), eq(meterReadings.id, id)));
  if (!row) throw notFound();
  return { ...row, billed: Boolean(row.billed) };
}
export type ReadingRow = Awaited<ReturnType<typeof readingIn>>;

export const toReadingRow = (row: ReadingRow): ReadingRowDto => toRow(row, row.reading.period, row.reading, row.previous);

export type SheetFilter = { object_id?: string; type?: MeterType; status?: ReadingRowDto['status']; flagged?: boolean; missing?: boolean };

/**
 * The month's sheet: each meter in scope in service in the month (installed by its end, not removed
 * before its start), with its reading of the month, or none.
 */
export async function readingSheet(db: Db, scope: SQL | undefined, period: string, f: SheetFilter, page: { limit: number; offset: number }) {
  const month = monthOf(period);
  const where = and(
    scope,
    sql`${meters.installedOn} <= ${month.last}::date`,
    sql`(${meters.removedOn} is null or ${meters.removedOn} >= ${month.first}::date)`,
    f.object_id ? eq(meters.objectId, f.object_id) : undefined,
    f.type ? eq(meters.type, f.type) : undefined,
    f.status ? eq(meterReadings.status, f.status) : undefined,
    f.flagged === true ? sql`cardinality(${meterReadings.flags}) > 0` : undefined,
    f.flagged === false ? sql`coalesce(cardinality(${meterReadings.flags}), 0) = 0` : undefined,
    f.missing === true ? isNull(meterReadings.id) : undefined,
    f.missing === false ? isNotNull(meterReadings.id) : undefined,
  );
  const joined = eq(meterReadings.meterId, meters.id);
  const inMonth = and(joined, eq(meterReadings.period, month.first));
  const [found, [total]] = await Promise.all([
    db
      .select({ ...meterColumns, reading: readingColumns, previous: previousSql(month.first) })
      .from(meters)
      .innerJoin(objects, eq(objects.id, meters.objectId))
      .leftJoin(rooms, eq(rooms.id, meters.roomId))
      .leftJoin(meterReadings, inMonth)
      .where(where)
      .orderBy(...meterOrder)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(meters).leftJoin(meterReadings, inMonth).where(where),
  ]);
  return {
    rows: found.map((r) => toRow(r, month.first, r.reading?.id ? (r.reading as ReadingCols) : null, r.previous)),
    total: total?.n ?? 0,
  };
}

/**
 * A meter's consumption in each of its accepted months before `period` (oldest first): what the spike
 * check averages. Each counts from the accepted reading before it, else the initial reading.
 */
export async function acceptedMonths(db: Db | Tx, meter: typeof meters.$inferSelect, period: string, months: number): Promise<string[]> {
  const found = await db
    .select({ value: meterReadings.value })
    .from(meterReadings)
    .where(and(eq(meterReadings.meterId, meter.id), eq(meterReadings.status, 'accepted'), sql`${meterReadings.period} < ${period}::date`))
    .orderBy(desc(meterReadings.period))
    .limit(months + 1);
  const values = found.map((r) => r.value).reverse();
  if (values.length <= months) values.unshift(meter.initialReading);
  return values.slice(1).map((v, i) => consumption(values[i] as string, v, meter.digits, meter.multiplier));
}
