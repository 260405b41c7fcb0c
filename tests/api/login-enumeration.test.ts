import { createServer, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { describeEachDatabase, type Harness } from '../support/api-harness';

const login = (h: Harness, username: string, password: string, ip = '203.0.113.50') => h.api('/auth/login', { body: { username, password }, ip });

/** The fastest of a few timed sign-ins: the least disturbed by whatever else the machine does. */
async function fastest(h: Harness, username: string, password: string): Promise<{ ms: number; status: number; code: string }> {
  let best = Number.POSITIVE_INFINITY;
  let last = { status: 0, code: '' };
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await login(h, username, password, `203.0.113.${60 + i}`);
    best = Math.min(best, performance.now() - started);
    last = { status: res.status, code: res.body.error?.code };
  }
  return { ms: best, ...last };
}

describeEachDatabase('sign-in: spraying and enumeration', (h) => {
  it('one address trying many usernames is stopped after LOGIN_ADDRESS_RATE_LIMIT failures', async () => {
    const limit = h.config.loginAddressRateLimit;
    expect(limit).toBe(30); // the default of loadConfig
    const ip = '203.0.113.90';
    for (let i = 0; i < limit; i++) {
      const res = await login(h, `sprayed-${i}`, 'Summer2026!', ip);
      expect(res.status).toBe(401);
    }
    const limited = await login(h, 'landlord', 'demo1234', ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^Слишком много попыток/) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not concerned.
    expect((await login(h, 'landlord', 'demo1234', '203.0.113.91')).status).toBe(200);
  });

  it('a burst sent at once is limited as well: every attempt counts as it starts', async () => {
    const limit = h.config.loginAddressRateLimit;
    const burst = await Promise.all(Array.from({ length: limit + 10 }, (_, i) => login(h, `burst-${i}`, 'Summer2026!', '203.0.113.95')));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(limit);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
  });

  it('the addresses of one IPv6 /64 share one limit', async () => {
    const limit = h.config.loginAddressRateLimit;
    for (let i = 0; i < limit; i++) expect((await login(h, `v6-${i}`, 'Summer2026!', `2001:db8:5:6::${(i + 1).toString(16)}`)).status).toBe(401);
    expect((await login(h, 'landlord', 'demo1234', '2001:db8:5:6:ffff::1')).status).toBe(429);
    expect((await login(h, 'landlord', 'demo1234', '2001:db8:5:7::1')).status).toBe(200);
  });

  it('successful sign-ins from one address do not count (an office behind one address)', async () => {
    // Five colleagues, seven times each: over the address limit, under the per-username one.
    for (let i = 0; i < 7; i++) {
      for (const username of ['landlord', 'employee', 'renter', 'superadmin', 'landlord2']) {
        expect((await login(h, username, 'demo1234', '203.0.113.92')).status).toBe(200);
      }
    }
  });

  it('a disabled or password-less account says nothing before its password is proved', async () => {
    await h.db.update(users).set({ active: false }).where(eq(users.username, 'renter2'));
    const guessed = await login(h, 'renter2', 'guess-1234');
    expect(guessed.status).toBe(401);
    expect(guessed.body.error.code).toBe('wrong_password');
    const proved = await login(h, 'renter2', 'demo1234');
    expect(proved.status).toBe(403);
    expect(proved.body.error.code).toBe('account_disabled');

    const staff = await login(h, 'staff01', 'guess-1234');
    expect(staff.status).toBe(401);
    expect(staff.body.error.code).toBe('wrong_password');
  });

  it('unknown, password-less and known users are answered in the same time (one scrypt each)', async () => {
    const unknown = await fastest(h, 'nobody-at-all', 'guess-1234');
    const known = await fastest(h, 'employee', 'guess-1234');
    const passwordless = await fastest(h, 'staff02', 'guess-1234');
    expect([unknown.code, known.code, passwordless.code]).toEqual(['user_not_found', 'wrong_password', 'wrong_password']);
    const times = [unknown.ms, known.ms, passwordless.ms];
    // scrypt dominates (tens of ms); an answer without it would be a few ms.
    expect(Math.min(...times)).toBeGreaterThan(Math.max(...times) / 3);
  });
});

// An SMTP server that accepts the connection and never says a word: the mail cannot leave.
const silentSockets = new Set<Socket>();
const silentSmtp = createServer((socket) => {
  silentSockets.add(socket);
  socket.on('close', () => silentSockets.delete(socket));
});
await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (silentSmtp.address() as { port: number }).port;

describeEachDatabase(
  'restore-password answers before any mail is sent',
  (h) => {
    afterAll(async () => {
      for (const socket of silentSockets) socket.destroy();
      await new Promise((resolve) => silentSmtp.close(resolve));
    });

    it('a known and an unknown login are answered alike and at once, however slow the mail server', async () => {
      const timed = async (login: string, ip: string) => {
        const started = performance.now();
        const res = await h.api('/auth/restore-password', { body: { login }, ip });
        return { status: res.status, ms: performance.now() - started, body: res.body };
      };
      const known = await timed('employee', '198.51.100.30');
      const unknown = await timed('no-such-login', '198.51.100.31');
      expect([known.status, unknown.status]).toEqual([202, 202]);
      expect(known.body).toEqual(unknown.body);
      expect(known.ms).toBeLessThan(1500);
      expect(unknown.ms).toBeLessThan(1500);
    });
  },
  { config: { smtpUrl: `smtp://127.0.0.1:${smtpPort}` } },
);
