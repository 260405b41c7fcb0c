import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { hashToken } from '#server/auth/tokens';
import { passwordTokens, users } from '#server/db/schema';
import { loadConfig } from '../../server/config';
import { redactUrl } from '../../server/http/log-redaction';
import { startServer } from '../../server/server';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { expectNoContractDrift, watchContract } from '../support/contract-check';
import { lastMailTo, linkOf, readOutbox, waitForOutbox } from '../support/outbox';

async function mailedToken(h: Harness, login: string, email: string, ip: string): Promise<string> {
  const before = (await readOutbox(h.outboxDir)).length;
  expect((await h.api('/auth/restore-password', { body: { login }, ip })).status).toBe(202);
  const mails = await waitForOutbox(h.outboxDir, before + 1);
  const mail = mails.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return linkOf(mail).token;
}

const live = async (h: Harness, token: string) => (await h.api(`/auth/password-token/${encodeURIComponent(token)}`)).status === 200;

describeEachDatabase('reset links do not outlive a newer password', (h) => {
  it('using one link voids every other outstanding link of that user', async () => {
    const first = await mailedToken(h, 'employee', 'employee@example.kz', '198.51.100.40');
    const second = await mailedToken(h, 'employee', 'employee@example.kz', '198.51.100.40');
    expect(await live(h, first)).toBe(true);
    expect((await h.api('/auth/set-password', { body: { token: second, password: 'fresh-pass-1' } })).status).toBe(204);
    expect(await live(h, first)).toBe(false);
    const reuse = await h.api('/auth/set-password', { body: { token: first, password: 'attacker-pass-1' } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.code).toBe('token_invalid');
    expect((await h.api('/auth/login', { body: { username: 'employee', password: 'fresh-pass-1' } })).status).toBe(200);
  });

  it('a new link clears the used and expired links of that user and keeps the live ones', async () => {
    const rowsOf = async (username: string) => {
      const [user] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      return h.db
        .select({ hash: passwordTokens.tokenHash })
        .from(passwordTokens)
        .where(eq(passwordTokens.userId, user?.id as string));
    };
    const used = await mailedToken(h, 'renter', 'renter@example.kz', '198.51.100.46');
    const expired = await mailedToken(h, 'renter', 'renter@example.kz', '198.51.100.46');
    const kept = await mailedToken(h, 'renter', 'renter@example.kz', '198.51.100.46');
    await h.db
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(eq(passwordTokens.tokenHash, hashToken(used)));
    await h.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.tokenHash, hashToken(expired)));
    expect(await rowsOf('renter')).toHaveLength(3);

    const fresh = await mailedToken(h, 'renter', 'renter@example.kz', '198.51.100.46');
    expect((await rowsOf('renter')).map((r) => r.hash).sort()).toEqual([hashToken(kept), hashToken(fresh)].sort());
    expect(await live(h, kept)).toBe(true);
    expect(await live(h, fresh)).toBe(true);
  });

  it('changing the password while signed in voids the outstanding links', async () => {
    const token = await mailedToken(h, 'renter2', 'renter2@example.kz', '198.51.100.41');
    const session = await h.login('renter2');
    const change = await h.api('/auth/change-password', {
      token: session,
      body: { current_password: 'demo1234', new_password: 'changed-pass-9' },
    });
    expect(change.status).toBe(204);
    expect(await live(h, token)).toBe(false);
    expect((await h.api('/auth/set-password', { body: { token, password: 'attacker-pass-1' } })).status).toBe(400);
  });
});

describeEachDatabase("a deleted login's links", (h) => {
  const refused = async (token: string) => {
    const check = await h.api(`/auth/password-token/${encodeURIComponent(token)}`, { lang: 'en' });
    expect(check.status).toBe(404);
    expect(check.body.error).toEqual({ code: 'token_invalid', message: 'The link is invalid or has already been used' });
    const set = await h.api('/auth/set-password', { body: { token, password: 'attacker-pass-1' }, lang: 'en' });
    expect(set.status).toBe(400);
    expect(set.body.error).toEqual({ code: 'token_invalid', message: 'The link is invalid or has already been used' });
  };

  it('an invitation is refused once the employee is deleted, and still after the restore', async () => {
    const landlord = await h.login('landlord');
    const created = await h.api('/employee', {
      token: landlord,
      body: { full_name: 'Асель Приглашённая', email: 'asel.invite@example.kz', username: 'asel.invite' },
    });
    expect(created.status).toBe(201);
    const invite = await mailedToken(h, 'asel.invite', 'asel.invite@example.kz', '198.51.100.44');
    expect(await live(h, invite)).toBe(true);

    expect((await h.api(`/employee/${created.body.id}`, { method: 'DELETE', token: landlord })).status).toBe(204);
    await refused(invite);
    expect((await h.api(`/employee/${created.body.id}/restore`, { method: 'PUT', token: landlord })).status).toBe(200);
    await refused(invite);
    // No password was set through it: the restored login still has none.
    expect((await h.api('/auth/login', { body: { username: 'asel.invite', password: 'attacker-pass-1' } })).status).toBe(401);
  });

  it('a reset link is refused once the employee is deleted; the restored login keeps its password', async () => {
    const landlord = await h.login('landlord');
    const created = await h.api('/employee', {
      token: landlord,
      body: { full_name: 'Марат Сбросов', email: 'marat.reset@example.kz', username: 'marat.reset' },
    });
    const invite = await mailedToken(h, 'marat.reset', 'marat.reset@example.kz', '198.51.100.45');
    expect((await h.api('/auth/set-password', { body: { token: invite, password: 'marat-own-pass-1' } })).status).toBe(204);
    const reset = await mailedToken(h, 'marat.reset', 'marat.reset@example.kz', '198.51.100.45');

    expect((await h.api(`/employee/${created.body.id}`, { method: 'DELETE', token: landlord })).status).toBe(204);
    await refused(reset);
    expect((await h.api(`/employee/${created.body.id}/restore`, { method: 'PUT', token: landlord })).status).toBe(200);
    await refused(reset);
    expect((await h.api('/auth/login', { body: { username: 'marat.reset', password: 'marat-own-pass-1' } })).status).toBe(200);
  });
});

describeEachDatabase('the password mail says what its link is', (h) => {
  it("a reset link lives an hour and the mail says so; a new login's invitation a week, with its login", async () => {
    const resetToken = await mailedToken(h, 'renter', 'renter@example.kz', '198.51.100.42');
    const reset = await lastMailTo(h.outboxDir, 'renter@example.kz');
    expect(reset?.text).toContain('Ссылка действует 1 час и только один раз');
    expect(reset?.text).toContain(`/auth/refresh-password?token=${encodeURIComponent(resetToken)}`);

    const landlord = await h.login('landlord');
    const created = await h.api('/employee', {
      token: landlord,
      body: { full_name: 'Айгерим Новая', email: 'aigerim.new@example.kz', username: 'aigerim.new' },
    });
    expect(created.status).toBe(201);
    const inviteToken = await mailedToken(h, 'aigerim.new', 'aigerim.new@example.kz', '198.51.100.43');
    const invite = await lastMailTo(h.outboxDir, 'aigerim.new@example.kz');
    expect(invite?.text).toContain('Для вас создана учётная запись в Mall CRM, логин: aigerim.new.');
    expect(invite?.text).toContain('Ссылка действует 7 дней и только один раз.');
    expect(invite?.text).not.toContain('не запрашивали');
    expect(invite?.text).toContain(`/auth/first-login?token=${encodeURIComponent(inviteToken)}`);
  });
});

it('the access log never holds a password token', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-log-'));
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = { ...loadConfig({ DATA_DIR: dataDir }, []), demo: false, taskDeadlineIntervalMs: 0 };
  // No built SPA (an empty folder): the page's address answers 404 whether or not `npm run build` ran before.
  const { app } = await startServer(config, { logger: { level: 'info', stream }, inMemory: true, spaDir: dataDir });
  watchContract(app);
  try {
    const secret = 'S3cretTokenValue_abcdefghijklmnopqrstuvwxyz0';
    const answers = [
      await app.inject({ url: `/api/auth/password-token/${secret}` }),
      await app.inject({ url: `/auth/refresh-password?token=${secret}&lang=ru` }),
      await app.inject({ url: `/api/auth/password-token/${secret}?token=${secret}` }),
      // A document's signed link opens it for anyone until it expires: as secret as a token.
      await app.inject({ url: `/storage/tasks/x/y.pdf?expires=1&signature=${secret}` }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
    const log = lines.join('');
    expect(log).toContain('[redacted]');
    expect(log).toContain('/api/auth/password-token/');
    expect(log).not.toContain(secret);
    expectNoContractDrift();
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('redactUrl hides the token and feed path segments and token queries, and nothing else', () => {
  expect(redactUrl('/api/auth/password-token/abc')).toBe('/api/auth/password-token/[redacted]');
  expect(redactUrl('/auth/first-login?token=abc&x=1')).toBe('/auth/first-login?token=[redacted]&x=1');
  expect(redactUrl('/api/calendar/feed/abc.ics')).toBe('/api/calendar/feed/[redacted]');
  expect(redactUrl('/api/calendar/feed')).toBe('/api/calendar/feed');
  expect(redactUrl('/api/unsubscribe/abc')).toBe('/api/unsubscribe/[redacted]');
  expect(redactUrl('/unsubscribe/abc?x=1')).toBe('/unsubscribe/[redacted]?x=1');
  expect(redactUrl('/api/employee?search=token')).toBe('/api/employee?search=token');
});
