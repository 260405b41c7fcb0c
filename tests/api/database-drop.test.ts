import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { tasks } from '#server/db/schema';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { openSse } from '../support/sse';
import { inHours, userIdOf } from '../support/tasks';

const WRITERS = 8;
/** Longer than the pool's wait for a connection (30 s): an answer later than this is a hang. */
const ANSWER_WITHIN_MS = 40_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `sql` on a connection of its own to the API's database (an administrator's, not the API's). */
async function asAdmin<R extends pg.QueryResultRow>(h: Harness, sql: string): Promise<pg.QueryResult<R>> {
  const admin = new pg.Client({ connectionString: h.config.databaseUrl as string });
  await admin.connect();
  try {
    return await admin.query<R>(sql);
  } finally {
    await admin.end();
  }
}

/** Every backend of the API's database but the asking one: the pool's connections and the LISTEN one. */
const terminateAll = (h: Harness) =>
  asAdmin<{ ended: boolean }>(
    h,
    'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );

const listening = async (h: Harness) =>
  (await asAdmin<{ n: number }>(h, "select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'")).rows[0]
    ?.n ?? 0;

if (process.env.TEST_DATABASE_URL) {
  describeEachDatabase(
    'the API when PostgreSQL ends its connections',
    (h) => {
      it('keeps serving: requests in flight answer 503 with Retry-After, nothing acknowledged is lost, LISTEN comes back', async () => {
        const landlord = await h.login('landlord');
        const employee = await h.login('employee');
        const executor = await userIdOf(h, 'employee');
        const acknowledged: string[] = [];
        const unavailable: Array<{ retryAfter: string | null; code: string; message: string }> = [];
        const unexpected: string[] = [];
        let stop = false;

        const createOne = async (writer: number, n: number) => {
          try {
            const res = await fetch(`${h.baseUrl}/api/tasks`, {
              method: 'POST',
              headers: { authorization: `Bearer ${landlord}`, 'content-type': 'application/json', 'accept-language': 'en' },
              body: JSON.stringify({ title: `Writer ${writer}, task ${n}`, deadline_at: inHours(48), executor_user_id: executor }),
              signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
            });
            const body = await res.json();
            if (res.status === 201) acknowledged.push(body.id);
            else if (res.status === 503) unavailable.push({ retryAfter: res.headers.get('retry-after'), ...body.error });
            else unexpected.push(`${res.status} ${JSON.stringify(body)}`);
          } catch (err) {
            unexpected.push(`no answer: ${(err as Error).message}`);
          }
        };
        const writers = Array.from({ length: WRITERS }, async (_, writer) => {
          for (let n = 0; !stop; n++) await createOne(writer, n);
        });

        // Three times while the writers run, every connection of the API is ended at once.
        const ended: number[] = [];
        for (let round = 0; round < 3; round++) {
          await pause(400);
          ended.push((await terminateAll(h)).rows.filter((r) => r.ended).length);
        }
        await pause(400);
        stop = true;
        await Promise.all(writers);

        // The pool's connections in use and the LISTEN one were ended each time.
        for (const n of ended) expect(n).toBeGreaterThan(1);
        expect(unexpected).toEqual([]);
        // Requests caught by it were told to come back, in the caller's language, never a 500.
        expect(unavailable.length).toBeGreaterThan(0);
        for (const answer of unavailable) {
          expect(answer).toEqual({ retryAfter: '2', code: 'database_unavailable', message: 'The database connection was lost. Try again in 2 seconds' });
        }
        // Every task the API acknowledged is there.
        expect(acknowledged.length).toBeGreaterThan(WRITERS);
        const kept = await h.db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.id, acknowledged));
        expect(kept.map((r) => r.id).sort()).toEqual([...acknowledged].sort());

        // The process lives and the pool has new connections: the next request succeeds at once.
        const started = Date.now();
        const after = await h.api('/tasks', { token: landlord, body: { title: 'After the outage', deadline_at: inHours(48), executor_user_id: executor } });
        expect(after.status).toBe(201);
        expect(Date.now() - started).toBeLessThan(3000);

        // LISTEN reconnects by itself, and a notification reaches an open stream again.
        for (let waited = 0; (await listening(h)) < 1; waited += 100) {
          if (waited > 5000) throw new Error('LISTEN did not reconnect within 5 s');
          await pause(100);
        }
        const ticket = (await h.api('/notifications/stream-ticket', { token: employee, method: 'POST' })).body.ticket as string;
        const stream = await openSse(`${h.baseUrl}/api/notifications/stream?ticket=${ticket}`);
        try {
          expect(stream.status).toBe(200);
          expect((await stream.next()).event).toBe('counts');
          const told = await h.api('/tasks', { token: landlord, body: { title: 'Heard live', deadline_at: inHours(48), executor_user_id: executor } });
          expect(told.status).toBe(201);
          const event = await stream.next((e) => e.event === 'notification', 2000);
          expect(event.data).toMatchObject({ subject: { type: 'task', id: told.body.id } });
        } finally {
          stream.close();
        }
      });
    },
    { kinds: ['postgres'] },
  );
}
