import { type SQL, sql } from 'drizzle-orm';
import { formatMonth } from '#/i18n/formatters';
import { bucketOf, bucketsOf, within } from './period';
import { type Built, type Ctx, col, fig, type Report, round1, rows, share, typeName } from './shape';

type Table = Report['tables'][number];
type Column = Table['columns'][number];

/** One scorecard line as SQL counts it: a group's requests, or (`total`) the whole table's. */
type ScoreRow = {
  label: string | null;
  total: boolean;
  n: number;
  take: number | null;
  close: number | null;
  avg: number | null;
  r1: number;
  r2: number;
  r3: number;
  r4: number;
  r5: number;
  reopened: number;
  takeDue: number;
  takeMet: number;
  resolveDue: number;
  resolveMet: number;
};

/**
 * SLA met, of the requests whose deadline has come (taken, closed, or past it): the share taken into work
 * by the take deadline (requests with one), and the share closed by the deadline to resolve.
 */
const slaCounts = sql.raw(`count(*) filter (where r.take_deadline_at is not null and (r.taken_at is not null or r.take_deadline_at < now()))::int as "takeDue",
  count(*) filter (where r.take_deadline_at is not null and r.taken_at <= r.take_deadline_at)::int as "takeMet",
  count(*) filter (where r.closed_at is not null or r.deadline_at < now())::int as "resolveDue",
  count(*) filter (where r.closed_at <= r.deadline_at)::int as "resolveMet"`);
const slaMet = (ctx: Ctx): { column: Column; value: (row: ScoreRow) => number | null }[] => [
  { column: { key: 'sla_take', label: ctx.ll.reports.col.slaTake(), unit: 'percent' }, value: (r) => share(r.takeMet, r.takeDue) },
  { column: { key: 'sla_resolve', label: ctx.ll.reports.col.slaResolve(), unit: 'percent' }, value: (r) => share(r.resolveMet, r.resolveDue) },
];

/** The requests a scorecard counts: the landlord's created in the period, narrowed by the report's filters. */
function scope(ctx: Ctx): SQL {
  return sql`r.landlord_id = ${ctx.landlordId}::uuid and ${within(col('r.created_at'), ctx.period)}
    ${ctx.objectId ? sql`and r.object_id = ${ctx.objectId}::uuid` : sql``}
    ${ctx.executorId ? sql`and r.assignee_employee_id = ${ctx.executorId}::uuid` : sql``}
    ${ctx.contractorId ? sql`and r.assignee_contractor_id = ${ctx.contractorId}::uuid` : sql``}
    ${ctx.typeId ? sql`and r.type_id = ${ctx.typeId}::uuid` : sql``}
    ${ctx.renterId ? sql`and r.renter_id = ${ctx.renterId}::uuid` : sql``}`;
}

const hoursTo = (column: string) => sql.raw(`extract(epoch from ${column} - r.created_at) / 3600`);

/** A scorecard's figures of the requests in `where`: per group of `key`, and the total of them all (a grouping set of its own). */
function scoreRows(ctx: Ctx, from: SQL, where: SQL, key: SQL, label: SQL): Promise<ScoreRow[]> {
  const stars = [1, 2, 3, 4, 5].map((n) => sql.raw(`count(*) filter (where q.rating = ${n})::int as r${n}`));
  return rows<ScoreRow>(
    ctx.db,
    sql`select ${label} as label, grouping(${key}) = 1 as total, count(*)::int as n,
      percentile_cont(0.5) within group (order by ${hoursTo('r.taken_at')}) filter (where r.taken_at is not null)::float8 as take,
      percentile_cont(0.5) within group (order by ${hoursTo('r.closed_at')}) filter (where r.closed_at is not null)::float8 as close,
      avg(q.rating)::float8 as avg, ${sql.join(stars, sql`, `)}, count(*) filter (where r.returned)::int as reopened, ${slaCounts}
    from requests r left join request_ratings q on q.request_id = r.id ${from}
    where ${scope(ctx)} and ${where}
    group by grouping sets ((${key}, ${label}), ()) order by grouping(${key}) desc, 3 desc, 1`,
  );
}

const avg2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
const valuesOf = (ctx: Ctx, r: ScoreRow) => [
  r.n,
  round1(r.take),
  round1(r.close),
  avg2(r.avg),
  r.r1,
  r.r2,
  r.r3,
  r.r4,
  r.r5,
  share(r.reopened, r.n),
  ...slaMet(ctx).map((c) => c.value(r)),
];

/** A scorecard table: a line per group, its totals the same figures over the whole table. */
function scorecard(ctx: Ctx, key: string, title: string, label: string, found: ScoreRow[]): Table {
  const t = ctx.ll.reports;
  const total = found.find((r) => r.total);
  const lines = found.filter((r) => !r.total && r.n > 0);
  const columns: Column[] = [
    { key: 'requests', label: t.col.requests() },
    { key: 'median_take', label: t.col.medianTake(), unit: 'hours' },
    { key: 'median_close', label: t.col.medianClose(), unit: 'hours' },
    { key: 'avg_rating', label: t.col.avgRating(), unit: 'rating' },
    ...[1, 2, 3, 4, 5].map((n) => ({ key: `rating_${n}`, label: t.col.stars({ n }) })),
    { key: 'reopened', label: t.col.reopened(), unit: 'percent' as const },
    ...slaMet(ctx).map((c) => c.column),
  ];
  return {
    key,
    title,
    chart: 'none',
    label,
    columns,
    rows: lines.map((r) => ({ label: r.label ?? t.col.none(), values: valuesOf(ctx, r) })),
    totals: total && lines.length > 0 ? valuesOf(ctx, total) : columns.map(() => null),
  };
}

/** Each tenant's average rating by Almaty month of the ratings given in the period; the totals are all tenants' average. */
async function satisfaction(ctx: Ctx): Promise<Table> {
  const t = ctx.ll.reports;
  const p = { ...ctx.period, unit: 'month' as const };
  const months = bucketsOf(p);
  const month = bucketOf(col('q.rated_at'), p);
  const found = await rows<{ id: string | null; label: string | null; month: string; avg: number }>(
    ctx.db,
    sql`select x.id, x.label, x.month, avg(x.rating)::float8 as avg from (select rn.id, rn.legal_name as label, ${month} as month, q.rating
    from request_ratings q join requests r on r.id = q.request_id left join renters rn on rn.id = q.renter_id
    where q.landlord_id = ${ctx.landlordId}::uuid and ${within(col('q.rated_at'), p)}
      ${ctx.renterId ? sql`and q.renter_id = ${ctx.renterId}::uuid` : sql``}
      ${ctx.objectId ? sql`and r.object_id = ${ctx.objectId}::uuid` : sql``}
      ${ctx.typeId ? sql`and r.type_id = ${ctx.typeId}::uuid` : sql``}
      ${ctx.executorId ? sql`and r.assignee_employee_id = ${ctx.executorId}::uuid` : sql``}
      ${ctx.contractorId ? sql`and r.assignee_contractor_id = ${ctx.contractorId}::uuid` : sql``}
    ) x group by grouping sets ((x.id, x.label, x.month), (x.month)) order by 2, 1`,
  );
  const tenants = new Map<string, { label: string; byMonth: Map<string, number> }>();
  const all = new Map<string, number>();
  for (const r of found) {
    if (r.id === null) {
      all.set(r.month, r.avg);
      continue;
    }
    const line = tenants.get(r.id) ?? { label: r.label ?? '', byMonth: new Map() };
    line.byMonth.set(r.month, r.avg);
    tenants.set(r.id, line);
  }
  return {
    key: 'satisfaction',
    title: t.table.satisfaction(),
    chart: 'none',
    label: t.col.renter(),
    columns: months.map((m) => ({ key: m, label: formatMonth(m, ctx.locale), unit: 'rating' as const })),
    rows: [...tenants.values()].map((line) => ({ label: line.label, values: months.map((m) => avg2(line.byMonth.get(m) ?? null)) })),
    totals: months.map((m) => avg2(all.get(m) ?? null)),
  };
}

/**
 * Scorecards of the requests created in the period: per executor (employee), contractor and request type,
 * how many, the median hours to take into work and to close, the average rating and its distribution, and
 * the share reopened (returned by the applicant, or reopened by staff after closing), the SLA met; then the tenants'
 * satisfaction by month. Read from the requests themselves (the rollup keeps no ratings).
 */
export async function scorecardsReport(ctx: Ctx): Promise<Built> {
  const t = ctx.ll.reports;
  const [executors, contractors, types, overall, satisfied] = await Promise.all([
    scoreRows(ctx, sql`join employees em on em.id = r.assignee_employee_id`, sql`true`, sql`em.id`, sql`em.full_name`),
    scoreRows(ctx, sql`join contractors c on c.id = r.assignee_contractor_id`, sql`true`, sql`c.id`, sql`c.name`),
    scoreRows(ctx, sql`join request_types rt on rt.id = r.type_id`, sql`true`, sql`rt.id`, sql`${typeName(ctx, 'rt')}`),
    rows<Pick<ScoreRow, 'n' | 'avg' | 'reopened' | 'take' | 'close' | 'takeDue' | 'takeMet' | 'resolveDue' | 'resolveMet'> & { rated: number; low: number }>(
      ctx.db,
      sql`select count(*)::int as n, ${slaCounts}, count(q.rating)::int as rated, avg(q.rating)::float8 as avg,
        count(*) filter (where q.rating <= 2)::int as low, count(*) filter (where r.returned)::int as reopened,
        percentile_cont(0.5) within group (order by ${hoursTo('r.taken_at')}) filter (where r.taken_at is not null)::float8 as take,
        percentile_cont(0.5) within group (order by ${hoursTo('r.closed_at')}) filter (where r.closed_at is not null)::float8 as close
      from requests r left join request_ratings q on q.request_id = r.id where ${scope(ctx)}`,
    ),
    satisfaction(ctx),
  ]);
  const all = overall[0] ?? { n: 0, rated: 0, avg: null, low: 0, reopened: 0, take: null, close: null, takeDue: 0, takeMet: 0, resolveDue: 0, resolveMet: 0 };
  return {
    figures: [
      fig('created', t.figure.created(), all.n),
      fig('rated', t.figure.rated(), all.rated),
      fig('avg_rating', t.figure.avgRating(), avg2(all.avg), 'rating'),
      fig('low_ratings', t.figure.lowRatings(), all.low),
      fig('reopened', t.figure.reopened(), share(all.reopened, all.n), 'percent'),
      fig('median_take', t.figure.medianTake(), round1(all.take), 'hours'),
      fig('median_close', t.figure.medianClose(), round1(all.close), 'hours'),
      fig('sla_take', t.figure.slaTake(), share(all.takeMet, all.takeDue), 'percent'),
      fig('sla_resolve', t.figure.slaResolve(), share(all.resolveMet, all.resolveDue), 'percent'),
    ],
    tables: [
      scorecard(ctx, 'by_executor', t.table.scoreExecutors(), t.col.employee(), executors),
      scorecard(ctx, 'by_contractor', t.table.scoreContractors(), t.col.contractor(), contractors),
      scorecard(ctx, 'by_type', t.table.scoreTypes(), t.col.type(), types),
      satisfied,
    ],
  };
}
