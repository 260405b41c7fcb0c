import { type SQL, sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';

/** How far past its due day an open invoice is, by Almaty's date: the arrears' columns. */
const buckets = { current: [null, 0], d1_30: [1, 30], d31_60: [31, 60], d61_90: [61, 90], d90_plus: [91, null] } as const;
export type Bucket = keyof typeof buckets;
export const BUCKETS = Object.keys(buckets) as Bucket[];
const ARREARS_ROWS = 500;

/** What is owed (`owed`, an amount per row) summed by age (`late`, days past the due day), one sum a bucket: the arrears' and the money report's. */
export function agedSums(owed: SQL, late: SQL): [Bucket, SQL][] {
  return Object.entries(buckets).map(([key, [from, to]]) => {
    const filter = sql`${from === null ? sql`true` : sql`${late} >= ${from}`} and ${to === null ? sql`true` : sql`${late} <= ${to}`}`;
    return [key as Bucket, sql`coalesce(sum(${owed}) filter (where ${filter}), 0)`];
  });
}

type Amounts = Record<Bucket | 'total', string>;
type Found = Amounts & { [K in `all_${Bucket | 'total'}`]: string } & {
  renter_id: string | null;
  renter_name: string;
  object_id: string;
  object_name: string;
  oldest_due_on: string;
};

/**
 * What each tenant owes on its issued invoices (total less paid), aged by due day on Almaty's days:
 * not yet due, 1–30, 31–60, 61–90 and over 90 days late, with the oldest due day; biggest debtors first,
 * at most 500 rows, and the totals of all. The 500 are read in order from each tenant's debt kept by the
 * database (renter_debts, by its index), and only their open invoices are aged; the totals age the
 * landlord's open invoices summed by due day (a few dozen days), not per tenant. One statement, so the
 * rows and the totals are of one moment; sums stay numeric until written as text.
 */
export async function arrearsOf(db: Db, landlordId: string, objectId?: string) {
  // Today as one parameter, not the time-zone conversion again for each invoice and bucket.
  const today = almatyToday();
  const open = sql`i.landlord_id = ${landlordId}::uuid and i.status in ('issued', 'partly_paid', 'overdue') and i.total > i.paid`;
  const inObject = (renterId: SQL) =>
    objectId
      ? sql`and ${renterId} in (select r.id from renters r join rooms rm on rm.id = r.room_id where r.landlord_id = ${landlordId}::uuid and rm.object_id = ${objectId}::uuid)`
      : sql``;
  const text = (sum: SQL) => sql`(${sum})::numeric(16,2)::text`;
  const aged = (owed: SQL, late: SQL, prefix = '') =>
    sql.join(
      agedSums(owed, late).map(([key, sum]) => sql`${text(sum)} as ${sql.identifier(`${prefix}${key}`)}`),
      sql`, `,
    );
  const found = await rows<Found>(
    db,
    // `nulls last` as the index has it (owed is never null), so the 500 are read from it in order.
    sql`with top as (
      select d.renter_id, d.owed from renter_debts d
      where d.landlord_id = ${landlordId}::uuid and d.owed > 0 ${inObject(sql`d.renter_id`)}
      order by d.owed desc nulls last, d.renter_id limit ${ARREARS_ROWS}
    ), kept as (
      select top.renter_id, top.owed, r.legal_name as renter_name, o.id as object_id, o.name as object_name, a.*
      from top join renters r on r.id = top.renter_id join rooms rm on rm.id = r.room_id join objects o on o.id = rm.object_id
      cross join lateral (
        select ${aged(sql`(i.total - i.paid)`, sql`(${today}::date - i.due_on)`)}, ${text(sql`sum(i.total - i.paid)`)} as total,
          min(i.due_on)::text as oldest_due_on
        from invoices i where ${open} and i.renter_id = top.renter_id
      ) a
    ), dues as (
      select i.due_on, sum(i.total) - sum(i.paid) as owed from invoices i where ${open} ${inObject(sql`i.renter_id`)} group by i.due_on
    ), totals as (
      select ${aged(sql`owed`, sql`(${today}::date - due_on)`, 'all_')}, ${text(sql`coalesce(sum(owed), 0)`)} as all_total from dues
    )
    select * from totals left join kept on true order by kept.owed desc, kept.renter_name`,
  );
  const first = found[0];
  const totals = Object.fromEntries([...BUCKETS, 'total' as const].map((key) => [key, first?.[`all_${key}`] ?? '0.00'])) as Amounts;
  // Without debtors the one row is the totals' alone.
  const list = found
    .filter((r) => r.renter_id !== null)
    .map((r) => ({
      renterId: r.renter_id as string,
      renterName: r.renter_name,
      objectId: r.object_id,
      objectName: r.object_name,
      current: r.current,
      d1_30: r.d1_30,
      d31_60: r.d31_60,
      d61_90: r.d61_90,
      d90_plus: r.d90_plus,
      total: r.total,
      oldestDueOn: r.oldest_due_on,
    }));
  return { asOf: today, rows: list, totals };
}
