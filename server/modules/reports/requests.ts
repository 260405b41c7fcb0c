import { sql } from 'drizzle-orm';
import { requestStatHours, requestStats } from '../../db/schema';
import { dayBucketOf, daysWithin } from './period';
import { type Built, type Ctx, col, fig, overTime, round1, rows, share, table, typeName } from './shape';

/** A request's columns as the rollup's functions take them (migration 0019), for `requests r`. */
export const requestShareArgs = sql.raw(
  'r.landlord_id, r.object_id, r.type_id, r.assignee_employee_id, r.assignee_contractor_id, r.status, r.from_visitor, r.created_at, r.deadline_at, r.closed_at, r.taken_at, r.returned',
);

/**
 * The rollup rows of the report's scope (server/db/schema/request-stats.ts): the landlord's own, or,
 * for one renter, the same rows computed from that renter's few requests by the very functions that
 * keep the rollup.
 */
function sources(ctx: Ctx) {
  if (!ctx.renterId) return { stats: sql`${requestStats} s`, hours: sql`${requestStatHours} s` };
  const mine = sql`where r.landlord_id = ${ctx.landlordId}::uuid and r.renter_id = ${ctx.renterId}::uuid`;
  return {
    stats: sql`(select s.* from requests r cross join lateral request_stat_rows(${requestShareArgs}) s ${mine}) s`,
    hours: sql`(select s.* from requests r cross join lateral request_stat_hour_rows(${requestShareArgs}) s ${mine}) s`,
  };
}

/** The median of a histogram of hours, as percentile_cont(0.5) reads sorted values: the middle one, or the mean of the middle two. */
export function medianOf(histogram: { hours: number; n: number }[]): number | null {
  const total = histogram.reduce((sum, h) => sum + h.n, 0);
  if (total === 0) return null;
  const at = (k: number) => {
    let seen = 0;
    for (const h of histogram) {
      seen += h.n;
      if (seen > k) return h.hours;
    }
    return Number.NaN;
  };
  return (at(Math.floor((total - 1) / 2)) + at(Math.ceil((total - 1) / 2))) / 2;
}

/** Requests of the landlord (and object): created, closed, on time, medians, overdue, by status, type, object, executor. */
export async function requestsReport(ctx: Ctx): Promise<Built> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const source = sources(ctx);
  const where = sql`s.landlord_id = ${ctx.landlordId}::uuid and ${daysWithin(col('s.day'), p)}
    ${ctx.objectId ? sql`and s.object_id = ${ctx.objectId}::uuid` : sql``}
    ${ctx.executorId ? sql`and s.employee_id = ${ctx.executorId}::uuid` : sql``} ${ctx.typeId ? sql`and s.type_id = ${ctx.typeId}::uuid` : sql``}`;
  const stats = sql`from ${source.stats} where ${where}`;
  const histogram = (kind: 'take' | 'close') =>
    rows<{ hours: number; n: number }>(
      db,
      sql`select s.hours::float8 as hours, sum(s.n)::int as n from ${source.hours} where ${where} and s.kind = ${kind} group by s.hours having sum(s.n) > 0 order by 1`,
    );
  // Open and overdue are now, whatever the period: the open requests' partial index answers them.
  const scope = sql`r.landlord_id = ${ctx.landlordId}::uuid ${ctx.objectId ? sql`and r.object_id = ${ctx.objectId}::uuid` : sql``}
    ${ctx.executorId ? sql`and r.assignee_employee_id = ${ctx.executorId}::uuid` : sql``}
    ${ctx.typeId ? sql`and r.type_id = ${ctx.typeId}::uuid` : sql``} ${ctx.renterId ? sql`and r.renter_id = ${ctx.renterId}::uuid` : sql``}`;
  const open = sql`s.status not in ('done', 'closed', 'rejected')`;
  const [[sums], takes, closes, [now], perDay, byStatus, byType, byObject, byExecutor] = await Promise.all([
    rows<{ made: number; visitors: number; shut: number; on_time: number }>(
      db,
      sql`select coalesce(sum(s.created), 0)::int as made, coalesce(sum(s.created) filter (where s.from_visitor), 0)::int as visitors,
        coalesce(sum(s.closed), 0)::int as shut, coalesce(sum(s.closed_on_time), 0)::int as on_time ${stats}`,
    ),
    histogram('take'),
    histogram('close'),
    rows<{ open: number; overdue: number }>(
      db,
      sql`select count(*)::int as open, count(*) filter (where r.deadline_at < now())::int as overdue from requests r
        where ${scope} and r.status not in ('done', 'closed', 'rejected')`,
    ),
    rows<{ key: string; created: number; closed: number }>(
      db,
      sql`select ${dayBucketOf(col('s.day'), p)} as key, sum(s.created)::int as created, sum(s.closed)::int as closed ${stats} group by 1`,
    ),
    rows<{ key: string; n: number }>(
      db,
      sql`select s.status::text as key, sum(s.created)::int as n ${stats} group by 1 having sum(s.created) > 0 order by 2 desc`,
    ),
    rows<{ key: string; n: number; closed: number; on_time: number; visitors: number }>(
      db,
      sql`select ${typeName(ctx, 'rt')} as key, sum(s.created)::int as n, sum(s.created_closed)::int as closed,
        sum(s.created_on_time)::int as on_time, coalesce(sum(s.created) filter (where s.from_visitor), 0)::int as visitors
      from ${source.stats} join request_types rt on rt.id = s.type_id where ${where} group by 1 having sum(s.created) > 0 order by 2 desc, 1`,
    ),
    rows<{ key: string; n: number; closed: number }>(
      db,
      sql`select o.name as key, sum(s.created)::int as n, sum(s.created_closed)::int as closed
      from ${source.stats} join objects o on o.id = s.object_id where ${where} group by o.id, o.name having sum(s.created) > 0 order by 2 desc, 1`,
    ),
    rows<{ key: string | null; n: number; load: number; on_time: number; returned: number }>(
      db,
      sql`select coalesce(em.full_name, c.name) as key, sum(s.created)::int as n, coalesce(sum(s.created) filter (where ${open}), 0)::int as load,
        sum(s.created_on_time)::int as on_time, sum(s.created_returned)::int as returned
      from ${source.stats} left join employees em on em.id = s.employee_id left join contractors c on c.id = s.contractor_id
      where ${where} group by em.id, em.full_name, c.id, c.name having sum(s.created) > 0 order by 2 desc, 1`,
    ),
  ]);
  const made = { n: sums?.made ?? 0, visitors: sums?.visitors ?? 0, take: medianOf(takes) };
  const shut = { n: sums?.shut ?? 0, on_time: sums?.on_time ?? 0, close: medianOf(closes) };
  const perCreated = perDay.map((d) => ({ key: d.key, n: d.created }));
  const perClosed = perDay.map((d) => ({ key: d.key, n: d.closed }));
  const statuses = ll.requests.statuses as Record<string, () => string>;
  return {
    figures: [
      fig('created', t.figure.created(), made.n),
      fig('closed', t.figure.closed(), shut.n),
      fig('sla', t.figure.sla(), share(shut.on_time, shut.n), 'percent'),
      fig('median_take', t.figure.medianTake(), round1(made.take), 'hours'),
      fig('median_close', t.figure.medianClose(), round1(shut.close), 'hours'),
      fig('open', t.figure.open(), now?.open ?? 0),
      fig('overdue', t.figure.overdue(), now?.overdue ?? 0),
      fig('visitors', t.figure.visitor(), made.visitors),
    ],
    tables: [
      overTime(ctx, 'over_time', [
        { key: 'created', label: t.figure.created(), rows: perCreated },
        { key: 'closed', label: t.figure.closed(), rows: perClosed },
      ]),
      table({
        key: 'by_status',
        title: t.table.byStatus(),
        chart: 'bar',
        label: t.col.status(),
        columns: [{ key: 'count', label: t.figure.created() }],
        rows: byStatus.map((r) => ({ label: statuses[r.key]?.() ?? r.key, values: [r.n] })),
      }),
      table({
        key: 'by_type',
        title: t.table.byType(),
        chart: 'bar',
        label: t.col.type(),
        columns: [
          { key: 'created', label: t.figure.created() },
          { key: 'closed', label: t.figure.closed() },
          { key: 'on_time', label: t.figure.onTime() },
          { key: 'visitors', label: t.figure.visitor() },
        ],
        rows: byType.map((r) => ({ label: r.key, values: [r.n, r.closed, r.on_time, r.visitors] })),
      }),
      table({
        key: 'by_object',
        title: t.table.byObject(),
        chart: 'bar',
        label: t.col.object(),
        columns: [
          { key: 'created', label: t.figure.created() },
          { key: 'closed', label: t.figure.closed() },
        ],
        rows: byObject.map((r) => ({ label: r.key, values: [r.n, r.closed] })),
      }),
      table({
        key: 'by_executor',
        title: t.table.byExecutor(),
        chart: 'bar',
        label: t.col.executor(),
        columns: [
          { key: 'created', label: t.figure.created() },
          { key: 'load', label: t.col.load() },
          { key: 'on_time', label: t.figure.onTime() },
          { key: 'returned', label: t.figure.returned() },
        ],
        rows: byExecutor.map((r) => ({ label: r.key ?? t.col.none(), values: [r.n, r.load, r.on_time, r.returned] })),
      }),
    ],
  };
}
