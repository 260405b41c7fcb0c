import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { loadConfig } from '#server/config';
import { startServer } from '#server/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium';

/**
 * `npm run lighthouse` (after `npm run build`): Lighthouse's mobile preset on the first screens,
 * served by the real server from dist/; prints the performance scores (target 90). Not a test:
 * scores move with the machine's load. `--runs N` takes each page's median of N runs; `--out DIR`
 * keeps the full reports (JSON, for the Lighthouse viewer).
 */
const PAGES = ['/', '/auth'];
const TARGET = 90;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 1;
const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? process.argv[outArg + 1] : undefined;

/** Chromium with a DevTools port of its own choosing, read from what it prints. */
async function launchChromium(userDataDir: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (data: Buffer) => {
      seen += data.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen}`)));
  });
  return { port, process: child };
}

/** Chromium writes its profile until it has exited: only then may the folder go. */
const stopChromium = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill();
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-lighthouse-'));
const base = loadConfig({ DATA_DIR: dataDir }, []);
const config = { ...base, host: '127.0.0.1', port: 0, databaseUrl: null, demo: false, logLevel: 'silent', taskDeadlineIntervalMs: 0 };
const { app } = await startServer(config, { logger: false, inMemory: true, spaDir: process.env.SPA_DIR });
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const rows: Record<string, string | number>[] = [];
try {
  for (const page of PAGES) {
    const results: Result[] = [];
    for (let i = 0; i < runs; i++) {
      // A fresh browser each run: a second navigation in the same one may lose its trace (NO_NAVSTART).
      const chromium = await launchChromium(path.join(dataDir, `chromium-${rows.length}-${i}`));
      const result = await lighthouse(`${origin}${page}`, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      }).finally(() => stopChromium(chromium.process));
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (result.lhr.runtimeError) console.error(`${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      results.push(result.lhr);
      if (outDir) await writeFile(path.join(outDir, `lighthouse${page.replaceAll('/', '_')}-${i + 1}.json`), result.report as string);
    }
    const score = median(results.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)));
    const metric = (id: string) => median(results.map((lhr) => lhr.audits[id]?.numericValue ?? 0));
    rows.push({
      page,
      performance: score,
      target: score >= TARGET ? `≥ ${TARGET} ok` : `< ${TARGET}`,
      'FCP ms': Math.round(metric('first-contentful-paint')),
      'LCP ms': Math.round(metric('largest-contentful-paint')),
      'TBT ms': Math.round(metric('total-blocking-time')),
      CLS: Number(metric('cumulative-layout-shift').toFixed(3)),
      'SI ms': Math.round(metric('speed-index')),
    });
  }
  console.table(rows);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
