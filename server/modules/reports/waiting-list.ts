import { type SQL, sql } from 'drizzle-orm';
import { within } from './period';
import { type Built, type Ctx, col, fig, round1, rows, share, table } from './shape';

/**
 * Questionnaires received in the period: the funnel to renter, by category, by the area asked for, and the
 * time in each step from their history (see `stays`).
 */
export async function waitingListReport(ctx: Ctx): Promise<Built> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const where = sql`q.landlord_id = ${ctx.landlordId}::uuid ${ctx.objectId ? sql`and q.object_id = ${ctx.objectId}::uuid` : sql``} and ${within(col('q.created_at'), p)}`;
  const area = sql`case when q.min_area is null then 0 when q.min_area <= 50 then 1 when q.min_area <= 100 then 2 when q.min_area <= 300 then 3 else 4 end`;
  const [[all], byStatus, byCategory, byArea, steps] = await Promise.all([
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
    rows<{ key: string; n: number; median: number | null }>(
      db,
      sql`select s.step as key, count(*)::int as n, percentile_cont(0.5) within group (order by s.days)::float8 as median
      from ${stays(where)} s group by 1`,
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
      table(
        {
          key: 'steps',
          title: t.table.steps(),
          chart: 'bar',
          label: t.col.status(),
          columns: [
            { key: 'left', label: t.figure.leftStep() },
            { key: 'median_days', label: t.figure.medianDays() },
          ],
          rows: (['new', 'in_process', 'waiting'] as const).map((s) => {
            const hit = steps.find((r) => r.key === s);
            return { label: statuses[s]?.() ?? s, values: [hit?.n ?? 0, round1(hit?.median)] };
          }),
        },
        [true, false],
      ),
    ],
  };
}

/**
 * Every finished stay of the questionnaires matching `where` in a step (new, in process, waiting), in days:
 * it starts at the entry that put the questionnaire there (its arrival or a transition) and ends at the
 * next one, which leaves it (a transition, or "make renter", after which it is a renter, no longer in the
 * step). A stay still going is not counted; one whose start the history does not hold (before it was kept)
 * is not either, as its next entry does not leave the step the previous one entered.
 */
function stays(where: SQL) {
  return sql`(select e.to_status::text as step, extract(epoch from e.left_at - e.created_at)::float8 / 86400 as days
    from (select ev.event, ev.to_status, ev.created_at, lead(ev.created_at) over w as left_at, lead(ev.from_status) over w as left_from
      from questionnaire_events ev join questionnaires q on q.id = ev.questionnaire_id
      where ${where}
      window w as (partition by ev.questionnaire_id order by ev.created_at, ev.id)) e
    where e.event <> 'questionnaire.make_renter' and e.left_at is not null and e.left_from = e.to_status
      and e.to_status in ('new', 'in_process', 'waiting'))`;
}
