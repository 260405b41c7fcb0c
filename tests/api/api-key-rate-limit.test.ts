import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer } from '#server/server';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { watchContract } from '../support/contract-check';

const LIMIT = 3;

async function makeKey(h: Harness, token: string) {
  const res = await h.api('/api-keys', { token, body: { name: 'limited', scopes: ['requests:read'] } });
  expect(res.status).toBe(201);
  return res.body.secret as string;
}

describeEachDatabase(
  'an API key past its calls a minute',
  (h) => {
    it('is answered 429 with Retry-After, in the caller language; another key and the landlord go on', async () => {
      const landlord = await h.login('landlord');
      const key = await makeKey(h, landlord);
      for (let i = 0; i < LIMIT; i++) expect((await h.api('/requests', { token: key })).status).toBe(200);
      const refused = await h.api('/requests', { token: key, lang: 'en' });
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('key_rate_limited');
      expect(refused.body.error.message).toMatch(/^Too many requests with this API key\. Try again in \d+ seconds$/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Counted per key: a call it may not make still counts, and is refused by its rate first.
      expect((await h.api('/tasks', { token: key })).status).toBe(429);
      expect((await h.api('/requests', { token: await makeKey(h, landlord) })).status).toBe(200);
      expect((await h.api('/requests', { token: landlord })).status).toBe(200);
    });
  },
  { config: { apiKeyRateLimit: LIMIT } },
);

describeEachDatabase(
  'two API processes on one database count a key together',
  (h) => {
    let second: { baseUrl: string; close(): Promise<void> } | undefined;
    let dataDir = '';
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-api-b-'));
      // Server B: the same database (already migrated and seeded by A), its own files.
      const { app } = await startServer({ ...h.config, dataDir, demo: false }, { logger: false });
      watchContract(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      second = { baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
    });
    afterAll(async () => {
      await second?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('calls through A and B add up to one limit', async () => {
      const key = await makeKey(h, await h.login('landlord'));
      const viaB = async () => (await fetch(`${second?.baseUrl}/api/requests`, { headers: { authorization: `Bearer ${key}` } })).status;
      const viaA = async () => (await h.api('/requests', { token: key })).status;
      expect([await viaA(), await viaB(), await viaA()]).toEqual([200, 200, 200]);
      expect(await viaB()).toBe(429);
      expect(await viaA()).toBe(429);
    });
  },
  { config: { apiKeyRateLimit: LIMIT }, kinds: process.env.TEST_DATABASE_URL ? ['postgres'] : [] },
);
