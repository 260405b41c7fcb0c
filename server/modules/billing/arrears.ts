import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { almatyCurrentDate } from '../../db/almaty';
import type { Db } from '../../db/client';
import { invoices, objects, renters, rooms } from '../../db/schema';

/** How far past its due day an open invoice is, by Almaty's date: the arrears' columns. */
const buckets = { current: [null, 0], d1_30: [1, 30], d31_60: [31, 60], d61_90: [61, 90], d90_plus: [91, null] } as const;
export type Bucket = keyof typeof buckets;
const ARREARS_ROWS = 500;

/**
 * What each tenant owes on its issued invoices (total less paid), aged by due day on Almaty's days:
 * not yet due, 1–30, 31–60, 61–90 and over 90 days late, with the oldest due day; biggest debtors first,
 * at most 500 rows, and the totals of all. One aggregate over the landlord's open invoices.
 */
export async function arrearsOf(db: Db, landlordId: string, objectId?: string) {
  const owed = sql`(${invoices.total} - ${invoices.paid})`;
  const late = sql`(${almatyCurrentDate} - ${invoices.dueOn})`;
  const sums = Object.fromEntries(
    Object.entries(buckets).map(([key, [from, to]]) => [
      key,
      sql<string>`coalesce(sum(${owed}) filter (where ${from === null ? sql`true` : sql`${late} >= ${from}`} and ${to === null ? sql`true` : sql`${late} <= ${to}`}), 0)::numeric(16,2)::text`,
    ]),
  ) as Record<Bucket, SQL<string>>;
  const where = and(
    eq(invoices.landlordId, landlordId),
    inArray(invoices.status, ['issued', 'partly_paid', 'overdue']),
    sql`${owed} > 0`,
    objectId ? eq(rooms.objectId, objectId) : undefined,
  );
  const total = sql<string>`sum(${owed})::numeric(16,2)::text`;
  const rows = await db
    .select({
      renterId: renters.id,
      renterName: renters.legalName,
      objectId: objects.id,
      objectName: objects.name,
      ...sums,
      total,
      oldestDueOn: sql<string>`min(${invoices.dueOn})::text`,
    })
    .from(invoices)
    .innerJoin(renters, eq(renters.id, invoices.renterId))
    .innerJoin(rooms, eq(rooms.id, renters.roomId))
    .innerJoin(objects, eq(objects.id, rooms.objectId))
    .where(where)
    .groupBy(renters.id, renters.legalName, objects.id, objects.name)
    .orderBy(desc(sql`sum(${owed})`), renters.legalName)
    .limit(ARREARS_ROWS);
  const [totals] = await db
    .select({ ...sums, total: sql<string>`coalesce(sum(${owed}), 0)::numeric(16,2)::text` })
    .from(invoices)
    .innerJoin(renters, eq(renters.id, invoices.renterId))
    .innerJoin(rooms, eq(rooms.id, renters.roomId))
    .where(where);
  return { asOf: almatyToday(), rows, totals: totals as Record<Bucket | 'total', string> };
}
