/**
 * `npm run bench:load`: the API at the size of a large operator, beside a raw baseline of the same SQL.
 * Printed, never asserted (not a test). One landlord with 10 centres, 10,000 rooms, 100,000 renters
 * and 1,000,000 requests (LOAD_SCALE=0.1 for a tenth), seeded by SQL; then each call for LOAD_SECONDS
 * (10) at 50 connections against the API and against fastify + the bare driver replaying the
 * statements the API ran for that call, and a mix of all calls at 200 connections for LOAD_MIX_SECONDS
 * (60), each after LOAD_WARMUP_SECONDS (3) of unmeasured load. On PostgreSQL with BENCH_DATABASE_URL
 * (a fresh database, dropped after), and on PGlite unless LOAD_PGLITE=0.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { users } from '../server/db/schema';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { startServer } from '../server/server';
import { createPostgresDatabase } from '../tests/support/postgres';
import { captureStatements, type Statement } from './load/capture';
import { child } from './load/child';
import { seedOperator } from './load/seed';

const scale = Number(process.env.LOAD_SCALE ?? 1);
const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const mixSeconds = Number(process.env.LOAD_MIX_SECONDS ?? 60);
// Unmeasured load first: both servers start cold (JIT, each connection's prepared statements, the
// kept statements), and those first seconds are not what an operator's day looks like.
const warmupSeconds = Number(process.env.LOAD_WARMUP_SECONDS ?? 3);
const volume = {
  objects: 10,
  rooms: Math.round(10_000 * scale),
  renters: Math.round(100_000 * scale),
  requests: Math.round(1_000_000 * scale),
};

const calls: Record<string, string> = {
  'journal-page-1': '/api/requests?limit=50',
  'menu-counts': '/api/user-menu/counts',
  'journal-search': `/api/requests?limit=50&search=${encodeURIComponent('Магазин 123')}`,
  'journal-page-1000': '/api/requests?limit=50&page=1000',
  'renters-page-1': '/api/renters?limit=50',
  employees: '/api/employee?limit=50',
};

type Kind = { name: 'postgres' | 'pglite'; databaseUrl: string | null; dataDir: string; drop?: () => Promise<void> };
type Figures = { rps: number; p50: number; p99: number; errors: number };

/** Seeds the operator in this process, signs the landlord in and records each call's statements. */
async function prepare(kind: Kind) {
  const config = {
    ...loadConfig({ DATA_DIR: kind.dataDir }, []),
    host: '127.0.0.1',
    port: 0,
    databaseUrl: kind.databaseUrl,
    demo: true,
    logLevel: 'silent',
  };
  const { app, database } = await startServer(config, { logger: false });
  const [landlord] = await database.db.select().from(users).where(eq(users.username, 'landlord'));
  if (!landlord?.landlordId) throw new Error('demo landlord missing');
  const t = performance.now();
  await seedOperator(database.db, landlord.landlordId, volume);
  console.log(`${kind.name}: seeded ${volume.requests.toLocaleString('en')} requests in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'landlord', password: DEMO_PASSWORD } });
  const token = (login.json() as { token: string }).token;
  const statements: Record<string, Statement[]> = {};
  for (const [name, url] of Object.entries(calls)) {
    await app.inject({ url, headers: { authorization: `Bearer ${token}` } }); // warm the caches first
    statements[name] = await captureStatements(async () => {
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    });
  }
  await app.close();
  return { token, statements };
}

async function load(url: string, connections: number, duration: number, headers: Record<string, string>, requests?: { path: string }[]): Promise<Figures> {
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers, timeout: 30, ...(requests && { requests }) });
  const r = await autocannon({ url, connections, duration, headers, timeout: 30, ...(requests && { requests }) });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

const row = (label: string, api: Figures, raw: Figures) =>
  console.log(
    `${label.padEnd(20)} api ${api.rps.toFixed(0).padStart(6)} req/s p50 ${String(api.p50).padStart(5)} ms p99 ${String(api.p99).padStart(5)} ms err ${api.errors}` +
      ` | raw ${raw.rps.toFixed(0).padStart(6)} req/s p50 ${String(raw.p50).padStart(5)} ms p99 ${String(raw.p99).padStart(5)} ms err ${raw.errors} | ${(api.rps / Math.max(raw.rps, 1)).toFixed(2)}× raw`,
  );

async function bench(kind: Kind) {
  const { token, statements } = await prepare(kind);
  const file = path.join(kind.dataDir, 'statements.json');
  await writeFile(file, JSON.stringify(statements));
  const apiPort = 3900 + Math.floor(Math.random() * 50);
  const rawPort = apiPort + 50;
  const dbEnv: Record<string, string> = kind.databaseUrl ? { DATABASE_URL: kind.databaseUrl } : { LOAD_PGLITE_DIR: path.join(kind.dataDir, 'pglite') };
  const apiEnv = {
    ...(kind.databaseUrl && { DATABASE_URL: kind.databaseUrl }),
    DATA_DIR: kind.dataDir,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TASK_DEADLINE_INTERVAL_MS: '0',
  };
  const rawEnv = { ...dbEnv, LOAD_STATEMENTS: file, LOAD_PORT: String(rawPort) };
  const auth = { authorization: `Bearer ${token}` };
  const api = (p: string) => `http://127.0.0.1:${apiPort}${p}`;
  const raw = (name: string) => `http://127.0.0.1:${rawPort}/raw/${name}`;
  console.log(`\n${kind.name}: ${seconds} s per call at 50 connections (raw = fastify + driver replaying the same statements)`);
  const results: Record<string, { api?: Figures; raw?: Figures }> = {};
  const mixApi = Object.values(calls).map((p) => ({ path: p }));
  const mixRaw = Object.keys(calls).map((n) => ({ path: `/raw/${n}` }));
  if (kind.databaseUrl) {
    // Both servers at once on PostgreSQL, alternating call by call so that both see the same machine.
    const [a, b] = [await child(['server/main.ts'], apiEnv), await child(['scripts/load/raw-server.ts'], rawEnv)];
    for (const name of Object.keys(calls)) {
      const apiFig = await load(api(calls[name] as string), 50, seconds, auth);
      row(name, apiFig, await load(raw(name), 50, seconds, {}));
    }
    const mix = [await load(api(''), 200, mixSeconds, auth, mixApi), await load(`http://127.0.0.1:${rawPort}`, 200, mixSeconds, {}, mixRaw)] as const;
    row(`mix 200 × ${mixSeconds} s`, ...mix);
    a.kill();
    b.kill();
  } else {
    // PGlite is one process's database: the API and the baseline take turns on its files.
    const a = await child(['server/main.ts'], apiEnv);
    for (const name of Object.keys(calls)) results[name] = { api: await load(api(calls[name] as string), 50, seconds, auth) };
    const mixA = await load(api(''), 200, mixSeconds, auth, mixApi);
    a.kill();
    await new Promise((r) => a.once('exit', r));
    const b = await child(['scripts/load/raw-server.ts'], rawEnv);
    for (const name of Object.keys(calls)) (results[name] as { raw?: Figures }).raw = await load(raw(name), 50, seconds, {});
    const mixB = await load(`http://127.0.0.1:${rawPort}`, 200, mixSeconds, {}, mixRaw);
    b.kill();
    for (const [name, r] of Object.entries(results)) row(name, r.api as Figures, r.raw as Figures);
    row(`mix 200 × ${mixSeconds} s`, mixA, mixB);
  }
}

const kinds: Kind[] = [];
if (process.env.BENCH_DATABASE_URL) {
  const db = await createPostgresDatabase(process.env.BENCH_DATABASE_URL, 'crm_load');
  kinds.push({ name: 'postgres', databaseUrl: db.url, dataDir: await mkdtemp(path.join(os.tmpdir(), 'crm-load-')), drop: db.drop });
}
if (process.env.LOAD_PGLITE !== '0') kinds.push({ name: 'pglite', databaseUrl: null, dataDir: await mkdtemp(path.join(os.tmpdir(), 'crm-load-')) });
for (const kind of kinds) {
  try {
    await bench(kind);
  } finally {
    await kind.drop?.();
    await rm(kind.dataDir, { recursive: true, force: true });
  }
}
