import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
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

/**
 * `count` tenants of the demo landlord's first property, set-based, as a landlord has them after its
 * move-in: each a login, a unit of its own (`<prefix>1`…), and a signed lease of it (`<prefix>-1`…) at
 * 5,000 a m², paid on the 10th, from March 2025 to February 2027. `midMonth`: every second lease starts
 * on that day instead (a month billed in part); `indexation`: a yearly per cent; `binPrefix` starts the
 * tenants' BIN/IIN (the rest is the tenant's number, to 12 digits).
 */
export async function leasedTenants(
  db: Db,
  o: { prefix: string; count: number; binPrefix?: string; midMonth?: string; indexation?: number },
): Promise<{ L: string; object: { id: string } }> {
  const { L, object } = await demoPlace(db);
  const login = o.prefix.toLowerCase();
  const bin = o.binPrefix ?? '';
  await db.execute(sql`insert into rooms (landlord_id, object_id, number, floor, area)
    select ${L}::uuid, ${object.id}::uuid, ${o.prefix} || g, 1, 20 + g % 30 from generate_series(1, ${o.count}::int) g`);
  await db.execute(sql`insert into users (landlord_id, username, full_name, email, role)
    select ${L}::uuid, ${login} || g, 'Контакт ' || g, ${login} || g || '@example.kz', 'renter' from generate_series(1, ${o.count}::int) g`);
  await db.execute(sql`insert into renters (landlord_id, user_id, room_id, legal_name, bin_iin, trade_point_name, trade_category, lease_contract_date,
      trade_area, contact_full_name, contact_position, phone, email, legal_address)
    select ${L}::uuid, u.id, r.id, 'ТОО «' || ${o.prefix} || ' ' || g || '»', ${bin} || lpad(g::text, ${12 - bin.length}::int, '0'), 'Точка ' || g, 'Одежда',
      '2025-03-01', r.area, 'Контакт ' || g, 'Директор', '+7701' || lpad(g::text, 7, '0'), ${login} || g || '@example.kz', 'Алматы'
    from generate_series(1, ${o.count}::int) g
    join users u on u.username = ${login} || g
    join rooms r on r.object_id = ${object.id}::uuid and r.number = ${o.prefix} || g`);
  await db.execute(sql`insert into contracts (landlord_id, number, renter_id, object_id, signed_on, starts_on, ends_on, area, rate, monthly_total,
      indexation_percent, payment_day, status)
    select ${L}::uuid, ${o.prefix} || '-' || g, rn.id, ${object.id}::uuid, '2025-02-20',
      case when ${o.midMonth ?? null}::date is not null and g % 2 = 0 then ${o.midMonth ?? null}::date else date '2025-03-01' end, '2027-02-28',
      r.area, 5000, r.area * 5000, ${o.indexation ?? null}::numeric, 10, 'active'
    from generate_series(1, ${o.count}::int) g
    join rooms r on r.object_id = ${object.id}::uuid and r.number = ${o.prefix} || g
    join renters rn on rn.room_id = r.id`);
  await db.execute(sql`insert into contract_rooms (contract_id, room_id, landlord_id, starts_on, ends_on, area, held)
    select c.id, rn.room_id, c.landlord_id, c.starts_on, c.ends_on, c.area, true from contracts c join renters rn on rn.id = c.renter_id
    where c.landlord_id = ${L}::uuid and c.number like ${`${o.prefix}-%`}`);
  return { L, object };
}
