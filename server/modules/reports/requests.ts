import { sql } from 'drizzle-orm';
import { bucketOf, within } from './period';
import { type Built, type Ctx, col, fig, type Keyed, overTime, round1, rows, share, table, typeName } from './shape';

/** Requests of the landlord (and object): created, closed, on time, medians, overdue, by status, type, object, executor. */
export async function requestsReport(ctx: Ctx): Promise<Built> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const scope = sql`r.landlord_id = ${ctx.landlordId}::uuid ${ctx.objectId ? sql`and r.object_id = ${ctx.objectId}::uuid` : sql``}
    ${ctx.executorId ? sql`and r.assignee_employee_id = ${ctx.executorId}::uuid` : sql``}
    ${ctx.typeId ? sql`and r.type_id = ${ctx.typeId}::uuid` : sql``} ${ctx.renterId ? sql`and r.renter_id = ${ctx.renterId}::uuid` : sql``}`;
  const created = sql`${scope} and ${within(col('r.created_at'), p)}`;
  const closed = sql`${scope} and ${within(col('r.closed_at'), p)}`;
  const open = sql`r.status not in ('done', 'closed', 'rejected')`;
  const [[made], [shut], [now], perCreated, perClosed, byStatus, byType, byObject, byExecutor] = await Promise.all([
    rows<{ n: number; visitors: number; take: number | null }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where r.from_visitor)::int as visitors,
        (percentile_cont(0.5) within group (order by extract(epoch from taken.at - r.created_at) / 3600))::float8 as take
      from requests r
      left join lateral (select min(e.created_at) as at from request_events e where e.request_id = r.id and e.to_status = 'in_progress') taken on true
      where ${created}`,
    ),
    rows<{ n: number; on_time: number; close: number | null }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where r.closed_at <= r.deadline_at)::int as on_time,
        (percentile_cont(0.5) within group (order by extract(epoch from r.closed_at - r.created_at) / 3600))::float8 as close
      from requests r where ${closed}`,
    ),
    rows<{ open: number; overdue: number }>(
      db,
      sql`select count(*)::int as open, count(*) filter (where r.deadline_at < now())::int as overdue from requests r where ${scope} and ${open}`,
    ),
    rows<Keyed>(db, sql`select ${bucketOf(col('r.created_at'), p)} as key, count(*)::int as n from requests r where ${created} group by 1`),
    rows<Keyed>(db, sql`select ${bucketOf(col('r.closed_at'), p)} as key, count(*)::int as n from requests r where ${closed} group by 1`),
    rows<{ key: string; n: number }>(db, sql`select r.status::text as key, count(*)::int as n from requests r where ${created} group by 1 order by 2 desc`),
    rows<{ key: string; n: number; closed: number; on_time: number; visitors: number }>(
      db,
      sql`select ${typeName(ctx, 'rt')} as key, count(*)::int as n, count(r.closed_at)::int as closed,
        count(*) filter (where r.closed_at <= r.deadline_at)::int as on_time, count(*) filter (where r.from_visitor)::int as visitors
      from requests r join request_types rt on rt.id = r.type_id where ${created} group by 1 order by 2 desc, 1`,
    ),
    rows<{ key: string; n: number; closed: number }>(
      db,
      sql`select o.name as key, count(*)::int as n, count(r.closed_at)::int as closed
      from requests r join objects o on o.id = r.object_id where ${created} group by o.id, o.name order by 2 desc, 1`,
    ),
    rows<{ key: string | null; n: number; load: number; on_time: number; returned: number }>(
      db,
      sql`select coalesce(em.full_name, c.name) as key, count(*)::int as n, count(*) filter (where ${open})::int as load,
        count(*) filter (where r.closed_at <= r.deadline_at)::int as on_time,
        count(*) filter (where exists (select 1 from request_events e where e.request_id = r.id and e.to_status = 'returned'))::int as returned
      from requests r left join employees em on em.id = r.assignee_employee_id left join contractors c on c.id = r.assignee_contractor_id
      where ${created} group by em.id, em.full_name, c.id, c.name order by 2 desc, 1`,
    ),
  ]);
  const statuses = ll.requests.statuses as Record<string, () => string>;
  return {
    figures: [
      fig('created', t.figure.created(), made?.n ?? 0),
      fig('closed', t.figure.closed(), shut?.n ?? 0),
      fig('sla', t.figure.sla(), share(shut?.on_time ?? 0, shut?.n ?? 0), 'percent'),
      fig('median_take', t.figure.medianTake(), round1(made?.take), 'hours'),
      fig('median_close', t.figure.medianClose(), round1(shut?.close), 'hours'),
      fig('open', t.figure.open(), now?.open ?? 0),
      fig('overdue', t.figure.overdue(), now?.overdue ?? 0),
      fig('visitors', t.figure.visitor(), made?.visitors ?? 0),
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
