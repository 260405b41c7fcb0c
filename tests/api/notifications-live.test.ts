import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { sessions, streamTickets, users } from '#server/db/schema';
import { createLiveHub } from '#server/modules/notifications/live';
import { notify } from '#server/modules/notifications/notify';
import { startServer } from '#server/server';
import { describeEachDatabase } from '../support/api-harness';
import { expectNoContractDrift, watchContract } from '../support/contract-check';
import { createPostgresDatabase } from '../support/postgres';
import { createAsRenter, firstRenterType } from '../support/requests';
import { openSse, type SseClient } from '../support/sse';

type Caller = { api(path: string, opts: { token?: string; method?: string }): Promise<{ status: number; body: any }> };

const ticketOf = async (h: Caller, token: string) => {
  const res = await h.api('/notifications/stream-ticket', { token, method: 'POST' });
  expect(res.status).toBe(200);
  return res.body.ticket as string;
};

describeEachDatabase('live notifications', (h) => {
  const t = { employee: '', renter: '', renter2: '' };
  let typeId = '';
  const open: SseClient[] = [];

  const stream = async (token: string, query = '', headers: Record<string, string> = {}) => {
    const client = await openSse(`${h.baseUrl}/api/notifications/stream?ticket=${await ticketOf(h, token)}${query}`, headers);
    expect(client.status).toBe(200);
    open.push(client);
    return client;
  };
  const take = (token: string, id: string, event = 'request.take') => h.api(`/requests/${id}/transitions`, { token, body: { event } });
  const newest = async (token: string) => (await h.api('/notifications/inbox?limit=1', { token })).body.data[0];

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    typeId = await firstRenterType(h, t.renter);
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });

  it("another user's act reaches the renter's stream within a second, as the inbox shows it, then the counts", async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    const renter = await stream(t.renter);
    const other = await stream(t.renter2);
    // On connecting: the counts only, nothing old replayed.
    const first = await renter.next();
    // Its id: the newest notification already there, from which a reconnection resumes.
    expect(first).toMatchObject({ event: 'counts', id: String((await newest(t.renter))?.id ?? 0) });
    expect(first.data.notifications_unread).toBe((await h.api('/user/count-unread', { token: t.renter })).body.count);
    await other.next((e) => e.event === 'counts');

    const started = Date.now();
    expect((await take(t.employee, r.id)).status).toBe(200);
    const event = await renter.next(undefined, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    const item = await newest(t.renter);
    expect(item).toMatchObject({ kind: 'request.status', subject: { type: 'request', id: r.id }, params: { number: r.number, status: 'in_progress' } });
    expect(event).toEqual({ event: 'notification', id: String(item.id), data: item });
    const counts = await renter.next();
    expect(counts).toMatchObject({ event: 'counts', id: String(item.id) });
    expect(counts.data).toEqual((await h.api('/user-menu/counts', { token: t.renter })).body);
    expect(counts.data.notifications_unread).toBe(first.data.notifications_unread + 1);

    // Another landlord's renter hears nothing of it.
    expect(await other.idle(300)).toEqual([]);
  });

  it('resuming with last_id (or Last-Event-ID) replays exactly the notifications missed', async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    const before = (await newest(t.renter))?.id ?? 0;
    expect((await take(t.employee, r.id)).status).toBe(200);
    expect((await take(t.employee, r.id, 'request.pause')).status).toBe(200);
    const missed = (await h.api('/notifications/inbox?limit=2', { token: t.renter })).body.data.reverse();
    expect(missed.map((n: { params: { status: string } }) => n.params.status)).toEqual(['in_progress', 'paused']);

    for (const resumed of [await stream(t.renter, `&last_id=${before}`), await stream(t.renter, '', { 'last-event-id': String(before) })]) {
      expect(await resumed.next(), JSON.stringify(resumed.events)).toEqual({ event: 'notification', id: String(missed[0].id), data: missed[0] });
      expect(await resumed.next()).toEqual({ event: 'notification', id: String(missed[1].id), data: missed[1] });
      expect((await resumed.next()).event).toBe('counts');
      expect(await resumed.idle(200)).toEqual([]);
    }
    // From the newest id: nothing to replay.
    const current = await stream(t.renter, `&last_id=${missed[1].id}`);
    expect((await current.next()).event).toBe('counts');
  });

  it('a bad, used or expired ticket, or an ended session, is a 401 in the error shape', async () => {
    const url = (ticket: string) => `${h.baseUrl}/api/notifications/stream?ticket=${ticket}`;
    const bad = await openSse(url('not-a-ticket'), { 'accept-language': 'en' });
    expect(bad.status).toBe(401);
    expect(bad.error).toEqual({ error: { code: 'unauthorized', message: 'Please sign in' } });

    const ticket = await ticketOf(h, t.renter);
    open.push(await openSse(url(ticket)));
    const used = await openSse(url(ticket));
    expect(used.status).toBe(401);
    expect(used.error.error.code).toBe('unauthorized');

    const late = await ticketOf(h, t.renter);
    await h.db.update(streamTickets).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await openSse(url(late))).status).toBe(401);

    // A ticket is asked with the session; without one it is the usual 401.
    expect((await h.api('/notifications/stream-ticket', { method: 'POST' })).status).toBe(401);
    const session = await h.login('renter');
    const orphan = await ticketOf(h, session);
    expect((await h.api('/auth/logout', { token: session, method: 'POST' })).status).toBeLessThan(300);
    const ended = await openSse(url(orphan));
    expect(ended.status).toBe(401);
    expect(ended.error.error.code).toBe('session_expired');

    // Without a ticket the contract refuses it.
    expect((await openSse(`${h.baseUrl}/api/notifications/stream`)).status).toBe(400);
  });

  it('a rolled-back change and a refused transition send nothing', async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    const renter = await stream(t.renter);
    await renter.next((e) => e.event === 'counts');
    const [me] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'renter'));
    await h.db
      .transaction(async (tx) => {
        await notify(tx, [me?.id], { kind: 'request.status', landlordId: null, subject: { type: 'request', id: r.id }, actor: { userId: null, name: '' } });
        throw new Error('refused');
      })
      .catch(() => {});
    expect((await take(t.employee, r.id, 'request.complete')).status).toBe(409);
    expect(await renter.idle(400)).toEqual([]);
    // The stream still works.
    expect((await take(t.employee, r.id)).status).toBe(200);
    expect((await renter.next()).event).toBe('notification');
  });

  it('a stream whose session was revoked ends at the next heartbeat, with a comment before', async () => {
    const token = await h.login('renter');
    const me = (await h.api('/user', { token })).body;
    const [session] = await h.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, me.id)).orderBy(desc(sessions.createdAt)).limit(1);
    const written: string[] = [];
    let ended = false;
    const hub = createLiveHub(
      h.db,
      (err) => {
        throw err;
      },
      { heartbeatMs: 100 },
    );
    hub.open(
      {
        write: (chunk) => written.push(chunk),
        end: () => {
          ended = true;
        },
      },
      { id: me.id, sessionId: session?.id as string, role: 'renter', landlordId: me.landlord_id, fullName: me.full_name },
      session?.id as string,
      null,
    );
    await expect.poll(() => written.join('')).toContain(': ping');
    expect(ended).toBe(false);
    expect((await h.api('/auth/logout', { token, method: 'POST' })).status).toBeLessThan(300);
    await expect.poll(() => ended).toBe(true);
    expect(hub.size()).toBe(0);
    hub.close();
  });

  it('the server closes with streams open', async () => {
    // Checked by afterAll: app.close() ends every stream instead of waiting for it.
    const renter = await stream(t.renter);
    expect((await renter.next()).event).toBe('counts');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('live notifications across API processes [postgres]', () => {
  const servers: Array<{ baseUrl: string; close(): Promise<void> }> = [];
  const cleanups: Array<() => Promise<void>> = [];
  const api = (baseUrl: string) => ({
    async api(p: string, opts: { token?: string; method?: string; body?: unknown } = {}) {
      const res = await fetch(`${baseUrl}/api${p}`, {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers: { ...(opts.token && { authorization: `Bearer ${opts.token}` }), ...(opts.body !== undefined && { 'content-type': 'application/json' }) },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  });
  let a: ReturnType<typeof api>;
  let b: ReturnType<typeof api>;
  let databaseUrl = '';

  beforeAll(async () => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
    cleanups.push(created.drop);
    databaseUrl = created.url;
    for (const demo of [true, false]) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-live-'));
      cleanups.unshift(() => rm(dataDir, { recursive: true, force: true }));
      const config = { ...loadConfig({ DATA_DIR: dataDir }, []), databaseUrl, demo, logLevel: 'silent', taskDeadlineIntervalMs: 0, orphanSweepIntervalMs: 0 };
      const { app } = await startServer(config, { logger: false });
      watchContract(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      servers.push({ baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() });
    }
    a = api(servers[0]?.baseUrl as string);
    b = api(servers[1]?.baseUrl as string);
  });
  afterEach(expectNoContractDrift);
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const cleanup of cleanups) await cleanup();
  });

  const login = async (s: ReturnType<typeof api>, username: string) =>
    (await s.api('/auth/login', { body: { username, password: 'demo1234' } })).body.token as string;

  it('an event written through server A reaches a stream on server B within a second, also after B lost its LISTEN connection; a sign-out on A ends it', async () => {
    const renter = await login(b, 'renter');
    const employee = await login(a, 'employee');
    const typeId = (await a.api('/type-request/kind/12', { token: renter })).body[0].id as string;
    const client = await openSse(`${servers[1]?.baseUrl}/api/notifications/stream?ticket=${await ticketOf(a, renter)}`);
    expect(client.status).toBe(200);
    try {
      expect((await client.next()).event).toBe('counts');
      const first = (await a.api('/requests', { token: renter, body: { type_id: typeId, description: 'Течёт кран' } })).body;
      const started = Date.now();
      expect((await a.api(`/requests/${first.id}/transitions`, { token: employee, body: { event: 'request.take' } })).status).toBe(200);
      const event = await client.next(undefined, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(event).toMatchObject({ event: 'notification', data: { kind: 'request.status', subject: { id: first.id } } });
      expect((await client.next()).event).toBe('counts');

      // The database drops both processes' LISTEN connections: they reconnect, and every stream checks again.
      const admin = new (await import('pg')).default.Client({ connectionString: databaseUrl });
      await admin.connect();
      const dropped = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'");
      await admin.end();
      expect(dropped.rowCount).toBe(2);
      expect((await client.next((e) => e.event === 'counts', 3000)).data.notifications_unread).toBeGreaterThan(0);
      expect((await a.api(`/requests/${first.id}/transitions`, { token: employee, body: { event: 'request.pause' } })).status).toBe(200);
      expect(await client.next((e) => e.event === 'notification', 1000)).toMatchObject({ data: { params: { status: 'paused' } } });

      // Signing out through server A ends the stream server B serves, at once.
      expect((await a.api('/auth/logout', { token: renter, method: 'POST' })).status).toBe(204);
      await expect.poll(() => client.ended(), { timeout: 1000, interval: 20 }).toBe(true);
    } finally {
      client.close();
    }
  });
});

describeEachDatabase(
  'live streams and the embedded database queue',
  (h) => {
    it('open streams do not count as requests in flight', async () => {
      const token = await h.login('renter');
      const streams = [];
      for (let i = 0; i < 3; i++) {
        const client = await openSse(`${h.baseUrl}/api/notifications/stream?ticket=${await ticketOf(h, token)}`);
        expect(client.status).toBe(200);
        await client.next();
        streams.push(client);
      }
      try {
        expect((await h.api('/user-menu/counts', { token })).status).toBe(200);
      } finally {
        for (const client of streams) client.close();
      }
    });
  },
  { config: { pgliteMaxQueue: 2 } },
);
