import { type SQL, sql } from 'drizzle-orm';
import { almatyCurrentDate } from '../../db/almaty';

/** How a room is occupied today: under a signed lease, by a renter registered in it with no lease on file, or not at all. */
export type Occupancy = 'leased' | 'no_lease' | 'vacant';

/**
 * Which rooms the rule is worked out for: a landlord's, one object's, or one room (an id, or a column of the
 * outer row for a lateral join); each branch stays on an index.
 */
export type OccupancyWithin = { landlordId: string } | { objectId: string } | { roomId: string | SQL };

const leaseHeldToday = (cr: string) =>
  sql.raw(`${cr}.held and `).append(sql`${almatyCurrentDate} between ${sql.raw(`${cr}.starts_on`)} and ${sql.raw(`${cr}.ends_on`)}`);

function roomsOf(within: OccupancyWithin, alias: string, column: 'room_id'): SQL {
  const ref = sql.raw(`${alias}.${column}`);
  if ('roomId' in within) return sql`${ref} = ${typeof within.roomId === 'string' ? sql`${within.roomId}::uuid` : within.roomId}`;
  if ('objectId' in within) return sql`${ref} in (select id from rooms where object_id = ${within.objectId}::uuid)`;
  return sql`${sql.raw(`${alias}.landlord_id`)} = ${within.landlordId}::uuid`;
}

/**
 * THE occupancy rule, as a derived table every reader joins (`left join ${occupancyToday(w)} occ on occ.room_id = rm.id`):
 * a room is occupied when a signed lease holds it today (Almaty's day; a termination cuts the period), or else
 * when an active renter is registered in it ("occupied, no lease on file": the earliest registered one names it).
 * A room without a row is vacant. Columns: room_id, occupancy ('leased' | 'no_lease'), contract_id,
 * contract_number, renter_id, renter_name, rate, area (the lease's area of the room), ends_on, registered_on
 * (the renter card's lease date, no_lease only); the lease's ones are null for no_lease. The exclusion
 * constraint on contract_rooms keeps one held lease per room per day, so a room has one row at most.
 */
export function occupancyToday(within: OccupancyWithin): SQL {
  return sql`((select cr.room_id, 'leased'::text as occupancy, c.id as contract_id, c.number as contract_number, c.renter_id,
      r.legal_name as renter_name, c.rate, cr.area, cr.ends_on, null::date as registered_on
    from contract_rooms cr join contracts c on c.id = cr.contract_id join renters r on r.id = c.renter_id
    where ${roomsOf(within, 'cr', 'room_id')} and ${leaseHeldToday('cr')})
  union all
  (select distinct on (r.room_id) r.room_id, 'no_lease'::text, null::uuid, null::text, r.id, r.legal_name, null::numeric, null::numeric, null::date, r.lease_contract_date
    from renters r
    where ${roomsOf(within, 'r', 'room_id')} and r.status = 'active'
      and not exists (select 1 from contract_rooms cr where cr.room_id = r.room_id and ${leaseHeldToday('cr')})
    order by r.room_id, r.created_at, r.id))`;
}

/** The derived table's columns for a drizzle select that joined it as `occ` (dates and numerics as text, as the API writes them). */
export const occupancyColumns = {
  occupancy: sql<Occupancy>`coalesce(occ.occupancy, 'vacant')`,
  contractId: sql<string | null>`occ.contract_id`,
  contractNumber: sql<string | null>`occ.contract_number`,
  renterId: sql<string | null>`occ.renter_id`,
  renterName: sql<string | null>`occ.renter_name`,
  rate: sql<string | null>`occ.rate::text`,
  endsOn: sql<string | null>`occ.ends_on::text`,
  registeredOn: sql<string | null>`occ.registered_on::text`,
};

export type OccupancyRow = { [K in keyof typeof occupancyColumns]: (typeof occupancyColumns)[K]['_']['type'] };

/** What the API says of a room's occupancy: the case, the lease holding it, or the renter in it without one. */
export function occupancyOf(r: OccupancyRow) {
  return {
    occupancy: r.occupancy,
    lease:
      r.occupancy === 'leased' && r.contractId && r.contractNumber && r.renterName && r.endsOn
        ? { contract_id: r.contractId, number: r.contractNumber, renter_name: r.renterName, ends_on: r.endsOn }
        : null,
    occupant:
      r.occupancy === 'no_lease' && r.renterId && r.renterName && r.registeredOn
        ? { renter_id: r.renterId, renter_name: r.renterName, registered_on: r.registeredOn }
        : null,
  };
}
