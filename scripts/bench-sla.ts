import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { rows } from '#server/db/rows';
import { users } from '#server/db/schema';
import { dueScan, runEscalations } from '#server/modules/requests/sla/escalation';
import { s } from './bench-exports';
import { benchServer } from './bench-server';

const DAY = 86_400_000;

/** The median and p95 of `times` runs of `run`, in ms. */
async function timed(run: () => Promise<unknown>, times = 20) {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => (samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0).toFixed(1);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms`;
}

/**
 * The escalation job's scan at a large operator's size: BENCH_SLA_REQUESTS requests (1,000,000 on
 * PostgreSQL, 100,000 on PGlite) seeded by one INSERT ... SELECT, a fifth of them open with their next
 * step spread over the next 30 days. Timed: the scan when nothing is due (every minute's case), the scan
 * of 500 due requests, one run of the job sending their steps, and a raw baseline — the same rows found
 * without the partial index (the open requests by a scan of the table). Then the scan's plan.
 */
export async function benchSla(adminUrl = process.env.BENCH_DATABASE_URL) {
  const server = await benchServer('bench-sla', adminUrl);
  const { db } = server;
  const size = Number(process.env.BENCH_SLA_REQUESTS ?? (server.kind === 'postgres' ? 1_000_000 : 100_000));
  console.log(`\nSLA escalation — database: ${server.kind}, requests: ${size.toLocaleString('en')}`);
  const [landlord] = await db.select().from(users).where(eq(users.username, 'landlord'));
  if (!landlord?.landlordId) throw new Error('demo landlord missing');
  const L = landlord.landlordId;
  // The process's own job runs on the real clock: every step here is due from tomorrow on, where only this bench's runs look.
  const from = Date.now() + DAY;
  const t = performance.now();
  await db.execute(sql`insert into requests (landlord_id, number, type_id, object_id, renter_id, applicant_name, description,
      status, assignee_employee_id, created_at, deadline_at, next_escalation_at)
    select ${L}::uuid, 1000000 + g, (array(select id from request_types order by id))[1 + g % 5],
      (array(select id from objects where landlord_id = ${L}::uuid order by id))[1],
      (array(select id from renters where landlord_id = ${L}::uuid order by id))[1],
      'Заявитель ' || g, 'Bench request',
      (case when g % 5 = 0 then 'new' else 'closed' end)::request_status,
      (array(select id from employees where landlord_id = ${L}::uuid order by id))[1],
      now() - (g % 365) * interval '1 day', now() + interval '2 days',
      case when g % 5 = 0 then ${new Date(from).toISOString()}::timestamptz + (g % 43200) * interval '1 minute' end
    from generate_series(1, ${size}::int) g`);
  await db.execute(sql`vacuum analyze requests`);
  console.log(`seeded in ${s(performance.now() - t)}`);

  const before = new Date(from - 60_000);
  // 500 due: the first 500 minutes of steps after `from`.
  const due = new Date(from + 500 * 60_000);
  console.log(`scan, nothing due:          ${await timed(() => db.execute(dueScan(before, 500)))}`);
  console.log(`scan, 500 due:              ${await timed(() => db.execute(dueScan(due, 500)))}`);
  const raw = sql`select id from requests where status not in ('done', 'closed', 'rejected') and next_escalation_at <= ${due.toISOString()}::timestamptz
    order by next_escalation_at limit 500`;
  const withoutIndex = async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(raw);
    });
  };
  console.log(`raw baseline, no index:     ${await timed(withoutIndex, 5)}`);
  const run = performance.now();
  const sent = await runEscalations(db, due);
  console.log(
    `job run at 500 due:         ${sent} steps sent in ${(performance.now() - run).toFixed(0)} ms (claims, notifications and history in one transaction)`,
  );
  const plan = await rows<Record<string, string>>(db, sql`explain (analyze, buffers, costs off) ${dueScan(before, 500)}`);
  console.log('EXPLAIN of the scan with nothing due:');
  for (const line of plan) console.log(`  ${Object.values(line)[0]}`);
  await server.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSla();
