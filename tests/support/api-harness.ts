import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { type Config, loadConfig } from '#server/config';
import type { Db } from '#server/db/client';
import type { PushTransport } from '#server/modules/push/transport';
import { DEMO_PASSWORD } from '#server/seed/demo';
import { startServer } from '#server/server';
import { expectNoContractDrift, watchContract } from './contract-check';
import { createPostgresDatabase } from './postgres';

export type DatabaseKind = 'pglite' | 'postgres';
export type ApiOptions = {
  method?: string;
  body?: unknown;
  token?: string;
  /** Sent as Accept-Language; the server answers in ru without it. */
  lang?: string;
  /** Sent as X-Forwarded-For (tests run with TRUST_PROXY=loopback): a distinct caller for the rate limits. */
  ip?: string;
  headers?: Record<string, string>;
};
export type ApiResponse<B = any> = { status: number; body: B; headers: Headers };

/** One running server on one database; its fields are set in beforeAll, so use them inside tests only. */
export class Harness {
  baseUrl = '';
  db!: Db;
  config!: Config;
  dataDir = '';
  constructor(readonly kind: DatabaseKind) {}

  get outboxDir(): string {
    return path.join(this.dataDir, 'outbox');
  }

  /** Real HTTP to `/api<path>`; JSON in, JSON (or text) out. */
  async api<B = any>(apiPath: string, opts: ApiOptions = {}): Promise<ApiResponse<B>> {
    return this.fetch(`/api${apiPath}`, opts);
  }

  /** Real HTTP to any path of the server. */
  async fetch<B = any>(urlPath: string, opts: ApiOptions = {}): Promise<ApiResponse<B>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.lang) headers['accept-language'] = opts.lang;
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    const res = await fetch(`${this.baseUrl}${urlPath}`, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    const isJson = res.headers.get('content-type')?.includes('application/json');
    return { status: res.status, body: (isJson && text ? JSON.parse(text) : text) as B, headers: res.headers };
  }

  /** Signs in (demo password by default) and returns the bearer token. */
  async login(username: string, password = DEMO_PASSWORD, opts: { remember?: boolean; ip?: string } = {}): Promise<string> {
    const res = await this.api('/auth/login', {
      body: { username, password, ...(opts.remember !== undefined && { remember: opts.remember }) },
      ip: opts.ip,
    });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  }
}

type Started = { close(): Promise<void>; server: { closeAllConnections(): void } };

/** The databases every API suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Runs `fn`'s tests once per database against a fresh server with the demo data, listening on a
 * random port of 127.0.0.1. `config` overrides settings for a dedicated suite; `push` carries its
 * pushes (a recorder; without it the server has none, as without FCM credentials); `kinds` narrows
 * the databases (a suite about PostgreSQL alone, guarded by TEST_DATABASE_URL).
 */
export function describeEachDatabase(
  name: string,
  fn: (h: Harness) => void,
  options: { config?: Partial<Config>; push?: PushTransport; kinds?: DatabaseKind[] } = {},
): void {
  for (const kind of options.kinds ?? databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      const h = new Harness(kind);
      const cleanups: Array<() => Promise<void>> = [];
      let server: Started | undefined;

      beforeAll(async () => {
        h.dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-api-'));
        cleanups.push(() => rm(h.dataDir, { recursive: true, force: true }));
        let databaseUrl: string | null = null;
        if (kind === 'postgres') {
          const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
          cleanups.unshift(created.drop);
          databaseUrl = created.url;
        }
        // Only the settings given here: nothing leaks in from the developer's environment.
        const base = loadConfig({ DATA_DIR: h.dataDir }, []);
        h.config = {
          ...base,
          host: '127.0.0.1',
          port: 0,
          databaseUrl,
          demo: true,
          publicUrl: 'http://localhost:5173',
          logLevel: 'silent',
          // Tests run the deadline job themselves (expireOverdueTasks), at the moment they choose.
          taskDeadlineIntervalMs: 0,
          // Likewise the notice job (deliverDueNotices).
          noticeIntervalMs: 0,
          contractJobIntervalMs: 0,
          importInvitationIntervalMs: 0,
          billingIntervalMs: 0,
          meterReminderIntervalMs: 0,
          calendarReminderIntervalMs: 0,
          requestEscalationIntervalMs: 0,
          // The outbox's job runs only where a suite sets it (tests/support/push.ts): elsewhere its mails would join the password mails.
          deliveryIntervalMs: 0,
          // The test client stands where a reverse proxy would, so `ip` picks the caller's address.
          trustProxy: ['loopback'],
          ...options.config,
        };
        const { app, database } = await startServer(h.config, { logger: false, inMemory: kind === 'pglite', push: options.push });
        watchContract(app);
        server = app;
        h.db = database.db;
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as AddressInfo;
        h.baseUrl = `http://127.0.0.1:${port}`;
      });

      // Every answer a test received keeps the contract (status, type, body), whatever the test asserted.
      afterEach(expectNoContractDrift);

      afterAll(async () => {
        // Every test has ended, so no request is in flight: the client's kept-alive sockets go at once, or
        // one the server does not count as idle would hold close() until its keep-alive timeout (72 s).
        server?.server.closeAllConnections();
        await server?.close();
        expectNoContractDrift();
        for (const cleanup of cleanups) await cleanup();
      });

      fn(h);
    });
  }
}
