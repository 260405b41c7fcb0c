import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { requests, users } from '#server/db/schema';
import { REQUEST_EXPORT_BATCH } from '#server/modules/requests/export';
import { requestBatch, toListItem } from '#server/modules/requests/queries';
import { benchServer } from './bench-server';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** How long `run` takes, the peak RSS over the RSS before it, and the longest the event loop stalled meanwhile. */
export async function measure<T>(run: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const t = performance.now();
  const value = await run();
  const ms = performance.now() - t;
  stalls.disable();
  clearInterval(sampler);
  return { value, ms, rss: peak - before, stall: (stalls.max / 1e6).toFixed(0) };
}

export async function benchExports(adminUrl = process.env.BENCH_DATABASE_URL) {
  const server = await benchServer('bench-exports', adminUrl);
  const { base, db } = server;
  console.log(`\nexports — database: ${server.kind}, requests: ${ROWS.toLocaleString('en')}`);

  const [landlord] = await db.select().from(users).where(eq(users.username, 'landlord'));
  if (!landlord?.landlordId) throw new Error('demo landlord missing');
  const L = landlord.landlordId;
  const t = performance.now();
  // Spread over the last year, a renter and an assignee on each, every fourth still new.
  await db.execute(sql`insert into requests (landlord_id, number, type_id, object_id, renter_id, applicant_name, applicant_phone, description,
      status, from_visitor, assignee_employee_id, created_at, deadline_at)
    select ${L}::uuid, 1000000 + g, (array(select id from request_types order by id))[1 + g % 5],
      (array(select id from objects where landlord_id = ${L}::uuid order by id))[1],
      (array(select id from renters where landlord_id = ${L}::uuid order by id))[1],
      'Заявитель ' || g, '+7701' || lpad((g % 10000000)::text, 7, '0'), 'Bench request',
      (case when g % 4 = 0 then 'new' else 'closed' end)::request_status, g % 10 = 0,
      (array(select id from employees where landlord_id = ${L}::uuid order by id))[1],
      now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
      now() - (g % 365) * interval '1 day' + interval '24 hours'
    from generate_series(1, ${ROWS}::int) g`);
  await db.execute(sql`vacuum analyze`);
  console.log(`seeded in ${s(performance.now() - t)}`);

  const token = await server.login('landlord');
  const scope = eq(requests.landlordId, L);

  // The bare SQL: the export's own keyset batches, each row mapped as the list maps it, nothing written.
  const bare = await measure(async () => {
    let read = 0;
    for (let after: { createdAt: Date; id: string } | null = null; ; ) {
      const rows = await requestBatch(db, scope, {}, after, REQUEST_EXPORT_BATCH);
      for (const row of rows) toListItem(row, 'ru');
      read += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < REQUEST_EXPORT_BATCH) return read;
      after = { createdAt: last.request.createdAt, id: last.request.id };
    }
  });
  const exported = await measure(async () => {
    const res = await fetch(`${base}/download/excel/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    return bytes;
  });
  console.log(`bare SQL: ${bare.value.toLocaleString('en')} rows in ${s(bare.ms)}; RSS +${mb(bare.rss)} at peak; event loop stalled ${bare.stall} ms at most`);
  console.log(
    `POST /download/excel/requests: ${mb(exported.value)} .xlsx in ${s(exported.ms)}, ${(exported.ms / bare.ms).toFixed(1)}× the bare SQL; ` +
      `RSS +${mb(exported.rss)} at peak; event loop stalled ${exported.stall} ms at most (server and client in one process)`,
  );

  await server.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchExports();
