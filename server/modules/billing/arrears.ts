import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import type { Db } from '../../db/client';
import { invoices, objects, renters, rooms } from '../../db/schema';

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

/**
 * What each tenant owes on its issued invoices (total less paid), aged by due day on Almaty's days:
 * not yet due, 1–30, 31–60, 61–90 and over 90 days late, with the oldest due day; biggest debtors first,
 * at most 500 rows, and the totals of all. The landlord's open invoices (their own partial index, not
 * the years of paid ones) are summed per tenant, ranked and cut to 500 before the tenant's name and
 * property are joined, so a centre of ten thousand debtors joins five hundred; the totals are window
 * sums over every tenant's row, taken before the cut.
 */
export async function arrearsOf(db: Db, landlordId: string, objectId?: string) {
  const owed = sql`(${invoices.total} - ${invoices.paid})`;
  // Today as one parameter, not the time-zone conversion again for each invoice and bucket.
  const today = almatyToday();
  const late = sql`(${today}::date - ${invoices.dueOn})`;
  const bucketSums = agedSums(owed, late);
  // Sums stay numeric through the grouping, the window and the cut: only the 500 rows kept are written as text.
  const sums = Object.fromEntries(bucketSums.map(([key, sum]) => [key, sql`${sum}`.as(key)])) as Record<Bucket, SQL.Aliased<string>>;
  const grand = Object.fromEntries(bucketSums.map(([key, sum]) => [`all_${key}`, sql`sum(${sum}) over ()`.as(`all_${key}`)])) as Record<
    `all_${Bucket}`,
    SQL.Aliased<string>
  >;
  const text = (column: unknown) => sql<string>`${column}::numeric(16,2)::text`;
  const inObject = objectId
    ? inArray(
        invoices.renterId,
        db
          .select({ id: renters.id })
          .from(renters)
          .innerJoin(rooms, eq(rooms.id, renters.roomId))
          .where(and(eq(renters.landlordId, landlordId), eq(rooms.objectId, objectId))),
      )
    : undefined;
  const debts = db
    .select({
      renterId: invoices.renterId,
      ...sums,
      owedSum: sql`sum(${owed})`.as('owed_sum'),
      oldestDueOn: sql<string>`min(${invoices.dueOn})::text`.as('oldest_due_on'),
      ...grand,
      all_total: sql`sum(sum(${owed})) over ()`.as('all_total'),
    })
    .from(invoices)
    .where(and(eq(invoices.landlordId, landlordId), inArray(invoices.status, ['issued', 'partly_paid', 'overdue']), sql`${owed} > 0`, inObject))
    .groupBy(invoices.renterId)
    .orderBy(desc(sql`sum(${owed})`), invoices.renterId)
    .limit(ARREARS_ROWS)
    .as('debts');
  const found = await db
    .select({
      renterId: debts.renterId,
      renterName: renters.legalName,
      objectId: objects.id,
      objectName: objects.name,
      current: text(debts.current),
      d1_30: text(debts.d1_30),
      d31_60: text(debts.d31_60),
      d61_90: text(debts.d61_90),
      d90_plus: text(debts.d90_plus),
      total: text(debts.owedSum),
      oldestDueOn: debts.oldestDueOn,
      all_current: text(debts.all_current),
      all_d1_30: text(debts.all_d1_30),
      all_d31_60: text(debts.all_d31_60),
      all_d61_90: text(debts.all_d61_90),
      all_d90_plus: text(debts.all_d90_plus),
      all_total: text(debts.all_total),
    })
    .from(debts)
    .innerJoin(renters, eq(renters.id, debts.renterId))
    .innerJoin(rooms, eq(rooms.id, renters.roomId))
    .innerJoin(objects, eq(objects.id, rooms.objectId))
    .orderBy(desc(debts.owedSum), renters.legalName);
  const first = found[0];
  const totals = Object.fromEntries([...BUCKETS, 'total'].map((key) => [key, first ? first[`all_${key}` as keyof typeof first] : '0.00'])) as Record<
    Bucket | 'total',
    string
  >;
  const rows = found.map((r) => ({
    renterId: r.renterId,
    renterName: r.renterName,
    objectId: r.objectId,
    objectName: r.objectName,
    current: r.current,
    d1_30: r.d1_30,
    d31_60: r.d31_60,
    d61_90: r.d61_90,
    d90_plus: r.d90_plus,
    total: r.total,
    oldestDueOn: r.oldestDueOn,
  }));
  return { asOf: today, rows, totals };
}
