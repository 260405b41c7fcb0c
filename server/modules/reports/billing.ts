import { sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { agedSums, BUCKETS, type Bucket } from '../billing/arrears';
import { bucketsOf, dayBucketOf, daysWithin } from './period';
import { type Built, type Ctx, col, fig, rows, share, table } from './shape';

const DEBTORS = 10;

/**
 * The landlord's money for the period: billed (invoices issued in it, void ones aside) against collected
 * (payments received in it; a credit note lowers a debt but brings no money), the collection rate of the
 * period's invoices (what was paid of their totals), and today's debt: owed, overdue, aged by due day on
 * Almaty's days, the biggest debtors. A property narrows to the tenants registered in it, as the arrears do.
 */
export async function billingReport(ctx: Ctx): Promise<Built> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  // Invoices are `i`, payments `pm`: both carry the landlord and the tenant.
  const tenants = (alias: 'i' | 'pm') =>
    sql`${ctx.objectId ? sql`and ${col(alias)}.renter_id in (select r.id from renters r join rooms rm on rm.id = r.room_id where rm.object_id = ${ctx.objectId}::uuid)` : sql``}
    ${ctx.renterId ? sql`and ${col(alias)}.renter_id = ${ctx.renterId}::uuid` : sql``}`;
  const billedWhere = sql`i.landlord_id = ${ctx.landlordId}::uuid and i.status not in ('draft', 'void') and ${daysWithin(col('i.issued_on'), p)} ${tenants('i')}`;
  const paidWhere = sql`pm.landlord_id = ${ctx.landlordId}::uuid and pm.method <> 'credit_note' and ${daysWithin(col('pm.received_on'), p)} ${tenants('pm')}`;
  const open = sql`i.landlord_id = ${ctx.landlordId}::uuid and i.status in ('issued', 'partly_paid', 'overdue') and i.total > i.paid ${tenants('i')}`;
  // Today as one parameter, not the time-zone conversion again for each invoice and bucket.
  const late = sql`(${almatyToday()}::date - i.due_on)`;
  const ages = agedSums(sql`(i.total - i.paid)`, late);
  const [[billed], [collected], [debt], byMonthBilled, byMonthCollected, debtors] = await Promise.all([
    rows<{ n: number; total: number; paid: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(i.total), 0)::float8 as total, coalesce(sum(least(i.paid, i.total)), 0)::float8 as paid
      from invoices i where ${billedWhere}`,
    ),
    rows<{ total: number }>(db, sql`select coalesce(sum(pm.amount), 0)::float8 as total from payments pm where ${paidWhere}`),
    rows<{ owed: number; overdue: number; debtors: number } & Record<Bucket, number>>(
      db,
      sql`select coalesce(sum(i.total - i.paid), 0)::float8 as owed,
        coalesce(sum(i.total - i.paid) filter (where ${late} > 0), 0)::float8 as overdue,
        count(distinct i.renter_id) filter (where ${late} > 0)::int as debtors,
        ${sql.join(
          ages.map(([key, sum]) => sql`${sum}::float8 as ${sql.identifier(key)}`),
          sql`, `,
        )}
      from invoices i where ${open}`,
    ),
    rows<{ key: string; n: number }>(
      db,
      sql`select ${dayBucketOf(col('i.issued_on'), p)} as key, sum(i.total)::float8 as n from invoices i where ${billedWhere} group by 1`,
    ),
    rows<{ key: string; n: number }>(
      db,
      sql`select ${dayBucketOf(col('pm.received_on'), p)} as key, sum(pm.amount)::float8 as n from payments pm where ${paidWhere} group by 1`,
    ),
    rows<{ key: string; owed: number; overdue: number; oldest: string }>(
      db,
      sql`select r.legal_name as key, sum(i.total - i.paid)::float8 as owed,
        coalesce(sum(i.total - i.paid) filter (where ${late} > 0), 0)::float8 as overdue
      from invoices i join renters r on r.id = i.renter_id where ${open}
      group by r.id, r.legal_name order by 3 desc, 2 desc, 1 limit ${DEBTORS}`,
    ),
  ]);
  const money = 'money' as const;
  const billedOf = new Map(byMonthBilled.map((r) => [r.key, r.n]));
  const collectedOf = new Map(byMonthCollected.map((r) => [r.key, r.n]));
  return {
    figures: [
      fig('billed', t.figure.billed(), billed?.total ?? 0, money),
      fig('collected', t.figure.collected(), collected?.total ?? 0, money),
      fig('collection_rate', t.figure.collectionRate(), share(billed?.paid ?? 0, billed?.total ?? 0), 'percent'),
      fig('invoices', t.figure.invoices(), billed?.n ?? 0),
      fig('owed', t.figure.owed(), debt?.owed ?? 0, money),
      fig('overdue_sum', t.figure.overdueSum(), debt?.overdue ?? 0, money),
      fig('debtors', t.figure.debtors(), debt?.debtors ?? 0),
    ],
    tables: [
      table({
        key: 'billed_collected',
        title: { day: t.table.byDay, week: t.table.byWeek, month: t.table.byMonth }[p.unit](),
        chart: 'bar',
        label: { day: t.col.day, week: t.col.week, month: t.col.month }[p.unit](),
        columns: [
          { key: 'billed', label: t.figure.billed(), unit: money },
          { key: 'collected', label: t.figure.collected(), unit: money },
        ],
        rows: bucketsOf(p).map((b) => ({ label: b, values: [billedOf.get(b) ?? 0, collectedOf.get(b) ?? 0] })),
      }),
      table({
        key: 'ageing',
        title: t.table.ageing(),
        chart: 'bar',
        label: t.col.age(),
        columns: [{ key: 'owed', label: t.figure.owed(), unit: money }],
        rows: BUCKETS.map((a) => ({ label: ll.billing.arrears[a](), values: [debt?.[a] ?? 0] })),
      }),
      table({
        key: 'debtors',
        title: t.table.debtors(),
        chart: 'bar',
        label: t.col.renter(),
        columns: [
          { key: 'owed', label: t.figure.owed(), unit: money },
          { key: 'overdue', label: t.figure.overdueSum(), unit: money },
        ],
        rows: debtors.map((r) => ({ label: r.key, values: [r.owed, r.overdue] })),
      }),
    ],
  };
}
