import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { calendarEvents, objects, objectTypes, renters, users } from '#server/db/schema';
import { localStorage } from '#server/storage/storage';
import { heavy } from '../tests/support/heavy';
import { probeWhile, quantiles } from '../tests/support/probe';
import { benchServer } from './bench-server';

const DAY = 86_400_000;

/**
 * The same cases on the code before the pool (main at 5081337, measured once, load average 17–21): the
 * case's answer and time, and how long the event loop was held (every other landlord's call waited).
 */
const BEFORE: Record<string, string> = {
  'SVG logo, 60,000 nested groups (420 KB)': '400 in 520.9 s, loop held 517,812 ms',
  'SVG logo, 45,000 flat rectangles (1.8 MB)': '200 in 36.2 s, loop held 32,984 ms',
  'calendar feed, 150 daily series': '200 in 22.7 s, loop held 22,616 ms',
  'calendar list, 150 daily series, 99 days': '200 (4.5 MB) in 4.8 s',
  'lease template, 300,000 tags (1.2 MB)': '200 in 49.7 s, loop held 43,252 ms',
  'lease template, 1,000,000 tags (4 MB)': '200 in 101.0 s, loop held 91,872 ms',
  'lease document from a 1,000,000-tag template': '201 in 100.1 s, loop held 99,590 ms',
};

export async function benchBlocking() {
  // On PGlite always: the worst cases are the event loop's, not the database's.
  const server = await benchServer('bench-blocking');
  const { root, db, config, login } = server;
  const landlord = await login('landlord');
  const employee = await login('employee');
  const other = await login('landlord2');
  const call = async (urlPath: string, token: string | null, init: { method?: string; body?: FormData | string } = {}) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (typeof init.body === 'string') headers['content-type'] = 'application/json';
    const res = await fetch(`${root}${urlPath}`, { method: init.method ?? 'GET', body: init.body, headers });
    const text = await res.text();
    return { status: res.status, bytes: text.length, text };
  };
  const form = (field: string, data: string | Buffer, name: string) => {
    const f = new FormData();
    f.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
    return f;
  };

  console.log('\nblocking — another landlord’s GET /api/user while one landlord’s worst case runs (PGlite)');
  const run = async (label: string, work: () => Promise<{ status: number; bytes: number }>) => {
    const start = performance.now();
    const { result, samples, failed, loopMax } = await probeWhile(root, other, work);
    const q = quantiles(samples);
    const took = ((performance.now() - start) / 1000).toFixed(1);
    console.log(
      `${label.padEnd(44)} ${String(result.status)} in ${took.padStart(5)} s; other call p99 ${q.p99.toFixed(0).padStart(6)} ms, max ${q.max.toFixed(0).padStart(6)} ms (${q.count} calls${failed ? `, ${failed} dropped` : ''}); event loop held up to ${loopMax.toFixed(0).padStart(6)} ms` +
        (BEFORE[label] ? `   before: ${BEFORE[label]}` : ''),
    );
  };

  const [centre] = await db
    .select({ id: objects.id })
    .from(objects)
    .innerJoin(users, eq(users.landlordId, objects.landlordId))
    .where(eq(users.username, 'landlord'));
  const logo = `/api/objects/${centre?.id}/logo`;
  await run('SVG logo, 60,000 nested groups (420 KB)', () => call(logo, landlord, { method: 'PUT', body: form('logo', heavy.nestedSvg(), 'logo.svg') }));
  await run('SVG logo, 45,000 flat rectangles (1.8 MB)', () => call(logo, landlord, { method: 'PUT', body: form('logo', heavy.flatSvg(), 'logo.svg') }));

  // 150 daily series of one employee, seen through the feed and one list call of 99 days.
  const [emp] = await db.select({ id: users.id, landlordId: users.landlordId }).from(users).where(eq(users.username, 'employee'));
  const now = Date.now();
  await db.insert(calendarEvents).values(heavy.dailySeries({ id: emp?.id as string, landlordId: emp?.landlordId as string }, 150, now));
  const feedUrl = JSON.parse((await call('/api/calendar/feed', employee, { method: 'POST' })).text).url as string;
  await run('calendar feed, 150 daily series', () => call(new URL(feedUrl).pathname, null));
  const range = `from=${encodeURIComponent(new Date(now).toISOString())}&to=${encodeURIComponent(new Date(now + 99 * DAY).toISOString())}`;
  await run('calendar list, 150 daily series, 99 days', () => call(`/api/calendar/events?${range}`, employee));

  await run('lease template, 300,000 tags (1.2 MB)', () =>
    call('/api/contracts/template', landlord, { method: 'PUT', body: form('file', heavy.template(300_000), 'lease.docx') }),
  );
  const million = heavy.template(1_000_000);
  await run('lease template, 1,000,000 tags (4 MB)', () =>
    call('/api/contracts/template', landlord, { method: 'PUT', body: form('file', million, 'lease.docx') }),
  );
  // Generation from a template of a million tags, stored as if uploaded before the limits.
  const [type] = await db.select({ id: objectTypes.id }).from(objectTypes).limit(1);
  const object = JSON.parse(
    (await call('/api/objects', landlord, { method: 'POST', body: JSON.stringify({ name: 'Bench', type_id: type?.id, city: 'Алматы', address: 'Абая, 1' }) }))
      .text,
  );
  const room = JSON.parse(
    (await call(`/api/objects/${object.id}/rooms`, landlord, { method: 'POST', body: JSON.stringify({ number: '1', floor: 1, area: 40 }) })).text,
  );
  const [renter] = await db.select({ id: renters.id }).from(renters).innerJoin(users, eq(users.id, renters.userId)).where(eq(users.username, 'renter'));
  const lease = JSON.parse(
    (
      await call('/api/contracts', landlord, {
        method: 'POST',
        body: JSON.stringify({ number: 'B-1', renter_id: renter?.id, room_ids: [room.id], starts_on: '2026-01-01', ends_on: '2026-12-31', rate: '5000.00' }),
      })
    ).text,
  );
  const key = `contract-templates/${emp?.landlordId}/bench.docx`;
  await localStorage(config.storageDir, config.storagePublicPath).put(key, million, 'application/octet-stream');
  await db.execute(sql`insert into contract_settings (landlord_id, template_key, template_name, template_uploaded_at)
    values (${emp?.landlordId}::uuid, ${key}, 'lease.docx', now())
    on conflict (landlord_id) do update set template_key = excluded.template_key, template_name = excluded.template_name, template_uploaded_at = now()`);
  await run('lease document from a 1,000,000-tag template', () => call(`/api/contracts/${lease.id}/document`, landlord, { method: 'POST' }));

  await server.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchBlocking();
  process.exit(0);
}
