import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';

const BURST = 60;

describeEachDatabase(
  'a burst of requests on the embedded database',
  (h) => {
    let token = '';
    beforeAll(async () => {
      token = await h.login('landlord');
    });

    it('past PGLITE_MAX_QUEUE requests in flight, the rest are answered 503 at once; nothing hangs', async () => {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          // Sign-ins: each waits on a scrypt as well as the database, so the burst is truly in flight at once.
          fetch(`${h.baseUrl}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${Math.floor(i / 200)}.${i % 200}` },
            body: JSON.stringify({ username: 'landlord', password: 'demo1234' }),
            signal: AbortSignal.timeout(20_000),
          }).then(async (res) => ({
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            body: (await res.json()) as { error?: { code: string; message: string } },
          })),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(h.config.pgliteMaxQueue);
      if (h.kind === 'pglite') {
        const busy = answers.filter((a) => a.status === 503);
        expect(busy.length).toBeGreaterThan(0);
        for (const a of busy) {
          expect(a.retryAfter).toBe('1');
          expect(a.body.error).toEqual({ code: 'service_busy', message: 'Сервер перегружен. Повторите через 1 с' });
        }
      } else {
        // PostgreSQL has a pool and a queue of its own: no gate.
        expect(statuses.every((s) => s === 200)).toBe(true);
      }
      expect(performance.now() - started).toBeLessThan(20_000);
      // The gate lets go once the burst is over.
      expect((await h.api('/employee', { token })).status).toBe(200);
    });
  },
  { config: { pgliteMaxQueue: 4 } },
);
