import { and, asc, count, eq, inArray, type SQL, sql, sum } from 'drizzle-orm';
import { decimal, hundredths } from '#/shared/money';
import type { components } from '../../../src/api/schema';
import { almatyCurrentDate } from '../../db/almaty';
import type { Db } from '../../db/client';
import { contracts, objects, rooms } from '../../db/schema';
import { notFound } from '../../http/errors';
import { occupancyColumns, occupancyOf, occupancyToday } from './occupancy';

export type RentRoll = components['schemas']['RentRoll'];

const money = (value: unknown) => decimal(hundredths(String(value ?? '0')));

/**
 * The rent roll of one object, by SQL aggregates: each room leased today, occupied with no lease on file, or
 * vacant (a leased room's rent is its area × the lease's rate, rounded to the tiyn), the totals (a room with
 * no lease on file counts as occupied rooms and area, but adds no rent: the monthly rent total is the sum of
 * the leases' own monthly totals), and the leases in force ending in each of the next 12 months.
 */
export async function rentRollOf(db: Db, scope: SQL | undefined, objectId: string): Promise<RentRoll> {
  const [found] = await db
    .select({ id: objects.id, name: objects.name, month: sql<string>`to_char(${almatyCurrentDate}, 'YYYY-MM')` })
    .from(objects)
    .where(and(scope, eq(objects.id, objectId)));
  if (!found) throw notFound();
  const { month: first, ...object } = found;

  // The one occupancy rule (occupancy.ts): a lease today, or an active renter registered with no lease on file.
  const occ = sql`${occupancyToday({ objectId })} occ`;
  const onRoom = sql`occ.room_id = ${rooms.id}`;
  const inForce = and(
    eq(contracts.objectId, objectId),
    sql`${contracts.id} in (select o.contract_id from ${occupancyToday({ objectId })} o where o.occupancy = 'leased')`,
  );
  const month = sql<string>`to_char(${contracts.endsOn}, 'YYYY-MM')`;

  const [rows, [totals], [rent], expiries] = await Promise.all([
    db
      .select({
        roomId: rooms.id,
        number: rooms.number,
        floor: rooms.floor,
        area: rooms.area,
        ...occupancyColumns,
        rent: sql<string | null>`round(occ.area * occ.rate, 2)::text`,
      })
      .from(rooms)
      .leftJoin(occ, onRoom)
      .where(eq(rooms.objectId, objectId))
      .orderBy(asc(rooms.floor), asc(sql`${rooms.number} collate "und-x-icu"`)),
    db
      .select({
        rooms: count(rooms.id),
        occupiedRooms: sql<number>`count(occ.room_id)::int`.mapWith(Number),
        noLeaseRooms: sql<number>`(count(*) filter (where occ.occupancy = 'no_lease'))::int`.mapWith(Number),
        area: sql<string>`coalesce(sum(${rooms.area}), 0)::text`,
        occupiedArea: sql<string>`coalesce(sum(${rooms.area}) filter (where occ.room_id is not null), 0)::text`,
        noLeaseArea: sql<string>`coalesce(sum(${rooms.area}) filter (where occ.occupancy = 'no_lease'), 0)::text`,
      })
      .from(rooms)
      .leftJoin(occ, onRoom)
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
  const noLeaseArea = money(totals?.noLeaseArea);
  const occupiedRooms = totals?.occupiedRooms ?? 0;
  const noLeaseRooms = totals?.noLeaseRooms ?? 0;
  return {
    object,
    rows: rows.map((r) => ({
      room_id: r.roomId,
      room_number: r.number,
      floor: r.floor,
      room_area: r.area,
      // A renter in the room without a lease: named, but no lease, rate, rent or end.
      contract_id: r.contractId,
      contract_number: r.contractNumber,
      renter_name: r.renterName,
      rate: r.rate,
      monthly_rent: r.rent,
      ends_on: r.endsOn,
      occupancy: r.occupancy,
      occupant: occupancyOf(r).occupant,
    })),
    totals: {
      rooms: totals?.rooms ?? 0,
      occupied_rooms: occupiedRooms,
      leased_rooms: occupiedRooms - noLeaseRooms,
      no_lease_rooms: noLeaseRooms,
      vacant_rooms: (totals?.rooms ?? 0) - occupiedRooms,
      area,
      occupied_area: occupiedArea,
      leased_area: decimal(hundredths(occupiedArea) - hundredths(noLeaseArea)),
      no_lease_area: noLeaseArea,
      vacant_area: decimal(hundredths(area) - hundredths(occupiedArea)),
      monthly_rent: money(rent?.total),
    },
    expiries: months.map((m) => {
      const hit = expiries.find((e) => e.month === m);
      return { month: m, contracts: hit?.contracts ?? 0, area: money(hit?.area), monthly_rent: money(hit?.rent) };
    }),
  };
}
