import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { users } from '#server/db/schema';
import { translatorFor } from '#server/http/i18n';
import { periodOf } from '#server/modules/reports/period';
import { landlordReport, type ReportName } from '#server/modules/reports/reports';
import { benchServer } from './bench-server';

const REQUESTS = Number(process.env.BENCH_REPORT_REQUESTS ?? 20_000);
const TASKS = Number(process.env.BENCH_REPORT_TASKS ?? 5_000);
const ROOMS = Number(process.env.BENCH_REPORT_ROOMS ?? 200);
const TIMES = Number(process.env.BENCH_REPORT_TIMES ?? 10);

const percentiles = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(1) ?? '-';
  return `p50 ${p(0.5).padStart(7)} ms, p95 ${p(0.95).padStart(7)} ms`;
};

export async function benchReports(adminUrl = process.env.BENCH_DATABASE_URL) {
  const server = await benchServer('bench-reports', adminUrl);
  const { base, db } = server;
  console.log(
    `\nreports — database: ${server.kind}, requests: ${REQUESTS.toLocaleString('en')}, tasks: ${TASKS.toLocaleString('en')}, rooms: ${ROOMS.toLocaleString('en')}`,
  );

  const [landlord] = await db.select().from(users).where(eq(users.username, 'landlord'));
  if (!landlord?.landlordId) throw new Error('demo landlord missing');
  const L = landlord.landlordId;
  const t0 = performance.now();
  // One object per 100 rooms; requests spread over the last year, three in four closed, a fifth late.
  await db.execute(sql`insert into objects (landlord_id, name, city, address)
    select ${L}::uuid, 'Bench ' || g, 'Алматы', 'Bench ' || g from generate_series(1, greatest(1, ${ROOMS}::int / 100)) g`);
  await db.execute(sql`insert into rooms (landlord_id, object_id, number, floor, area)
    select ${L}::uuid, o.id, 'B' || g, 1 + g % 5, 20 + g % 80
    from generate_series(1, ${ROOMS}::int) g
    join lateral (select id from objects where landlord_id = ${L}::uuid and name like 'Bench %' order by name offset (g % greatest(1, ${ROOMS}::int / 100)) limit 1) o on true`);
  for (let start = 0; start < REQUESTS; start += 100_000) {
    const n = Math.min(100_000, REQUESTS - start);
    await db.execute(sql`insert into requests (landlord_id, number, type_id, object_id, applicant_name, description, status, from_visitor,
        assignee_employee_id, created_at, deadline_at, closed_at)
      select ${L}::uuid, 1000000 + g, t.id, o.id, 'Bench', 'Bench request',
        (case when g % 4 = 0 then 'new' else 'closed' end)::request_status, g % 10 = 0,
        (select id from employees where landlord_id = ${L}::uuid limit 1),
        now() - (g % 365) * interval '1 day' - (g % 24) * interval '1 hour',
        now() - (g % 365) * interval '1 day' + interval '24 hours',
        case when g % 4 = 0 then null else now() - (g % 365) * interval '1 day' + (case when g % 5 = 0 then 30 else 6 end) * interval '1 hour' end
      from generate_series(${start + 1}::int, ${start + n}::int) g
      cross join lateral (select id from request_types order by id offset g % 5 limit 1) t
      cross join lateral (select id from objects where landlord_id = ${L}::uuid order by id offset g % greatest(1, ${ROOMS}::int / 100) limit 1) o`);
  }
  await db.execute(sql`insert into request_events (request_id, actor_name, event, to_status, created_at)
    select id, 'Bench', 'request.take', 'in_progress', created_at + interval '2 hours' from requests where landlord_id = ${L}::uuid and number > 1000000 and status = 'closed'`);
  await db.execute(sql`insert into tasks (landlord_id, title, creator_user_id, executor_user_id, status, created_at, deadline_at, completed_at)
    select ${L}::uuid, 'Bench task', ${landlord.id}::uuid, ${landlord.id}::uuid, (case when g % 3 = 0 then 'new' else 'accepted' end)::task_status,
      now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day' + interval '3 days',
      case when g % 3 = 0 then null else now() - (g % 365) * interval '1 day' + (g % 5) * interval '1 day' end
    from generate_series(1, ${TASKS}::int) g`);
  await db.execute(sql`vacuum analyze`);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const token = await server.login('landlord');
  const ll = translatorFor({ headers: {} } as Parameters<typeof translatorFor>[0]);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const names: Exclude<ReportName, 'platform'>[] = ['requests', 'tasks', 'waiting_list', 'occupancy', 'violations', 'notifications'];
  for (const [label, from] of [
    ['month', `${today.slice(0, 8)}01`],
    ['year', yearAgo],
  ] as const) {
    for (const name of names) {
      const http: number[] = [];
      const raw: number[] = [];
      for (let i = 0; i < TIMES; i++) {
        let s = performance.now();
        const res = await fetch(`${base}/reports/${name}?from=${from}&to=${today}`, { headers: { authorization: `Bearer ${token}` } });
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        http.push(performance.now() - s);
        s = performance.now();
        await landlordReport(name, { db, landlordId: L, period: periodOf({ from, to: today }), ll, locale: 'ru' });
        raw.push(performance.now() - s);
      }
      console.log(`GET /reports/${name.padEnd(13)} ${label.padEnd(5)} ${percentiles(http)}   raw SQL ${percentiles(raw)}`);
    }
  }

  await server.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReports();
