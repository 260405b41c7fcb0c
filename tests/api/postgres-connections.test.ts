import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { PREPARED_PER_CONNECTION } from '../../server/db/prepared';
import { rows } from '../../server/db/rows';
import { createPostgresDatabase } from '../support/postgres';

/**
 * On PostgreSQL each connection prepares a statement once, named by its text (db/prepared.ts), and a
 * process opens at most DATABASE_POOL_SIZE connections.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  describe('connections to PostgreSQL', () => {
    let created: { url: string; drop(): Promise<void> };
    const opened: Database[] = [];
    const open = async (prepared: boolean, poolSize?: number) => {
      const database = await openDatabase({ url: created.url, dataDir: null, prepared, poolSize });
      opened.push(database);
      return database.db;
    };
    /** Runs `texts` in one transaction (one connection) and reads that connection's prepared statements. */
    const onOneConnection = (db: Awaited<ReturnType<typeof open>>, values: number[]) =>
      db.transaction(async (tx) => {
        const answers = [];
        for (const v of values) {
          const [answer] = await rows<{ n: number }>(tx, sql`select ${v}::int + ${sql.raw(String(v % 400))} as n`);
          answers.push(answer?.n);
        }
        const prepared = await rows<{ name: string }>(tx, sql`select name from pg_prepared_statements`);
        return { answers, names: prepared.map((r) => r.name) };
      });

    beforeAll(async () => {
      created = await createPostgresDatabase(postgresUrl);
    });
    afterAll(async () => {
      for (const d of opened) await d.close();
      await created.drop();
    });

    it('the same text is prepared once per connection and answers as before', async () => {
      const db = await open(true);
      const { answers, names } = await onOneConnection(db, [1, 1, 401, 2]);
      // 1 and 401 share a text (`$1::int + 1`): two texts in all.
      expect(answers).toEqual([2, 2, 402, 4]);
      expect(names.filter((n) => n.startsWith('s'))).toHaveLength(2);
    });

    it('keeps at most its bound per connection; every statement past it still answers', async () => {
      const db = await open(true);
      const values = Array.from({ length: PREPARED_PER_CONNECTION + 20 }, (_, i) => i);
      const { answers, names } = await onOneConnection(db, values);
      expect(answers).toEqual(values.map((v) => v + (v % 400)));
      expect(names).toHaveLength(PREPARED_PER_CONNECTION);
    });

    it('DATABASE_PREPARED=0 prepares nothing (a pooler in transaction mode)', async () => {
      const db = await open(false);
      const { answers, names } = await onOneConnection(db, [3, 3]);
      expect(answers).toEqual([6, 6]);
      expect(names).toEqual([]);
    });
    /** The connections open to the test's database now, less the one asking. */
    const openConnections = async () => {
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        const {
          rows: [row],
        } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database()');
        return (row?.n ?? 0) - 1;
      } finally {
        await client.end();
      }
    };

    it('DATABASE_POOL_SIZE bounds the connections a process opens; queries past it wait their turn', async () => {
      for (const d of opened.splice(0)) await d.close();
      const db = await open(true, 2);
      const sleeps = Array.from({ length: 6 }, (_, i) => rows<{ n: number }>(db, sql`select ${i}::int as n from pg_sleep(0.1)`));
      expect((await Promise.all(sleeps)).map(([r]) => r?.n)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(await openConnections()).toBe(2);
      for (const d of opened.splice(0)) await d.close();
      const wider = await open(true);
      await Promise.all(Array.from({ length: 6 }, () => rows(wider, sql`select pg_sleep(0.1)`)));
      expect(await openConnections()).toBe(6);
    });
  });
}
