import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { employees, users } from '#server/db/schema';
import { benchBank } from './bench-bank';
import { benchBilling } from './bench-billing';
import { benchBlocking } from './bench-blocking';
import { benchExports } from './bench-exports';
import { benchImport, benchImportReadings } from './bench-import';
import { benchNotice } from './bench-notice';
import { benchReports } from './bench-reports';
import { benchServer } from './bench-server';
import { benchSla } from './bench-sla';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const server = await benchServer('bench', adminUrl);
  const { base, db } = server;
  console.log(`database: ${server.kind}, employees: ${ROWS.toLocaleString('en')}`);

  const [landlordUser] = await db.select().from(users).where(eq(users.username, 'landlord'));
  if (!landlordUser?.landlordId) throw new Error('demo landlord missing');
  const landlordId = landlordUser.landlordId;
  let t = performance.now();
  const names = ['Алия', 'Бекзат', 'Гульнара', 'Данияр', 'Жанар', 'Ильяс', 'Карина', 'Марат', 'Назира', 'Олжас'];
  for (let start = 0; start < ROWS; start += 5_000) {
    const n = Math.min(5_000, ROWS - start);
    const ids = await db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          landlordId,
          username: `bench${start + i}`,
          fullName: `${names[(start + i) % 10]} ${start + i}`,
          role: 'employee' as const,
        })),
      )
      .returning({ id: users.id, fullName: users.fullName });
    await db.insert(employees).values(ids.map((u) => ({ landlordId, userId: u.id, fullName: u.fullName, position: 'Инженер', department: 'Эксплуатация' })));
  }
  await db.execute(sql`analyze`);
  console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const token = await server.login('landlord');
  const auth = { authorization: `Bearer ${token}` };

  const timeGet = async (label: string, query: string, times = 20) => {
    const samples: number[] = [];
    for (let i = 0; i < times; i++) {
      const s = performance.now();
      const res = await fetch(`${base}/employee?${query}`, { headers: auth });
      await res.arrayBuffer();
      samples.push(performance.now() - s);
    }
    samples.sort((a, b) => a - b);
    const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]?.toFixed(1);
    console.log(`GET /employee ${label.padEnd(22)} median ${p(0.5)} ms, p95 ${p(0.95)} ms (${times} requests)`);
  };
  await timeGet('first page', 'limit=20');
  await timeGet('page 2,500', `limit=20&page=${Math.floor(ROWS / 40)}`);
  await timeGet('search "марат 99"', `limit=20&search=${encodeURIComponent('марат 99')}`);
  await timeGet('newest first', 'limit=20&sort=-created_at');

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  t = performance.now();
  const res = await fetch(`${base}/download/excel/employee`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{}',
  });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  console.log(
    `POST /download/excel/employee: ${mb(bytes)} .xlsx in ${((performance.now() - t) / 1000).toFixed(1)} s; RSS ${mb(before)} before, ${mb(peak)} peak (server and client in one process)`,
  );

  await server.close();
}

await main();
// Then the reports on a large landlord (BENCH_REPORT_* sizes, see bench-reports.ts).
await benchReports(adminUrl);
// Then the journal's export beside its bare SQL (BENCH_ROWS requests, see bench-exports.ts).
await benchExports(adminUrl);
// Then the SLA escalation job's scan at 1,000,000 requests beside a raw baseline (bench-sla.ts).
await benchSla(adminUrl);
// Then one landlord's worst cases against another landlord's calls (bench-blocking.ts).
await benchBlocking();
// Then a centre's move-in: the tenants import at scale beside its raw INSERT (bench-import.ts).
await benchImport(adminUrl);
// Then a year of a large centre's meter readings through the import kit beside their raw INSERT (bench-import.ts).
await benchImportReadings(adminUrl);
// Then a month's billing run at a centre's scale beside its raw INSERT (bench-billing.ts).
await benchBilling(adminUrl);
// Then a bank statement of as many lines, matched and paid, beside its raw INSERT (bench-bank.ts).
await benchBank(adminUrl);
// Then a notice to every tenant with 1,000 tabs open, channels off and on (PostgreSQL only; bench-notice.ts).
if (adminUrl) await benchNotice(adminUrl);
