import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { addMonths, monthOf } from '#/shared/days';
import type { MeterType } from '#/shared/meters';
import { decimal, hundredths } from '#/shared/money';
import type { Db, Tx } from '../../db/client';
import { charges, contractRooms, contracts, meterReadings, meterSettings, meters, renters, rooms, tariffs } from '../../db/schema';
import {
  type Billed,
  commonMonth,
  commonShares,
  type MeterFacts,
  type MeterMonth,
  meterMonth,
  monthTariff,
  type Reading,
  utilityAmount,
  vatOn,
} from './utilities';

/** A utility line's meter, readings, consumption and tariff, as the API's UtilityDetail has them. */
export type UtilityDetail = {
  meterId: string;
  serial: string;
  type: MeterType;
  previous: string | null;
  current: string | null;
  consumption: string;
  tariff: string;
  estimated: boolean;
  common: boolean;
};

export type UtilityLine = {
  kind: 'utility';
  contractId: string | null;
  number: string;
  renterId: string;
  renterName: string;
  paymentDay: number | null;
  amount: string;
  vat: string;
  days: null;
  posted: boolean;
  utility: UtilityDetail;
};

/** What a posted utility charge shows of its meter (joined by a left join: null for other kinds). */
export const meterColumns = { serial: meters.serial, type: meters.type, roomId: meters.roomId };

/** A posted charge's UtilityDetail as the API writes it; null for a charge of another kind. */
export function utilityDto(c: typeof charges.$inferSelect, meter: { serial: string; type: MeterType; roomId: string | null } | null) {
  if (c.kind !== 'utility' || !c.meterId || !meter) return null;
  return {
    meter_id: c.meterId,
    serial: meter.serial,
    type: meter.type,
    previous: c.previous,
    current: c.current,
    consumption: c.consumption ?? '0.000',
    tariff: c.tariff ?? '0.0000',
    estimated: c.estimated,
    // A common-area meter's charge is a tenant's share of it.
    common: meter.roomId === null,
  };
}

/** How far back the run reads a meter's readings and charges: an estimate streak longer than this is not corrected past it. */
const WINDOW_MONTHS = 36;

/**
 * The month's utility lines of a landlord, each meter's and each tenant's share of the common area, in a
 * fixed number of set-based reads (no query per meter): the meters in service in the month with their
 * latest reading before it, their readings and own charges of a window of months, the month's posted
 * utility charges, the tariffs, the leases and registered tenants of their units.
 *
 * A unit meter is billed to its unit's occupant: the tenant whose signed lease holds the unit on the
 * month's last day (else on the latest day of the month a lease holds it), else an active tenant
 * registered in it; a unit with neither is not billed. Without a tariff of its type it is not billed.
 */
export async function utilityLines(db: Db | Tx, landlordId: string, period: string, vat: { vatPayer: boolean; vatRate: string }): Promise<UtilityLine[]> {
  const month = monthOf(period);
  const windowStart = addMonths(month.first, -WINDOW_MONTHS);
  const inService = and(
    eq(meters.landlordId, landlordId),
    lte(meters.installedOn, month.last),
    or(isNull(meters.removedOn), gte(meters.removedOn, month.first)),
  );
  // One after another: in the run's transaction they share one connection.
  const list = await db
    .select({
      id: meters.id,
      objectId: meters.objectId,
      roomId: meters.roomId,
      type: meters.type,
      serial: meters.serial,
      digits: meters.digits,
      multiplier: meters.multiplier,
      initialReading: meters.initialReading,
      installedOn: meters.installedOn,
      removedOn: meters.removedOn,
    })
    .from(meters)
    .where(inService)
    .orderBy(asc(meters.serial), asc(meters.id));
  if (list.length === 0) return [];
  const readings = await db
    .select({ meterId: meterReadings.meterId, period: meterReadings.period, value: meterReadings.value })
    .from(meterReadings)
    .innerJoin(meters, eq(meters.id, meterReadings.meterId))
    .where(and(inService, eq(meterReadings.status, 'accepted'), gte(meterReadings.period, windowStart), lte(meterReadings.period, month.first)));
  // The latest reading before the month, read apart only for the meters with none in the window (rare:
  // a meter silent for years), so the usual month reads no history beyond the window.
  const inWindow = new Set(readings.filter((r) => r.period < month.first).map((r) => r.meterId));
  const silent = list.filter((m) => !inWindow.has(m.id)).map((m) => m.id);
  const older =
    silent.length === 0
      ? []
      : await db
          .selectDistinctOn([meterReadings.meterId], { meterId: meterReadings.meterId, period: meterReadings.period, value: meterReadings.value })
          .from(meterReadings)
          .where(and(inArray(meterReadings.meterId, silent), eq(meterReadings.status, 'accepted'), lt(meterReadings.period, month.first)))
          .orderBy(meterReadings.meterId, desc(meterReadings.period));
  const billed = await db
    .select({
      meterId: charges.meterId,
      period: charges.period,
      consumption: sql<string>`sum(${charges.consumption})::text`,
      estimated: sql<boolean>`bool_or(${charges.estimated})`,
    })
    .from(charges)
    .innerJoin(meters, eq(meters.id, charges.meterId))
    .where(and(inService, eq(charges.landlordId, landlordId), eq(charges.kind, 'utility'), gte(charges.period, windowStart), lt(charges.period, month.first)))
    .groupBy(charges.meterId, charges.period);
  const posted = await db
    .select()
    .from(charges)
    .where(and(eq(charges.landlordId, landlordId), eq(charges.kind, 'utility'), eq(charges.period, month.first)));
  const steps = await db
    .select({ type: tariffs.type, startsOn: tariffs.startsOn, price: tariffs.price })
    .from(tariffs)
    .where(eq(tariffs.landlordId, landlordId));
  const settings = await db.select({ shareCommon: meterSettings.shareCommon }).from(meterSettings).where(eq(meterSettings.landlordId, landlordId));

  // Signed leases holding a unit of these properties on a day of the month, a termination cutting their days.
  const leaseEnd = sql<string>`least(${contractRooms.endsOn}, coalesce(${contracts.terminatedOn}, ${contractRooms.endsOn}))::text`;
  const objectIds = [...new Set(list.map((m) => m.objectId))];
  const roomIds = [...new Set(list.flatMap((m) => (m.roomId ? [m.roomId] : [])))];
  const leases = await db
    .select({
      roomId: contractRooms.roomId,
      objectId: rooms.objectId,
      area: contractRooms.area,
      from: contractRooms.startsOn,
      to: leaseEnd,
      contractId: contracts.id,
      number: contracts.number,
      paymentDay: contracts.paymentDay,
      renterId: contracts.renterId,
      renterName: renters.legalName,
    })
    .from(contractRooms)
    .innerJoin(contracts, eq(contracts.id, contractRooms.contractId))
    .innerJoin(rooms, eq(rooms.id, contractRooms.roomId))
    .innerJoin(renters, eq(renters.id, contracts.renterId))
    .where(
      and(
        eq(contractRooms.landlordId, landlordId),
        eq(contractRooms.held, true),
        inArray(contracts.status, ['active', 'expiring', 'expired', 'terminated']),
        inArray(rooms.objectId, objectIds),
        lte(contractRooms.startsOn, month.last),
        sql`${leaseEnd} >= ${month.first}`,
      ),
    )
    .orderBy(asc(contracts.number));
  // Tenants registered in a unit are asked for only where no lease holds it.
  const leased = new Set(leases.map((l) => l.roomId));
  const unleased = roomIds.filter((id) => !leased.has(id));
  const registered =
    unleased.length === 0
      ? []
      : await db
          .select({ roomId: renters.roomId, renterId: renters.id, renterName: renters.legalName })
          .from(renters)
          .where(and(eq(renters.landlordId, landlordId), eq(renters.status, 'active'), inArray(renters.roomId, unleased)))
          .orderBy(asc(renters.createdAt), asc(renters.id));

  const readingsOf = group(readings, (r) => r.meterId);
  const before = new Map<string, Reading>();
  for (const r of [...readings, ...older])
    if (r.period < month.first && (before.get(r.meterId)?.period ?? '') < r.period) before.set(r.meterId, { period: r.period, value: r.value });
  const billedOf = group(billed, (b) => b.meterId ?? '');
  const factsOf = (m: (typeof list)[number]): MeterFacts => ({
    digits: m.digits,
    multiplier: m.multiplier,
    initialReading: m.initialReading,
    installedOn: m.installedOn,
    removedOn: m.removedOn,
    readings: (readingsOf.get(m.id) ?? []).map((r): Reading => ({ period: r.period, value: r.value })),
    before: before.get(m.id) ?? null,
    billed: (billedOf.get(m.id) ?? []).map((b): Billed => ({ period: b.period, consumption: b.consumption ?? '0', estimated: b.estimated })),
  });
  const tariffOf = new Map<string, ReturnType<typeof monthTariff>>();
  for (const type of new Set(steps.map((s) => s.type)))
    tariffOf.set(
      type,
      monthTariff(
        steps.filter((s) => s.type === type),
        month.first,
      ),
    );
  const postedOf = new Map(posted.map((c) => [`${c.meterId}:${c.renterId}`, c]));
  const lines: UtilityLine[] = [];
  const push = (line: Omit<UtilityLine, 'kind' | 'days' | 'posted'>) => {
    const done = postedOf.get(`${line.utility.meterId}:${line.renterId}`);
    // A posted line shows what was posted, whatever a reading accepted since would make of it now.
    if (done)
      lines.push({
        ...line,
        kind: 'utility',
        days: null,
        posted: true,
        amount: done.amount,
        vat: done.vat,
        utility: {
          ...line.utility,
          previous: done.previous,
          current: done.current,
          consumption: done.consumption ?? line.utility.consumption,
          tariff: done.tariff ?? line.utility.tariff,
          estimated: done.estimated,
        },
      });
    else lines.push({ ...line, kind: 'utility', days: null, posted: false });
  };

  const leasesOf = group(leases, (l) => l.roomId);
  const registeredOf = group(registered, (r) => r.roomId);
  const occupantOf = (roomId: string) => {
    const held = leasesOf.get(roomId) ?? [];
    const lease = held.find((l) => l.to >= month.last) ?? [...held].sort((a, b) => b.to.localeCompare(a.to))[0];
    if (lease)
      return { renterId: lease.renterId, renterName: lease.renterName, contractId: lease.contractId, number: lease.number, paymentDay: lease.paymentDay };
    const tenant = registeredOf.get(roomId)?.[0];
    return tenant ? { renterId: tenant.renterId, renterName: tenant.renterName, contractId: null, number: '', paymentDay: null } : null;
  };

  const unitMonths = new Map<string, MeterMonth | null>();
  for (const m of list) {
    if (!m.roomId) continue;
    const mm = meterMonth(factsOf(m), month.first);
    unitMonths.set(m.id, mm);
    const tariff = tariffOf.get(m.type);
    const occupant = occupantOf(m.roomId);
    if (!mm || !tariff || !occupant) continue;
    const amount = utilityAmount(mm.consumption, tariff);
    push({
      ...occupant,
      amount,
      vat: vatOn(amount, vat.vatPayer, vat.vatRate),
      utility: { meterId: m.id, serial: m.serial, type: m.type, ...mm, tariff: tariff.tariff, common: false },
    });
  }

  if (settings[0]?.shareCommon) {
    const commons = group(
      list.filter((m) => !m.roomId),
      (m) => `${m.objectId}:${m.type}`,
    );
    for (const group of commons.values()) {
      const [first] = group;
      const tariff = first && tariffOf.get(first.type);
      if (!first || !tariff) continue;
      const common = group.map((m) => commonMonth(factsOf(m), month.first));
      const units = list.filter((m) => m.roomId && m.objectId === first.objectId && m.type === first.type).map((m) => unitMonths.get(m.id));
      // Shared only when every meter of the type on the property is known for the month: an unknown one
      // would put its consumption on the common area and so on every tenant.
      if (common.some((c) => c === null) || units.some((u) => !u)) continue;
      const tenants = tenantsByArea(leases.filter((l) => l.objectId === first.objectId && l.from <= month.first && l.to >= month.last));
      if (tenants.length === 0) continue;
      const split = commonShares(
        common as string[],
        units.map((u) => (u as MeterMonth).consumption),
        tariff,
        tenants.map((t) => t.area),
      );
      if (split.total === '0.000') continue;
      // Several common meters of a type on a property make one common area: its share is posted on the
      // first of them, so the charges' key (meter, tenant, month) posts each tenant's share once.
      for (const [i, t] of tenants.entries()) {
        const part = split.parts[i];
        if (!part || part.amount === '0.00') continue;
        push({
          renterId: t.renterId,
          renterName: t.renterName,
          contractId: t.contractId,
          number: t.number,
          paymentDay: t.paymentDay,
          amount: part.amount,
          vat: vatOn(part.amount, vat.vatPayer, vat.vatRate),
          utility: {
            meterId: first.id,
            serial: first.serial,
            type: first.type,
            previous: null,
            current: null,
            consumption: part.consumption,
            tariff: tariff.tariff,
            estimated: false,
            common: true,
          },
        });
      }
    }
  }
  return lines.sort(
    (a, b) =>
      byName.compare(a.renterName, b.renterName) || a.utility.serial.localeCompare(b.utility.serial) || Number(a.utility.common) - Number(b.utility.common),
  );
}

const byName = new Intl.Collator('ru');

function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

type LeaseRow = { renterId: string; renterName: string; contractId: string; number: string; paymentDay: number | null; area: string };

/** The property's tenants holding units all month, each with its leased area summed and its first lease by number. */
function tenantsByArea(rows: LeaseRow[]) {
  const byRenter = new Map<string, LeaseRow & { cents: bigint }>();
  for (const r of rows) {
    const had = byRenter.get(r.renterId);
    const cents = hundredths(r.area);
    if (had) had.cents += cents;
    else byRenter.set(r.renterId, { ...r, cents });
  }
  return [...byRenter.values()]
    .sort((a, b) => byName.compare(a.renterName, b.renterName) || a.renterId.localeCompare(b.renterId))
    .map((r) => ({ ...r, area: decimal(r.cents) }));
}
