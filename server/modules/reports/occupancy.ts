import { sql } from 'drizzle-orm';
import { almatyToday } from '../../../src/shared/almaty';
import { almatyCurrentDate } from '../../db/almaty';
import { occupancyToday } from '../contracts/occupancy';
import { type Built, type Ctx, fig, rows, share, table } from './shape';

/**
 * Occupancy today (the period does not apply), by the one occupancy rule (contracts/occupancy.ts): a room is
 * leased when a signed lease holds it today, occupied with no lease on file when an active renter is registered
 * in it without one, vacant otherwise. Occupancy counts both (area occupied); the rent figures (monthly rent,
 * rate per m², by floor and by the renter's trade category) and the expiries are the leases' alone: a renter
 * with no lease on file pays no rent the system knows of. With a renter: the rooms it occupies today, leased or
 * not (so nothing is vacant), and its leases.
 */
export async function occupancyReport(ctx: Ctx): Promise<Built> {
  const { db, ll } = ctx;
  const t = ll.reports;
  const objectOf = (alias: string) => (ctx.objectId ? sql`and ${sql.raw(alias)}.object_id = ${ctx.objectId}::uuid` : sql``);
  const renterOf = (alias: string) => (ctx.renterId ? sql`and ${sql.raw(alias)}.renter_id = ${ctx.renterId}::uuid` : sql``);
  // The renter filter applies to the rule's answer, never inside it: a room leased to another stays theirs.
  const occupiedOnly = ctx.renterId ? sql`and occ.renter_id = ${ctx.renterId}::uuid` : sql``;
  const occ = sql`${occupancyToday({ landlordId: ctx.landlordId })}`;
  const held = sql`(select * from ${occ} o where o.occupancy = 'leased' ${renterOf('o')})`;
  const [byObject, [rent], expiries, byFloor, byCategory] = await Promise.all([
    rows<{ key: string; rooms: number; leased: number; no_lease: number; area: number; leased_area: number; no_lease_area: number }>(
      db,
      sql`select o.name as key, count(rm.id)::int as rooms,
        (count(*) filter (where occ.occupancy = 'leased'))::int as leased, (count(*) filter (where occ.occupancy = 'no_lease'))::int as no_lease,
        coalesce(sum(rm.area), 0)::float8 as area,
        coalesce(sum(rm.area) filter (where occ.occupancy = 'leased'), 0)::float8 as leased_area,
        coalesce(sum(rm.area) filter (where occ.occupancy = 'no_lease'), 0)::float8 as no_lease_area
      from rooms rm join objects o on o.id = rm.object_id left join ${occ} occ on occ.room_id = rm.id
      where rm.landlord_id = ${ctx.landlordId}::uuid ${objectOf('rm')} ${occupiedOnly} group by o.id, o.name order by o.name`,
    ),
    rows<{ total: number; area: number }>(
      db,
      sql`select coalesce(sum(c.monthly_total), 0)::float8 as total, coalesce(sum(c.area), 0)::float8 as area from contracts c
      where c.landlord_id = ${ctx.landlordId}::uuid ${objectOf('c')} ${renterOf('c')}
        and c.id in (select h.contract_id from ${held} h)`,
    ),
    rows<{ key: string; n: number; area: number; rent: number }>(
      db,
      sql`select to_char(c.ends_on, 'YYYY-MM') as key, count(*)::int as n, sum(c.area)::float8 as area, sum(c.monthly_total)::float8 as rent
      from contracts c where c.landlord_id = ${ctx.landlordId}::uuid ${objectOf('c')} ${renterOf('c')} and c.status in ('active', 'expiring')
        and c.ends_on >= date_trunc('month', ${almatyCurrentDate}) and c.ends_on < date_trunc('month', ${almatyCurrentDate}) + interval '12 months'
      group by 1`,
    ),
    rows<{ floor: number; area: number; rate: number | null }>(
      db,
      sql`select rm.floor, coalesce(sum(h.area), 0)::float8 as area, (sum(h.area * h.rate) / nullif(sum(h.area), 0))::float8 as rate
      from rooms rm left join ${held} h on h.room_id = rm.id
      where rm.landlord_id = ${ctx.landlordId}::uuid ${objectOf('rm')} ${ctx.renterId ? sql`and h.room_id is not null` : sql``}
      group by rm.floor order by rm.floor`,
    ),
    // The same leased area held today, by its renter's trade category (a blank one counts as not given).
    rows<{ key: string | null; area: number; rate: number | null }>(
      db,
      sql`select nullif(trim(r.trade_category), '') as key, sum(h.area)::float8 as area, (sum(h.area * h.rate) / nullif(sum(h.area), 0))::float8 as rate
      from ${held} h join rooms rm on rm.id = h.room_id join renters r on r.id = h.renter_id
      where rm.landlord_id = ${ctx.landlordId}::uuid ${objectOf('rm')} group by 1 order by 1 nulls last`,
    ),
  ]);
  const sum = (k: 'rooms' | 'leased' | 'no_lease' | 'area' | 'leased_area' | 'no_lease_area') => byObject.reduce((s, r) => s + r[k], 0);
  const area = sum('area');
  const leasedArea = sum('leased_area');
  const noLeaseArea = sum('no_lease_area');
  const [year, month] = almatyToday().split('-').map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(year, month - 1 + i, 1)).toISOString().slice(0, 7));
  const money2 = (v: number) => Math.round(v * 100) / 100;
  return {
    figures: [
      fig('rooms', t.figure.rooms(), sum('rooms')),
      fig('leased_rooms', t.figure.leasedRooms(), sum('leased')),
      fig('no_lease_rooms', t.figure.noLeaseRooms(), sum('no_lease')),
      fig('area', t.figure.area(), money2(area), 'area'),
      fig('leased_area', t.figure.leasedArea(), money2(leasedArea), 'area'),
      fig('no_lease_area', t.figure.noLeaseArea(), money2(noLeaseArea), 'area'),
      fig('occupancy', t.figure.occupancy(), share(leasedArea + noLeaseArea, area), 'percent'),
      fig('monthly_rent', t.figure.monthlyRent(), money2(rent?.total ?? 0), 'money'),
      fig('rent_per_m2', t.figure.rentPerM2(), rent?.area ? money2(rent.total / rent.area) : null, 'money'),
    ],
    tables: [
      table({
        key: 'by_object',
        title: t.table.byObject(),
        chart: 'bar',
        label: t.col.object(),
        columns: [
          { key: 'leased_area', label: t.figure.leasedArea(), unit: 'area' },
          { key: 'no_lease_area', label: t.figure.noLeaseArea(), unit: 'area' },
          { key: 'vacant_area', label: t.figure.vacantArea(), unit: 'area' },
          { key: 'leased_rooms', label: t.figure.leasedRooms() },
          { key: 'no_lease_rooms', label: t.figure.noLeaseRooms() },
          { key: 'vacant_rooms', label: t.figure.vacantRooms() },
        ],
        rows: byObject.map((r) => ({
          label: r.key,
          values: [
            money2(r.leased_area),
            money2(r.no_lease_area),
            money2(r.area - r.leased_area - r.no_lease_area),
            r.leased,
            r.no_lease,
            r.rooms - r.leased - r.no_lease,
          ],
        })),
      }),
      table({
        key: 'expiries',
        title: t.table.expiries(),
        chart: 'bar',
        label: t.col.month(),
        columns: [
          { key: 'leases', label: t.figure.leases() },
          { key: 'area', label: t.figure.area(), unit: 'area' },
          { key: 'monthly_rent', label: t.figure.monthlyRent(), unit: 'money' },
        ],
        rows: months.map((m) => {
          const hit = expiries.find((e) => e.key === m);
          return { label: m, values: [hit?.n ?? 0, money2(hit?.area ?? 0), money2(hit?.rent ?? 0)] };
        }),
      }),
      table(
        {
          key: 'by_floor',
          title: t.table.byFloor(),
          chart: 'bar',
          label: t.col.floor(),
          columns: [
            { key: 'rent_per_m2', label: t.figure.rentPerM2(), unit: 'money' },
            { key: 'leased_area', label: t.figure.leasedArea(), unit: 'area' },
          ],
          rows: byFloor.map((r) => ({ label: String(r.floor), values: [r.rate === null ? null : money2(r.rate), money2(r.area)] })),
        },
        [false, true],
      ),
      table(
        {
          key: 'by_category',
          title: t.table.rentByCategory(),
          chart: 'bar',
          label: t.col.category(),
          columns: [
            { key: 'rent_per_m2', label: t.figure.rentPerM2(), unit: 'money' },
            { key: 'leased_area', label: t.figure.leasedArea(), unit: 'area' },
          ],
          rows: byCategory.map((r) => ({ label: r.key ?? t.col.unknown(), values: [r.rate === null ? null : money2(r.rate), money2(r.area)] })),
        },
        [false, true],
      ),
    ],
  };
}
