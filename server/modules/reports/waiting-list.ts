import { sql } from 'drizzle-orm';
import { within } from './period';
import { type Built, type Ctx, col, fig, rows, share, table } from './shape';

/** Questionnaires received in the period: the funnel to renter, by category and by the area asked for. */
export async function waitingListReport(ctx: Ctx): Promise<Built> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const where = sql`q.landlord_id = ${ctx.landlordId}::uuid ${ctx.objectId ? sql`and q.object_id = ${ctx.objectId}::uuid` : sql``} and ${within(col('q.created_at'), p)}`;
  const area = sql`case when q.min_area is null then 0 when q.min_area <= 50 then 1 when q.min_area <= 100 then 2 when q.min_area <= 300 then 3 else 4 end`;
  const [[all], byStatus, byCategory, byArea] = await Promise.all([
    rows<{ n: number; renters: number }>(db, sql`select count(*)::int as n, count(q.renter_id)::int as renters from questionnaires q where ${where}`),
    rows<{ key: string; n: number }>(
      db,
      sql`select q.status::text as key, count(*)::int as n from questionnaires q where ${where} and q.renter_id is null group by 1`,
    ),
    rows<{ key: string; n: number; renters: number }>(
      db,
      sql`select q.category as key, count(*)::int as n, count(q.renter_id)::int as renters from questionnaires q where ${where} group by 1 order by 2 desc, 1`,
    ),
    rows<{ key: number; n: number; renters: number }>(
      db,
      sql`select ${area}::int as key, count(*)::int as n, count(q.renter_id)::int as renters from questionnaires q where ${where} group by 1 order by 1`,
    ),
  ]);
  const statuses = ll.waitingList.statuses as Record<string, () => string>;
  const stage = (s: string) => byStatus.find((r) => r.key === s)?.n ?? 0;
  const areaLabel = [t.col.unknown(), t.col.upTo({ n: '50' }), t.col.upTo({ n: '100' }), t.col.upTo({ n: '300' }), t.col.over({ n: '300' })];
  const n = all?.n ?? 0;
  const renters = all?.renters ?? 0;
  return {
    figures: [
      fig('questionnaires', t.figure.questionnaires(), n),
      fig('renters', t.figure.becameRenter(), renters),
      fig('conversion', t.figure.conversion(), share(renters, n), 'percent'),
    ],
    tables: [
      table({
        key: 'funnel',
        title: t.table.funnel(),
        chart: 'bar',
        label: t.col.status(),
        columns: [{ key: 'count', label: t.figure.count() }],
        rows: [
          ...(['new', 'in_process', 'waiting', 'reject'] as const).map((s) => ({ label: statuses[s]?.() ?? s, values: [stage(s)] })),
          { label: t.figure.becameRenter(), values: [renters] },
        ],
      }),
      table({
        key: 'by_category',
        title: t.table.byCategory(),
        chart: 'bar',
        label: t.col.category(),
        columns: [
          { key: 'count', label: t.figure.questionnaires() },
          { key: 'renters', label: t.figure.becameRenter() },
        ],
        rows: byCategory.map((r) => ({ label: r.key, values: [r.n, r.renters] })),
      }),
      table({
        key: 'by_area',
        title: t.table.byArea(),
        chart: 'bar',
        label: t.col.area(),
        columns: [
          { key: 'count', label: t.figure.questionnaires() },
          { key: 'renters', label: t.figure.becameRenter() },
        ],
        rows: byArea.map((r) => ({ label: areaLabel[r.key] ?? '', values: [r.n, r.renters] })),
      }),
    ],
  };
}
