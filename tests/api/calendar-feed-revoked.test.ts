import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { DEMO_PASSWORD } from '#server/seed/demo';
import { startServer } from '#server/server';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { expectNoContractDrift, watchContract } from '../support/contract-check';
import { lastMailTo, linkOf, readOutbox, waitForOutbox } from '../support/outbox';

/** The feed's secret address is a password of its own: it goes with the password and with the login. */
describeEachDatabase("the calendar feed's secret address", (h: Harness) => {
  /** A new feed address of the signed-in user, as the path the server answers on. */
  const feedOf = async (token: string) => {
    const res = await h.api('/calendar/feed', { token, method: 'POST' });
    expect(res.status).toBe(200);
    return new URL(res.body.url as string).pathname;
  };
  const answers = async (feed: string) => (await h.fetch(feed)).status;
  const mailTo = async (address: string) => {
    const mail = await lastMailTo(h.outboxDir, address);
    if (!mail) throw new Error(`no mail to ${address}`);
    return mail;
  };

  it('stops answering when its user changes the password; a new address works', async () => {
    const token = await h.login('renter');
    const feed = await feedOf(token);
    expect(await answers(feed)).toBe(200);
    const changed = await h.api('/auth/change-password', { token, body: { current_password: DEMO_PASSWORD, new_password: 'renter-new-secret' } });
    expect(changed.status).toBe(204);
    expect(await answers(feed)).toBe(404);
    // The profile shows no feed: the user makes a new link, which answers.
    expect((await h.api('/calendar/feed', { token })).body).toEqual({ enabled: false, url: null });
    expect(await answers(await feedOf(token))).toBe(200);
  });

  it('stops answering when the password is reset by a mailed link', async () => {
    const feed = await feedOf(await h.login('landlord2'));
    expect(await answers(feed)).toBe(200);
    const before = (await readOutbox(h.outboxDir)).length;
    expect((await h.api('/auth/restore-password', { body: { login: 'landlord2' }, ip: '198.51.100.60' })).status).toBe(202);
    await waitForOutbox(h.outboxDir, before + 1);
    const { token } = linkOf(await mailTo('landlord2@example.kz'));
    expect((await h.api('/auth/set-password', { body: { token, password: 'landlord2-reset-1' } })).status).toBe(204);
    expect(await answers(feed)).toBe(404);
  });

  it("a deleted employee's address stays dead when the employee is restored", async () => {
    const landlord = await h.login('landlord');
    const created = await h.api('/employee', {
      token: landlord,
      body: { full_name: 'Дана Календарёва', email: 'dana.feed@example.kz', username: 'dana.feed' },
    });
    expect(created.status).toBe(201);
    const { token: invite } = linkOf(await mailTo('dana.feed@example.kz'));
    expect((await h.api('/auth/set-password', { body: { token: invite, password: 'dana-secret-1' } })).status).toBe(204);
    const feed = await feedOf(await h.login('dana.feed', 'dana-secret-1'));
    expect(await answers(feed)).toBe(200);

    expect((await h.api(`/employee/${created.body.id}`, { method: 'DELETE', token: landlord })).status).toBe(204);
    expect(await answers(feed)).toBe(404);
    expect((await h.api(`/employee/${created.body.id}/restore`, { method: 'PUT', token: landlord })).status).toBe(200);
    expect(await answers(feed)).toBe(404);
  });
});

it("the request log never holds a calendar feed's secret", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-feed-log-'));
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = { ...loadConfig({ DATA_DIR: dataDir }, []), demo: true, taskDeadlineIntervalMs: 0 };
  const { app } = await startServer(config, { logger: { level: 'info', stream }, inMemory: true, spaDir: dataDir });
  watchContract(app);
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'renter', password: DEMO_PASSWORD } });
    const made = await app.inject({ method: 'POST', url: '/api/calendar/feed', headers: { authorization: `Bearer ${login.json().token}` } });
    const feed = new URL(made.json().url).pathname;
    const secret = feed.replace(/^.*\//, '').replace(/\.ics$/, '');
    expect(secret).toHaveLength(43);
    const fetched = await app.inject({ url: feed });
    expect(fetched.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/calendar/feed/[redacted]');
    expect(log).not.toContain(secret);
    expectNoContractDrift();
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 180_000);
