import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { PREPARED_PER_CONNECTION } from '../../server/db/prepared';
import { employees, users } from '../../server/db/schema';
import { rows } from '../../server/modules/reports/shape';
import { describeEachDatabase } from '../support/api-harness';
import { createPostgresDatabase } from '../support/postgres';
import { createAsRenter, firstRenterType } from '../support/requests';

/**
 * The menu's badges are one statement built once per caller and what it may see (menu/counts.ts):
 * a change of grants must show at the very next call, never a count from before.
 */
describeEachDatabase('menu badges', (h) => {
  const t = { landlord: '', employee: '', renter: '' };

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const typeId = await firstRenterType(h, t.renter);
    await createAsRenter(h, t.renter, typeId, 'Течёт кран в санузле');
  });

  it("an employee's badges follow its grants at the next call, both ways", async () => {
    const [row] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    const counts = async () => (await h.api('/user-menu/counts', { token: t.employee })).body;
    const grant = async (levels: Record<string, string>) =>
      expect((await h.api(`/settings/access/${row?.id}`, { method: 'PUT', token: t.landlord, body: { levels } })).status).toBe(200);
    const landlords = (await h.api('/user-menu/counts', { token: t.landlord })).body;
    expect(landlords.requests_new).toBeGreaterThan(0);

    await grant({ requests: 'view' });
    expect((await counts()).requests_new).toBe(landlords.requests_new);
    await grant({ requests: 'none' });
    expect((await counts()).requests_new).toBe(0);
    await grant({ requests: 'view' });
    expect((await counts()).requests_new).toBe(landlords.requests_new);
  });

  it('a new request counts at the next call of the same caller (the statement is kept, not its answer)', async () => {
    const before = (await h.api('/user-menu/counts', { token: t.renter })).body.requests_new as number;
    await createAsRenter(h, t.renter, await firstRenterType(h, t.renter), 'Не работает розетка');
    expect((await h.api('/user-menu/counts', { token: t.renter })).body.requests_new).toBe(before + 1);
  });
});

/** On PostgreSQL each connection prepares a statement once, named by its text (db/prepared.ts). */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  describe('prepared statements on PostgreSQL', () => {
    let created: { url: string; drop(): Promise<void> };
    const opened: Database[] = [];
    const open = async (prepared: boolean) => {
      const database = await openDatabase({ url: created.url, dataDir: null, prepared });
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
  });
}
