import { type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { almatyToday, bucketOf, bucketsOf, type Period, within } from './period';

type Report = components['schemas']['Report'];
type Figure = Report['figures'][number];
type Table = Report['tables'][number];
export type ReportName = Report['name'];

export type Ctx = { db: Db; landlordId: string; period: Period; objectId?: string; executorId?: string; ll: LL; locale: 'ru' | 'kk' | 'en' };

// Both drivers (node-postgres, PGlite) answer a raw query with `rows`; every number is cast in SQL to
// int or float8, which both hand back as a JS number (a bigint or numeric would come back as text).
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const col = (name: string) => sql.raw(name);
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((1000 * part) / whole) / 10);
const fig = (key: string, label: string, value: number | null, unit: Figure['unit'] = 'count'): Figure => ({ key, label, value, unit });

/** A table whose every column sums (counts, areas, money); `sums` false leaves a column's total empty. */
function table(t: Omit<Table, 'totals'>, sums: boolean[] = t.columns.map(() => true)): Table {
  const totals = t.columns.map((_, i) => (sums[i] ? Math.round(100 * t.rows.reduce((s, r) => s + (r.values[i] ?? 0), 0)) / 100 : null));
  return { ...t, totals };
}

type Keyed = { key: string } & Record<string, number | string | null>;

/** A per-bucket chart: every day (or week) of the period, joined with the series the queries counted. */
function overTime(ctx: Ctx, key: string, series: { key: string; label: string; rows: Keyed[] }[]): Table {
  const t = ctx.ll.reports;
  const index = series.map((s) => new Map(s.rows.map((r) => [r.key, Number(r.n)])));
  return table({
    key,
    title: ctx.period.unit === 'week' ? t.table.byWeek() : t.table.byDay(),
    chart: 'line',
    label: ctx.period.unit === 'week' ? t.col.week() : t.col.day(),
    columns: series.map((s) => ({ key: s.key, label: s.label })),
    rows: bucketsOf(ctx.period).map((b) => ({ label: b, values: index.map((m) => m.get(b) ?? 0) })),
  });
}

const typeName = (ctx: Ctx, alias: string) => sql.raw(`${alias}.name_${ctx.locale}`);

/** Requests of the landlord (and object): created, closed, on time, medians, overdue, by status, type, object, executor. */
async function requestsReport(ctx: Ctx): Promise<Omit<Report, 'name' | 'from' | 'to'>> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const scope = sql`r.landlord_id = ${ctx.landlordId}::uuid ${ctx.objectId ? sql`and r.object_id = ${ctx.objectId}::uuid` : sql``}
    ${ctx.executorId ? sql`and r.assignee_employee_id = ${ctx.executorId}::uuid` : sql``}`;
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

const round1 = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 10) / 10);

/** Tasks of the landlord: given and completed, on time, expired, returned for revision, per employee. */
async function tasksReport(ctx: Ctx): Promise<Omit<Report, 'name' | 'from' | 'to'>> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const scope = sql`k.landlord_id = ${ctx.landlordId}::uuid
    ${ctx.executorId ? sql`and k.executor_user_id = (select em.user_id from employees em where em.id = ${ctx.executorId}::uuid)` : sql``}`;
  const given = sql`${scope} and ${within(col('k.created_at'), p)}`;
  const done = sql`${scope} and ${within(col('k.completed_at'), p)}`;
  const returnedIn = sql`exists (select 1 from task_events e where e.task_id = k.id and e.to_status = 'for_revision' and ${within(col('e.created_at'), p)})`;
  const [[g], [c], [back], perGiven, perDone, byEmployee] = await Promise.all([
    rows<{ n: number; expired: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where k.status = 'expired')::int as expired from tasks k where ${given}`,
    ),
    rows<{ n: number; on_time: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where k.completed_at <= k.deadline_at)::int as on_time from tasks k where ${done}`,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from task_events e join tasks k on k.id = e.task_id where ${scope} and e.to_status = 'for_revision' and ${within(col('e.created_at'), p)}`,
    ),
    rows<Keyed>(db, sql`select ${bucketOf(col('k.created_at'), p)} as key, count(*)::int as n from tasks k where ${given} group by 1`),
    rows<Keyed>(db, sql`select ${bucketOf(col('k.completed_at'), p)} as key, count(*)::int as n from tasks k where ${done} group by 1`),
    rows<{ key: string | null; given: number; completed: number; on_time: number; expired: number; returned: number }>(
      db,
      sql`select coalesce(u.full_name, c.name) as key,
        count(*) filter (where ${within(col('k.created_at'), p)})::int as given,
        count(*) filter (where ${within(col('k.completed_at'), p)})::int as completed,
        count(*) filter (where ${within(col('k.completed_at'), p)} and k.completed_at <= k.deadline_at)::int as on_time,
        count(*) filter (where ${within(col('k.created_at'), p)} and k.status = 'expired')::int as expired,
        count(*) filter (where ${returnedIn})::int as returned
      from tasks k left join users u on u.id = k.executor_user_id left join contractors c on c.id = k.executor_contractor_id
      where ${scope} and (${within(col('k.created_at'), p)} or ${within(col('k.completed_at'), p)} or ${returnedIn})
      group by u.id, u.full_name, c.id, c.name order by 2 desc, 1`,
    ),
  ]);
  return {
    figures: [
      fig('given', t.figure.given(), g?.n ?? 0),
      fig('completed', t.figure.completed(), c?.n ?? 0),
      fig('on_time', t.figure.onTime(), share(c?.on_time ?? 0, c?.n ?? 0), 'percent'),
      fig('expired', t.figure.expired(), g?.expired ?? 0),
      fig('returned', t.figure.returned(), back?.n ?? 0),
    ],
    tables: [
      overTime(ctx, 'over_time', [
        { key: 'given', label: t.figure.given(), rows: perGiven },
        { key: 'completed', label: t.figure.completed(), rows: perDone },
      ]),
      table({
        key: 'by_employee',
        title: t.table.byEmployee(),
        chart: 'bar',
        label: t.col.employee(),
        columns: [
          { key: 'given', label: t.figure.given() },
          { key: 'completed', label: t.figure.completed() },
          { key: 'on_time', label: t.figure.onTime() },
          { key: 'expired', label: t.figure.expired() },
          { key: 'returned', label: t.figure.returned() },
        ],
        rows: byEmployee.map((r) => ({ label: r.key ?? t.col.none(), values: [r.given, r.completed, r.on_time, r.expired, r.returned] })),
      }),
    ],
  };
}

/** Questionnaires received in the period: the funnel to renter, by category and by the area asked for. */
async function waitingListReport(ctx: Ctx): Promise<Omit<Report, 'name' | 'from' | 'to'>> {
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

/**
 * Occupancy today (the period does not apply): a room is leased when a signed lease holds it for a
 * period containing today (the contracts module's rule), the rent roll's totals, the leases ending in
 * each of the next 12 months, and the average rate per m² by floor.
 */
async function occupancyReport(ctx: Ctx): Promise<Omit<Report, 'name' | 'from' | 'to'>> {
  const { db, ll } = ctx;
  const t = ll.reports;
  const objectOf = (alias: string) => (ctx.objectId ? sql`and ${sql.raw(alias)}.object_id = ${ctx.objectId}::uuid` : sql``);
  const held = sql`(select cr.room_id, cr.area, c.rate from contract_rooms cr join contracts c on c.id = cr.contract_id
    where cr.landlord_id = ${ctx.landlordId}::uuid and cr.held and current_date between cr.starts_on and cr.ends_on)`;
  const [byObject, [rent], expiries, byFloor] = await Promise.all([
    rows<{ key: string; rooms: number; leased: number; area: number; leased_area: number }>(
      db,
      sql`select o.name as key, count(rm.id)::int as rooms, count(h.room_id)::int as leased,
        coalesce(sum(rm.area), 0)::float8 as area, coalesce(sum(rm.area) filter (where h.room_id is not null), 0)::float8 as leased_area
      from rooms rm join objects o on o.id = rm.object_id left join ${held} h on h.room_id = rm.id
      where rm.landlord_id = ${ctx.landlordId}::uuid ${objectOf('rm')} group by o.id, o.name order by o.name`,
    ),
    rows<{ total: number; area: number }>(
      db,
      sql`select coalesce(sum(c.monthly_total), 0)::float8 as total, coalesce(sum(c.area), 0)::float8 as area from contracts c
      where c.landlord_id = ${ctx.landlordId}::uuid ${objectOf('c')}
        and exists (select 1 from contract_rooms cr where cr.contract_id = c.id and cr.held and current_date between cr.starts_on and cr.ends_on)`,
    ),
    rows<{ key: string; n: number; area: number; rent: number }>(
      db,
      sql`select to_char(c.ends_on, 'YYYY-MM') as key, count(*)::int as n, sum(c.area)::float8 as area, sum(c.monthly_total)::float8 as rent
      from contracts c where c.landlord_id = ${ctx.landlordId}::uuid ${objectOf('c')} and c.status in ('active', 'expiring')
        and c.ends_on >= date_trunc('month', current_date) and c.ends_on < date_trunc('month', current_date) + interval '12 months'
      group by 1`,
    ),
    rows<{ floor: number; area: number; rate: number | null }>(
      db,
      sql`select rm.floor, coalesce(sum(h.area), 0)::float8 as area, (sum(h.area * h.rate) / nullif(sum(h.area), 0))::float8 as rate
      from rooms rm left join ${held} h on h.room_id = rm.id
      where rm.landlord_id = ${ctx.landlordId}::uuid ${objectOf('rm')} group by rm.floor order by rm.floor`,
    ),
  ]);
  const sum = (k: 'rooms' | 'leased' | 'area' | 'leased_area') => byObject.reduce((s, r) => s + r[k], 0);
  const area = sum('area');
  const leasedArea = sum('leased_area');
  const [year, month] = almatyToday().split('-').map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(year, month - 1 + i, 1)).toISOString().slice(0, 7));
  const money2 = (v: number) => Math.round(v * 100) / 100;
  return {
    figures: [
      fig('rooms', t.figure.rooms(), sum('rooms')),
      fig('leased_rooms', t.figure.leasedRooms(), sum('leased')),
      fig('area', t.figure.area(), money2(area), 'area'),
      fig('leased_area', t.figure.leasedArea(), money2(leasedArea), 'area'),
      fig('occupancy', t.figure.occupancy(), share(leasedArea, area), 'percent'),
      fig('monthly_rent', t.figure.monthlyRent(), money2(rent?.total ?? 0), 'money'),
      fig('rent_per_m2', t.figure.rentPerM2(), rent?.area ? money2(rent.total / rent.area) : null, 'money'),
    ],
    tables: [
      table({
        key: 'by_object',
        title: t.table.byObject(),
        chart: 'bar',
        label: t.col.object(),
        columns: [
          { key: 'leased_area', label: t.figure.leasedArea() },
          { key: 'vacant_area', label: t.figure.vacantArea() },
          { key: 'leased_rooms', label: t.figure.leasedRooms() },
          { key: 'vacant_rooms', label: t.figure.vacantRooms() },
        ],
        rows: byObject.map((r) => ({ label: r.key, values: [money2(r.leased_area), money2(r.area - r.leased_area), r.leased, r.rooms - r.leased] })),
      }),
      table({
        key: 'expiries',
        title: t.table.expiries(),
        chart: 'bar',
        label: t.col.month(),
        columns: [
          { key: 'leases', label: t.figure.leases() },
          { key: 'area', label: t.figure.area() },
          { key: 'monthly_rent', label: t.figure.monthlyRent() },
        ],
        rows: months.map((m) => {
          const hit = expiries.find((e) => e.key === m);
          return { label: m, values: [hit?.n ?? 0, money2(hit?.area ?? 0), money2(hit?.rent ?? 0)] };
        }),
      }),
      table(
        {
          key: 'by_floor',
          title: t.table.byFloor(),
          chart: 'bar',
          label: t.col.floor(),
          columns: [
            { key: 'rent_per_m2', label: t.figure.rentPerM2() },
            { key: 'leased_area', label: t.figure.leasedArea() },
          ],
          rows: byFloor.map((r) => ({ label: String(r.floor), values: [r.rate === null ? null : money2(r.rate), money2(r.area)] })),
        },
        [false, true],
      ),
    ],
  };
}

/** Violations that occurred in the period (drafts are not yet violations): by type, by renter, fines, repeat offenders. */
async function violationsReport(ctx: Ctx): Promise<Omit<Report, 'name' | 'from' | 'to'>> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const where = sql`v.landlord_id = ${ctx.landlordId}::uuid ${ctx.objectId ? sql`and v.object_id = ${ctx.objectId}::uuid` : sql``}
    and v.status <> 'draft' and ${within(col('v.occurred_at'), p)}`;
  const [[all], byType, byRenter, fines] = await Promise.all([
    rows<{ n: number; fines: number; fine_sum: number }>(
      db,
      sql`select count(*)::int as n, count(v.fine)::int as fines, coalesce(sum(v.fine), 0)::float8 as fine_sum from violations v where ${where}`,
    ),
    rows<{ key: string; n: number; fine_sum: number }>(
      db,
      sql`select ${typeName(ctx, 'vt')} as key, count(*)::int as n, coalesce(sum(v.fine), 0)::float8 as fine_sum
      from violations v join violation_types vt on vt.id = v.type_id where ${where} group by vt.id, 1 order by 2 desc, 1`,
    ),
    rows<{ key: string; n: number; fine_sum: number }>(
      db,
      sql`select rn.legal_name as key, count(*)::int as n, coalesce(sum(v.fine), 0)::float8 as fine_sum
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
    { key: 'fine_sum', label: t.figure.fineSum() },
  ];
  return {
    figures: [
      fig('violations', t.figure.violations(), all?.n ?? 0),
      fig('fines', t.figure.fines(), all?.fines ?? 0),
      fig('fine_sum', t.figure.fineSum(), all?.fine_sum ?? 0, 'money'),
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
          { key: 'fine_sum', label: t.figure.fineSum() },
        ],
        rows: fines.map((r) => ({ label: statuses[r.key]?.() ?? r.key, values: [r.n, r.fine_sum] })),
      }),
    ],
  };
}

/** Inbox rows written for the landlord's people in the period: sent, read, by kind. */
async function notificationsReport(ctx: Ctx): Promise<Omit<Report, 'name' | 'from' | 'to'>> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const where = sql`n.landlord_id = ${ctx.landlordId}::uuid and ${within(col('n.created_at'), p)}`;
  const byKind = await rows<{ key: string; n: number; read: number }>(
    db,
    sql`select n.kind as key, count(*)::int as n, count(n.read_at)::int as read from notifications n where ${where} group by 1 order by 2 desc, 1`,
  );
  const sent = byKind.reduce((s, r) => s + r.n, 0);
  const read = byKind.reduce((s, r) => s + r.read, 0);
  return {
    figures: [fig('sent', t.figure.sent(), sent), fig('read', t.figure.read(), read), fig('read_share', t.figure.readShare(), share(read, sent), 'percent')],
    tables: [
      table({
        key: 'by_kind',
        title: t.table.byKind(),
        chart: 'bar',
        label: t.col.kind(),
        columns: [
          { key: 'sent', label: t.figure.sent() },
          { key: 'read', label: t.figure.read() },
        ],
        rows: byKind.map((r) => ({ label: r.key, values: [r.n, r.read] })),
      }),
    ],
  };
}

/** The superadmin's platform: landlords, their users, and what happened in the period. */
export async function platformReport(db: Db, period: Period, ll: LL): Promise<Report> {
  const t = ll.reports;
  const byLandlord = await rows<{ key: string; users: number; requests: number; tasks: number }>(
    db,
    sql`select l.name as key,
      (select count(*) from users u where u.landlord_id = l.id)::int as users,
      (select count(*) from requests r where r.landlord_id = l.id and ${within(col('r.created_at'), period)})::int as requests,
      (select count(*) from tasks k where k.landlord_id = l.id and ${within(col('k.created_at'), period)})::int as tasks
    from landlords l order by l.name`,
  );
  const [users] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  const sum = (k: 'requests' | 'tasks') => byLandlord.reduce((s, r) => s + r[k], 0);
  return {
    name: 'platform',
    from: period.from,
    to: period.to,
    figures: [
      fig('landlords', t.figure.landlords(), byLandlord.length),
      fig('users', t.figure.users(), users?.n ?? 0),
      fig('requests', t.names.requests(), sum('requests')),
      fig('tasks', t.names.tasks(), sum('tasks')),
    ],
    tables: [
      table({
        key: 'by_landlord',
        title: t.table.byLandlord(),
        chart: 'bar',
        label: t.col.landlord(),
        columns: [
          { key: 'users', label: t.figure.users() },
          { key: 'requests', label: t.names.requests() },
          { key: 'tasks', label: t.names.tasks() },
        ],
        rows: byLandlord.map((r) => ({ label: r.key, values: [r.users, r.requests, r.tasks] })),
      }),
    ],
  };
}

const builders = {
  requests: requestsReport,
  tasks: tasksReport,
  waiting_list: waitingListReport,
  occupancy: occupancyReport,
  violations: violationsReport,
  notifications: notificationsReport,
} satisfies Record<Exclude<ReportName, 'platform'>, (ctx: Ctx) => Promise<Omit<Report, 'name' | 'from' | 'to'>>>;

/** One landlord's report. */
export async function landlordReport(name: Exclude<ReportName, 'platform'>, ctx: Ctx): Promise<Report> {
  return { name, from: ctx.period.from, to: ctx.period.to, ...(await builders[name](ctx)) };
}
