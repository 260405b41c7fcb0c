import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { createAsRenter, firstRenterType } from '../support/requests';
import { openSse, type SseClient } from '../support/sse';

/** A stream ends with its session: at once, on every process (db/live-signal.ts), not at the next heartbeat. */
describeEachDatabase('live streams end with their session', (h: Harness) => {
  const open: SseClient[] = [];
  const stream = async (token: string) => {
    const ticket = (await h.api('/notifications/stream-ticket', { token, method: 'POST' })).body.ticket;
    const client = await openSse(`${h.baseUrl}/api/notifications/stream?ticket=${ticket}`);
    expect(client.status).toBe(200);
    open.push(client);
    expect((await client.next()).event).toBe('counts');
    return client;
  };
  const endsWithin = async (client: SseClient, ms: number) => {
    const started = Date.now();
    await expect.poll(() => client.ended(), { timeout: ms, interval: 20 }).toBe(true);
    return Date.now() - started;
  };
  /** Something the renter is told of: its landlord's employee takes its new request. */
  const tellRenter = async (renter: string, employeeName = 'employee') => {
    const employee = await h.login(employeeName);
    const request = await createAsRenter(h, renter, await firstRenterType(h, renter));
    expect((await h.api(`/requests/${request.id}/transitions`, { token: employee, body: { event: 'request.take' } })).status).toBe(200);
  };
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });

  it('signing out ends the stream within a second; it is told nothing more', async () => {
    const token = await h.login('renter');
    const client = await stream(token);
    const other = await stream(await h.login('renter'));
    expect((await h.api('/auth/logout', { token, method: 'POST' })).status).toBe(204);
    expect(await endsWithin(client, 1000)).toBeLessThan(1000);
    const seen = client.events.length;

    await tellRenter(await h.login('renter'));
    // The same user's other session goes on: it hears the news, the ended one does not.
    expect((await other.next((e) => e.event === 'notification')).data.kind).toBe('request.status');
    expect(client.events.length).toBe(seen);
  });

  it("changing the password ends the user's other sessions' streams within a second, not the one that changed it", async () => {
    const elsewhere = await h.login('renter2');
    const here = await h.login('renter2');
    const ended = await stream(elsewhere);
    const kept = await stream(here);
    const changed = await h.api('/auth/change-password', { token: here, body: { current_password: 'demo1234', new_password: 'renter2-new-secret' } });
    expect(changed.status).toBe(204);
    expect(await endsWithin(ended, 1000)).toBeLessThan(1000);
    const seen = ended.events.length;

    await tellRenter(here, 'employee2');
    expect((await kept.next((e) => e.event === 'notification')).data.kind).toBe('request.status');
    expect(kept.ended()).toBe(false);
    expect(ended.events.length).toBe(seen);
  });

  it('a session holds at most five streams: a sixth ends the oldest, told `replaced`; the rest, and other sessions, go on', async () => {
    expect(h.config.streamsPerSession).toBe(5);
    const token = await h.login('renter');
    const otherSession = await stream(await h.login('renter'));
    const first = await stream(token);
    const rest = [];
    for (let i = 0; i < 4; i++) rest.push(await stream(token));
    expect(first.ended()).toBe(false);

    rest.push(await stream(token));
    expect(await endsWithin(first, 1000)).toBeLessThan(1000);
    expect(first.events.at(-1)).toEqual({ event: 'replaced', id: null, data: {} });
    expect(rest.length).toBe(5);
    expect([...rest, otherSession].map((c) => c.ended())).toEqual([false, false, false, false, false, false]);
    await tellRenter(token);
    for (const client of [...rest, otherSession]) expect((await client.next((e) => e.event === 'notification')).data.kind).toBe('request.status');
  });
});
