import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { startServer } from '../../server/server';
import { describeEachDatabase } from '../support/api-harness';
import { watchContract } from '../support/contract-check';

/**
 * Several API processes on one PostgreSQL count sign-in attempts together: an attacker spreading its
 * attempts over the processes behind a balancer meets the same limits as on one. PGlite is one
 * process and keeps its counts in memory.
 */
describeEachDatabase('rate limits shared by the API processes', (h) => {
  let second: Awaited<ReturnType<typeof startServer>>['app'] | undefined;
  let secondUrl = '';

  beforeAll(async () => {
    if (h.kind !== 'postgres') return;
    // Another process of the same deployment: its own memory, the same database.
    ({ app: second } = await startServer({ ...h.config, demo: false }, { logger: false }));
    watchContract(second);
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
  });

  const signIn = async (baseUrl: string, username: string, password: string, ip: string) => {
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username, password }),
    });
    return res.status;
  };

  it('failures from one address on both processes add up to one limit per address and per username', async () => {
    if (h.kind !== 'postgres') {
      // One process: the windows stay in memory and the database holds none.
      expect(await signIn(h.baseUrl, 'nobody', 'Summer2026!', '203.0.113.120')).toBe(401);
      expect(await h.db.select().from(rateLimits)).toEqual([]);
      return;
    }
    const both = [h.baseUrl, secondUrl];
    // Per address across usernames: half of the failures on each process.
    const ip = '203.0.113.121';
    for (let i = 0; i < h.config.loginAddressRateLimit; i++) expect(await signIn(both[i % 2] as string, `sprayed-${i}`, 'Summer2026!', ip)).toBe(401);
    for (const url of both) expect(await signIn(url, 'landlord', 'demo1234', ip)).toBe(429);
    // Per username and address: the same login guessed on alternate processes.
    const guesser = '203.0.113.122';
    for (let i = 0; i < h.config.loginRateLimit; i++) expect(await signIn(both[i % 2] as string, 'employee', `guess-${i}`, guesser)).toBe(401);
    for (const url of both) expect(await signIn(url, 'employee', 'demo1234', guesser)).toBe(429);
    // Another address is not concerned, on either process.
    for (const url of both) expect(await signIn(url, 'employee', 'demo1234', '203.0.113.123')).toBe(200);
  });
});
