import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { prepareStatements } from './prepared';
import * as schema from './schema';

type Schema = typeof schema;
/** The one database type of the app, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Called with each NOTIFY payload of a channel, after the notifying transaction commits. */
export type OnPayload = (payload: string) => void;
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTENs on `channel` until the returned function is called. A dropped connection to PostgreSQL
   * is opened again, and then `onPayload('*')` says that anything may have been missed meanwhile.
   */
  listen(channel: string, onPayload: OnPayload): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/**
 * How long a query waits for a connection (the server unreachable, or every connection of the pool
 * busy) before its request is answered 503: bounded, yet long enough that a burst on a loaded machine
 * still queues rather than fails.
 */
const CONNECT_TIMEOUT_MS = 30_000;
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const options = { schema, casing: 'snake_case' } as const;

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite (`dataDir`, or in memory when null),
 * and applies the migrations. On PostgreSQL, statements are prepared per connection unless `prepared`
 * is false (a pooler in transaction mode that cannot keep them), and at most `poolSize` (10)
 * connections are open at once; LISTEN takes one more.
 */
export async function openDatabase(opts: { url: string | null; dataDir: string | null; prepared?: boolean; poolSize?: number }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // An idle connection is closed after half a minute; waiting longer than CONNECT_TIMEOUT_MS for one
      // (the server down, or every connection busy) fails the request with a 503 instead of hanging it.
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer gone without a word (failover, a cut network) is noticed by TCP, not by the next query's wait.
      keepAlive: true,
    });
    // A connection dropped while a request holds it (pg_terminate_backend, a restart) emits 'error' on
    // the checked-out client, which pg-pool listens to only while idle: unheard, it ends the process.
    // Heard here, the client is released with the error, so the pool destroys it and the next checkout
    // opens a fresh connection (which prepares its statements again). Released now, not by its holder:
    // drizzle does not release a client whose `begin` failed, and each such one would keep a slot of
    // the pool for good. The holder's queries fail (the API answers 503) and its own release does nothing.
    const inUse = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => inUse.add(client));
    pool.on('release', (_err, client) => inUse.delete(client));
    pool.on('connect', (client) => {
      let told = false;
      client.on('error', (err) => {
        if (!told) console.warn(`PostgreSQL connection lost: ${err.message}`);
        told = true;
        if (!inUse.has(client)) return;
        const release = client.release;
        client.release = () => {};
        release(err);
      });
      if (opts.prepared !== false) prepareStatements(client);
    });
    // An idle connection the server drops (restart, failover, a forced DROP DATABASE) is removed by the
    // pool, which says so here; the client's listener above has logged it already.
    pool.on('error', () => {});
    const db = drizzlePg(pool, options);
    // Several API processes may start at once: one migrates, the others wait.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock(724001)');
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock(724001)');
      lock.release();
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: (channel, onPayload) => listenOnPostgres(opts.url as string, channel, onPayload),
      close: () => pool.end(),
    };
  }
  // pg_trgm serves the lists' search indexes (migration 0006); btree_gist the leases' no-overlap constraint.
  const extensions = { pg_trgm, btree_gist };
  const client = opts.dataDir ? new PGlite(opts.dataDir, { extensions }) : new PGlite({ extensions });
  const db = drizzlePglite(client, options);
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * LISTEN needs a connection of its own for as long as it listens: a pooled one would be handed to
 * other queries (and its LISTEN lost when the pool closes it). When that connection drops (restart,
 * failover), it is opened again with a growing pause; notifications sent in between are lost, so a
 * reconnection reports `*`.
 */
async function listenOnPostgres(url: string, channel: string, onPayload: OnPayload): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_FIRST_MS;

  const retryLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void attempt(true);
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  const attempt = async (reconnecting: boolean) => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      client.end().catch(() => {});
      if (stopped) return;
      console.warn(`PostgreSQL LISTEN connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
      retryLater();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? '*');
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      // At start-up the caller hears of it; later the next attempt follows.
      if (!reconnecting) {
        lost = true;
        await client.end().catch(() => {});
        throw err;
      }
      onLost(err as Error);
      return;
    }
    if (stopped) {
      lost = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = RETRY_FIRST_MS;
    if (reconnecting) onPayload('*');
  };

  await attempt(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    if (client) await client.end().catch(() => {});
  };
}
