import { sql } from 'drizzle-orm';
import { within } from './period';
import { type Built, type Ctx, col, fig, rows, table, typeName } from './shape';

/**
 * Violations that occurred in the period (drafts are not yet violations): by type, by renter, fines, repeat
 * offenders. A fine counts as owed unless its violation was cancelled (an upheld dispute); the table by
 * status still shows the cancelled ones, under their status.
 */
export async function violationsReport(ctx: Ctx): Promise<Built> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const where = sql`v.landlord_id = ${ctx.landlordId}::uuid ${ctx.objectId ? sql`and v.object_id = ${ctx.objectId}::uuid` : sql``}
    ${ctx.typeId ? sql`and v.type_id = ${ctx.typeId}::uuid` : sql``} ${ctx.renterId ? sql`and v.renter_id = ${ctx.renterId}::uuid` : sql``}
    and v.status <> 'draft' and ${within(col('v.occurred_at'), p)}`;
  const owed = sql`v.status <> 'cancelled'`;
  const [[all], byType, byRenter, fines] = await Promise.all([
    rows<{ n: number; fines: number; fine_sum: number }>(
      db,
      sql`select count(*)::int as n, count(v.fine) filter (where ${owed})::int as fines,
        coalesce(sum(v.fine) filter (where ${owed}), 0)::float8 as fine_sum from violations v where ${where}`,
    ),
    rows<{ key: string; n: number; fine_sum: number }>(
      db,
      sql`select ${typeName(ctx, 'vt')} as key, count(*)::int as n, coalesce(sum(v.fine) filter (where ${owed}), 0)::float8 as fine_sum
      from violations v join violation_types vt on vt.id = v.type_id where ${where} group by vt.id, 1 order by 2 desc, 1`,
    ),
    rows<{ key: string; n: number; fine_sum: number }>(
      db,
      sql`select rn.legal_name as key, count(*)::int as n, coalesce(sum(v.fine) filter (where ${owed}), 0)::float8 as fine_sum
      from violations v join renters rn on rn.id = v.renter_id where ${where} group by rn.id, rn.legal_name order by 2 desc, 1`,
    ),
    rows<{ key: string; n: number; fine_sum: number }>(
      db,
      sql`select v.status::text as key, count(*)::int as n, coalesce(sum(v.fine), 0)::float8 as fine_sum from violations v where ${where} and v.fine is not null group by 1 order by 2 desc`,
    ),
  ]);
  const statuses = ll.violations.statuses as Record<string, () => string>;
  const columns = [
    { key: 'count', label: t.figure.violations() },
    { key: 'fine_sum', label: t.figure.fineSumOwed(), unit: 'money' as const },
  ];
  return {
    figures: [
      fig('violations', t.figure.violations(), all?.n ?? 0),
      fig('fines', t.figure.finesOwed(), all?.fines ?? 0),
      fig('fine_sum', t.figure.fineSumOwed(), all?.fine_sum ?? 0, 'money'),
      fig('repeat', t.figure.repeat(), byRenter.filter((r) => r.n > 1).length),
    ],
    tables: [
      table({
        key: 'by_type',
        title: t.table.byType(),
        chart: 'bar',
        label: t.col.type(),
        columns,
        rows: byType.map((r) => ({ label: r.key, values: [r.n, r.fine_sum] })),
      }),
      table({
        key: 'by_renter',
        title: t.table.byRenter(),
        chart: 'bar',
        label: t.col.renter(),
        columns,
        rows: byRenter.map((r) => ({ label: r.key, values: [r.n, r.fine_sum] })),
      }),
      table({
        key: 'fines',
        title: t.table.fines(),
        chart: 'bar',
        label: t.col.status(),
        columns: [
          { key: 'count', label: t.figure.fines() },
          { key: 'fine_sum', label: t.figure.fineSum(), unit: 'money' },
        ],
        rows: fines.map((r) => ({ label: statuses[r.key]?.() ?? r.key, values: [r.n, r.fine_sum] })),
      }),
    ],
  };
}
