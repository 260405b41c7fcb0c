import { and, asc, count, eq, exists, inArray, type SQL, sql, sum } from 'drizzle-orm';
import { decimal, hundredths } from '#/shared/money';
import type { components } from '../../../src/api/schema';
import { almatyCurrentDate } from '../../db/almaty';
import type { Db } from '../../db/client';
import { contractRooms, contracts, objects, renters, rooms } from '../../db/schema';
import { notFound } from '../../http/errors';

export type RentRoll = components['schemas']['RentRoll'];

/** A room's lease today: a signed lease holding it for a period that contains today (a termination cuts the period). */
const heldToday = and(eq(contractRooms.held, true), sql`${almatyCurrentDate} between ${contractRooms.startsOn} and ${contractRooms.endsOn}`);

const money = (value: unknown) => decimal(hundredths(String(value ?? '0')));

/**
 * The rent roll of one object, by SQL aggregates: each room with its lease today or vacant (a room's
 * rent is its area × the lease's rate, rounded to the tiyn), the totals (the monthly rent total is the
 * sum of the leases' own monthly totals), and the leases in force ending in each of the next 12 months.
 */
export async function rentRollOf(db: Db, scope: SQL | undefined, objectId: string): Promise<RentRoll> {
  const [found] = await db
    .select({ id: objects.id, name: objects.name, month: sql<string>`to_char(${almatyCurrentDate}, 'YYYY-MM')` })
    .from(objects)
    .where(and(scope, eq(objects.id, objectId)));
  if (!found) throw notFound();
  const { month: first, ...object } = found;

  const occupied = db
    .select({
      roomId: contractRooms.roomId,
      contractId: contracts.id,
      number: contracts.number,
      renterName: renters.legalName,
      rate: contracts.rate,
      endsOn: contractRooms.endsOn,
      area: contractRooms.area,
    })
    .from(contractRooms)
    .innerJoin(contracts, eq(contracts.id, contractRooms.contractId))
    .innerJoin(renters, eq(renters.id, contracts.renterId))
    .where(heldToday)
    .as('occupied');
  const inForce = and(
    eq(contracts.objectId, objectId),
    exists(
      db
        .select({ one: sql`1` })
        .from(contractRooms)
        .where(and(eq(contractRooms.contractId, contracts.id), heldToday)),
    ),
  );
  const month = sql<string>`to_char(${contracts.endsOn}, 'YYYY-MM')`;

  const [rows, [totals], [rent], expiries] = await Promise.all([
    db
      .select({
        roomId: rooms.id,
        number: rooms.number,
        floor: rooms.floor,
        area: rooms.area,
        contractId: occupied.contractId,
        contractNumber: occupied.number,
        renterName: occupied.renterName,
        rate: occupied.rate,
        rent: sql<string | null>`round(${occupied.area} * ${occupied.rate}, 2)::text`,
        endsOn: occupied.endsOn,
      })
      .from(rooms)
      .leftJoin(occupied, eq(occupied.roomId, rooms.id))
      .where(eq(rooms.objectId, objectId))
      .orderBy(asc(rooms.floor), asc(sql`${rooms.number} collate "und-x-icu"`)),
    db
      .select({
        rooms: count(rooms.id),
        occupiedRooms: count(occupied.roomId),
        area: sql<string>`coalesce(sum(${rooms.area}), 0)::text`,
        occupiedArea: sql<string>`coalesce(sum(${rooms.area}) filter (where ${occupied.roomId} is not null), 0)::text`,
      })
      .from(rooms)
      .leftJoin(occupied, eq(occupied.roomId, rooms.id))
      .where(eq(rooms.objectId, objectId)),
    db
      .select({ total: sql<string>`coalesce(${sum(contracts.monthlyTotal)}, 0)::text` })
      .from(contracts)
      .where(inForce),
    db
      .select({ month, contracts: count(), area: sql<string>`sum(${contracts.area})::text`, rent: sql<string>`sum(${contracts.monthlyTotal})::text` })
      .from(contracts)
      .where(
        and(
          eq(contracts.objectId, objectId),
          inArray(contracts.status, ['active', 'expiring']),
          sql`${contracts.endsOn} >= date_trunc('month', ${almatyCurrentDate})`,
          sql`${contracts.endsOn} < date_trunc('month', ${almatyCurrentDate}) + interval '12 months'`,
        ),
      )
      .groupBy(month),
  ]);

  const [year, mon] = first.split('-').map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, i) => {
    const m = mon - 1 + i;
    return `${year + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
  });
  const area = money(totals?.area);
  const occupiedArea = money(totals?.occupiedArea);
  return {
    object,
    rows: rows.map((r) => ({
      room_id: r.roomId,
      room_number: r.number,
      floor: r.floor,
      room_area: r.area,
      contract_id: r.contractId,
      contract_number: r.contractNumber,
      renter_name: r.renterName,
      rate: r.rate,
      monthly_rent: r.rent,
      ends_on: r.endsOn,
    })),
    totals: {
      rooms: totals?.rooms ?? 0,
      occupied_rooms: totals?.occupiedRooms ?? 0,
      vacant_rooms: (totals?.rooms ?? 0) - (totals?.occupiedRooms ?? 0),
      area,
      occupied_area: occupiedArea,
      vacant_area: decimal(hundredths(area) - hundredths(occupiedArea)),
      monthly_rent: money(rent?.total),
    },
    expiries: months.map((m) => {
      const hit = expiries.find((e) => e.month === m);
      return { month: m, contracts: hit?.contracts ?? 0, area: money(hit?.area), monthly_rent: money(hit?.rent) };
    }),
  };
}

/** The lease holding each of these rooms today, by room: the objects' list of rooms shows who occupies what until when. */
export async function leasesToday(db: Db, roomIds: string[]) {
  if (roomIds.length === 0) return new Map<string, { contract_id: string; number: string; renter_name: string; ends_on: string }>();
  const rows = await db
    .select({ roomId: contractRooms.roomId, contractId: contracts.id, number: contracts.number, renterName: renters.legalName, endsOn: contractRooms.endsOn })
    .from(contractRooms)
    .innerJoin(contracts, eq(contracts.id, contractRooms.contractId))
    .innerJoin(renters, eq(renters.id, contracts.renterId))
    .where(and(inArray(contractRooms.roomId, roomIds), heldToday));
  return new Map(rows.map((r) => [r.roomId, { contract_id: r.contractId, number: r.number, renter_name: r.renterName, ends_on: r.endsOn }]));
}
