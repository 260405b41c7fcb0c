import { desc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { supportMessages } from '../../server/db/schema';
import { describeEachDatabase } from '../support/api-harness';

it('TRUST_PROXY is off by default; a number is a hop count, anything else a list of proxies', () => {
  expect(loadConfig({}, []).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'false' }, []).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '2' }, []).trustProxy).toBe(2);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12' }, []).trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12']);
  expect(() => loadConfig({ TRUST_PROXY: 'true' }, [])).toThrow(/TRUST_PROXY/);
});

// No proxy configured: X-Forwarded-For is whatever the caller wrote, so it names nobody.
describeEachDatabase(
  'forwarded addresses without a trusted proxy',
  (h) => {
    it('a forged X-Forwarded-For per attempt does not get round the sign-in limit', async () => {
      for (let i = 0; i < h.config.loginRateLimit; i++) {
        const res = await h.api('/auth/login', { body: { username: 'employee2', password: `wrong-${i}` }, ip: `203.0.113.${i + 1}` });
        expect(res.status).toBe(401);
      }
      const limited = await h.api('/auth/login', { body: { username: 'employee2', password: 'demo1234' }, ip: '203.0.113.200' });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
    });

    it('a form records the connection address, not the forged one', async () => {
      const res = await h.api('/public/support-messages', { body: { name: 'Ерлан', message: 'Привет' }, ip: '198.51.100.66' });
      expect(res.status).toBe(201);
      const [row] = await h.db.select().from(supportMessages).orderBy(desc(supportMessages.createdAt)).limit(1);
      expect(row?.ip).toBe('127.0.0.1');
    });

    it('a forged address cannot spend the public-form limit of another caller either', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await h.api('/public/demo-requests', { body: { name: 'Алия', email: 'a@example.kz' }, ip: `192.0.2.${i + 1}` })).status);
      }
      expect(statuses.at(-1)).toBe(429);
    });
  },
  { config: { trustProxy: false } },
);

// The suite's own default (TRUST_PROXY=loopback): the proxy in front names the caller.
describeEachDatabase('forwarded addresses from a trusted proxy', (h) => {
  it('the address a trusted proxy forwards is the one recorded', async () => {
    const res = await h.api('/public/support-messages', { body: { name: 'Ерлан', message: 'Привет' }, ip: '198.51.100.67' });
    expect(res.status).toBe(201);
    const [row] = await h.db.select().from(supportMessages).orderBy(desc(supportMessages.createdAt)).limit(1);
    expect(row?.ip).toBe('198.51.100.67');
  });
});
