import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import type { Db } from '#server/db/client';
import { objects, users } from '#server/db/schema';
import { DEMO_PASSWORD } from '#server/seed/demo';
import { startServer } from '#server/server';
import { createPostgresDatabase } from '../tests/support/postgres';

/**
 * A bench's own API on a fresh database with the demo data: a PostgreSQL database made from `adminUrl`
 * (BENCH_DATABASE_URL) and dropped at `close`, or else the embedded PGlite. `login` signs a demo user in.
 */
export async function benchServer(name: string, adminUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `crm-${name}-`));
  const pgdb = adminUrl ? await createPostgresDatabase(adminUrl, `crm_${name.replaceAll('-', '_')}`) : null;
  const config = { ...loadConfig({ DATA_DIR: dataDir }, []), host: '127.0.0.1', port: 0, databaseUrl: pgdb?.url ?? null, demo: true, logLevel: 'silent' };
  const { app, database } = await startServer(config, { logger: false, inMemory: !pgdb });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const root = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    root,
    base: `${root}/api`,
    db: database.db,
    kind: database.kind,
    config,
    async login(username: string) {
      const res = await fetch(`${root}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
      });
      return ((await res.json()) as { token: string }).token;
    },
    async close() {
      await app.close();
      await pgdb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo landlord and its first property: where the benchmarks put their units, tenants and leases. */
export async function demoPlace(db: Db) {
  const [landlord] = await db.select().from(users).where(eq(users.username, 'landlord'));
  if (!landlord?.landlordId) throw new Error('demo landlord missing');
  const [object] = await db.select().from(objects).where(eq(objects.landlordId, landlord.landlordId)).limit(1);
  if (!object) throw new Error('demo object missing');
  return { L: landlord.landlordId, object };
}
