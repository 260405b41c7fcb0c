import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { rows } from '#server/db/rows';

const KEYS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus', 'total'] as const;
type Amounts = Record<(typeof KEYS)[number], string>;

/**
 * The arrears as GET /billing/arrears answers them, counted again from the open invoices alone by plain
 * SQL (no kept debts, the age bounds written out): every tenant's open invoices aged and summed, the
 * biggest 500 kept (by debt, then id), named, and the totals of all tenants. What the API answers must
 * equal it; the billing bench times it as the raw baseline of the same work.
 */
export async function arrearsRecount(db: Db, landlordId: string, today: string, objectId?: string) {
  const inObject = objectId
    ? sql`and i.renter_id in (select r.id from renters r join rooms rm on rm.id = r.room_id where rm.object_id = ${objectId}::uuid)`
    : sql``;
  const money = (sum: string) => sql.raw(`coalesce(${sum}, 0)::numeric(16,2)::text`);
  const found = await rows<Amounts & { [K in `all_${keyof Amounts}`]: string } & { id: string; name: string; oid: string; oname: string; oldest: string }>(
    db,
    sql`with owed as (
      select i.renter_id, i.total - i.paid as owed, ${today}::date - i.due_on as late, i.due_on from invoices i
      where i.landlord_id = ${landlordId}::uuid and i.status in ('issued', 'partly_paid', 'overdue') and i.total > i.paid ${inObject}
    ), per as (
      select renter_id, sum(owed) filter (where late <= 0) as current, sum(owed) filter (where late between 1 and 30) as d1_30,
        sum(owed) filter (where late between 31 and 60) as d31_60, sum(owed) filter (where late between 61 and 90) as d61_90,
        sum(owed) filter (where late > 90) as d90_plus, sum(owed) as total, min(due_on) as oldest
      from owed group by renter_id
    ), ranked as (
      select per.*, ${sql.join(
        KEYS.map((k) => sql.raw(`sum(${k}) over () as all_${k}`)),
        sql`, `,
      )} from per order by total desc, renter_id limit 500
    )
    select r.id, r.legal_name as name, o.id as oid, o.name as oname, ranked.oldest::text as oldest,
      ${sql.join(
        KEYS.flatMap((k) => [sql`${money(`ranked.${k}`)} as ${sql.identifier(k)}`, sql`${money(`ranked.all_${k}`)} as ${sql.identifier(`all_${k}`)}`]),
        sql`, `,
      )}
    from ranked join renters r on r.id = ranked.renter_id join rooms rm on rm.id = r.room_id join objects o on o.id = rm.object_id
    order by ranked.total desc, r.legal_name`,
  );
  const first = found[0];
  return {
    as_of: today,
    totals: Object.fromEntries(KEYS.map((k) => [k, first ? first[`all_${k}`] : '0.00'])) as Amounts,
    rows: found.map((r) => ({
      ...(Object.fromEntries(KEYS.map((k) => [k, r[k]])) as Amounts),
      renter: { id: r.id, name: r.name },
      object: { id: r.oid, name: r.oname },
      oldest_due_on: r.oldest,
    })),
  };
}

/** Tenants whose kept debt (renter_debts) differs from their open invoices summed again: none when the triggers kept it in step. */
export async function debtsDrift(db: Db) {
  return rows<{ renter_id: string; kept: string | null; counted: string | null }>(
    db,
    sql`with kept as (select renter_id, landlord_id, owed from renter_debts where owed <> 0),
      counted as (select renter_id, landlord_id, sum(total - paid) as owed from invoices
        where status in ('issued', 'partly_paid', 'overdue') and total > paid group by renter_id, landlord_id)
    select coalesce(k.renter_id, c.renter_id) as renter_id, k.owed::text as kept, c.owed::text as counted
    from kept k full join counted c on c.renter_id = k.renter_id and c.landlord_id = k.landlord_id
    where k.owed is distinct from c.owed`,
  );
}
