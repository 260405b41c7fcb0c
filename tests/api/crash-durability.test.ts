import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#server/seed/demo';
import { databaseKinds } from '../support/api-harness';
import { createPostgresDatabase } from '../support/postgres';

const root = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The API as it runs in production: its own process, started by `server/main.ts`. */
async function startProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('is running at') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/**
 * Acknowledged means written: the API answers 201 only after its transaction committed, so a process
 * killed with SIGKILL in the middle of writes loses none of the rows it acknowledged, on the embedded
 * database and on PostgreSQL alike.
 */
describe('a process killed mid-write', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  for (const kind of databaseKinds()) {
    it(`keeps every acknowledged write [${kind}]`, async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-kill-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        TASK_DEADLINE_INTERVAL_MS: '0',
        DEMO: '1',
      };
      if (kind === 'postgres') {
        const db = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
        cleanups.unshift(db.drop);
        env.DATABASE_URL = db.url;
      }
      const base = `http://127.0.0.1:${env.PORT}/api`;
      const signIn = async () => {
        const res = await fetch(`${base}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'landlord', password: DEMO_PASSWORD }),
        });
        return { authorization: `Bearer ${((await res.json()) as { token: string }).token}`, 'content-type': 'application/json' };
      };

      let server = await startProcess(env);
      const headers = await signIn();
      const acknowledged: string[] = [];
      let n = 0;
      const writer = async () => {
        for (;;) {
          const url = `https://example.kz/crash-${n++}`;
          const res = await fetch(`${base}/social-networks`, { method: 'POST', headers, body: JSON.stringify({ network: 'website', url }) }).catch(() => null);
          if (!res) return; // the process is gone
          if (res.status === 201) acknowledged.push(url);
        }
      };
      const writers = Array.from({ length: 6 }, writer);
      while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 20));
      server.kill('SIGKILL');
      await Promise.all(writers);
      await new Promise((r) => (server.exitCode === null && server.signalCode === null ? server.once('exit', r) : r(null)));

      server = await startProcess(env);
      try {
        const after = await signIn();
        const stored = new Set<string>();
        for (let page = 1; ; page++) {
          const res = await fetch(`${base}/social-networks?limit=100&page=${page}&network=website`, { headers: after });
          const body = (await res.json()) as { data: Array<{ url: string }> };
          for (const l of body.data) stored.add(l.url);
          if (body.data.length < 100) break;
        }
        expect(acknowledged.length).toBeGreaterThanOrEqual(60);
        expect(acknowledged.filter((url) => !stored.has(url))).toEqual([]);
      } finally {
        server.kill('SIGKILL');
      }
    }, 120_000);
  }
});
