import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { passwordTokens, users } from '#server/db/schema';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { lastMailTo, linkOf, readOutbox, waitForOutbox } from '../support/outbox';

/** Asks for a link for `login` and returns the token of the newest mail to `email`. */
async function requestLink(h: Harness, login: string, email: string, ip: string) {
  const before = (await readOutbox(h.outboxDir)).length;
  const res = await h.api('/auth/restore-password', { body: { login }, ip });
  expect(res.status).toBe(202);
  expect((await waitForOutbox(h.outboxDir, before + 1)).length).toBe(before + 1);
  const mail = await lastMailTo(h.outboxDir, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return { mail, ...linkOf(mail) };
}

describeEachDatabase('password reset by e-mail link', (h) => {
  it('restore-password mails a one-time link; the link names its purpose and user', async () => {
    const { mail, url, token } = await requestLink(h, 'employee', 'employee@example.kz', '198.51.100.1');
    expect(mail.subject).toMatch(/парол/i);
    expect(mail.text).toContain('Нурлан Абенов');
    expect(url.origin).toBe('http://localhost:5173');
    expect(url.pathname).toBe('/auth/refresh-password');
    expect(token.length).toBeGreaterThanOrEqual(20);

    const check = await h.api(`/auth/password-token/${encodeURIComponent(token)}`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ purpose: 'reset', username: 'employee' });
  });

  it('answers 202 for an unknown login too, and mails nobody', async () => {
    const before = (await readOutbox(h.outboxDir)).length;
    const res = await h.api('/auth/restore-password', { body: { login: 'no-such-user' }, ip: '198.51.100.2' });
    expect(res.status).toBe(202);
    // A known login asked next: once its mail is there, the unknown one's work is long done.
    await requestLink(h, 'employee', 'employee@example.kz', '198.51.100.2');
    expect((await readOutbox(h.outboxDir)).length).toBe(before + 1);
  });

  it('set-password with the link sets the password; the old one stops working; the link works once', async () => {
    const other = await h.login('landlord2');
    const { token } = await requestLink(h, 'landlord2@example.kz', 'landlord2@example.kz', '198.51.100.3');
    const set = await h.api('/auth/set-password', { body: { token, password: 'new-secret-42' } });
    expect(set.status).toBe(204);

    expect((await h.api('/auth/login', { body: { username: 'landlord2', password: 'new-secret-42' } })).status).toBe(200);
    const old = await h.api('/auth/login', { body: { username: 'landlord2', password: 'demo1234' } });
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('wrong_password');
    // Sessions from before the reset are revoked.
    expect((await h.api('/user', { token: other })).status).toBe(401);

    const again = await h.api('/auth/set-password', { body: { token, password: 'another-secret' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'token_invalid', message: 'Ссылка недействительна или уже использована' });
    expect((await h.api(`/auth/password-token/${encodeURIComponent(token)}`)).status).toBe(404);
  });

  it('an unknown token answers 404 token_invalid; a malformed one 400', async () => {
    const unknown = await h.api(`/auth/password-token/${'a'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('token_invalid');
    expect((await h.api('/auth/password-token/short')).status).toBe(400);
    const set = await h.api('/auth/set-password', { body: { token: 'b'.repeat(43), password: 'long-enough-1' } });
    expect(set.status).toBe(400);
    expect(set.body.error.code).toBe('token_invalid');
  });

  it('an expired link is refused', async () => {
    const { token } = await requestLink(h, 'renter', 'renter@example.kz', '198.51.100.4');
    const user = await h.db.query.users.findFirst({ where: eq(users.username, 'renter') });
    await h.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user!.id));
    expect((await h.api(`/auth/password-token/${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await h.api('/auth/set-password', { body: { token, password: 'long-enough-1' } })).status).toBe(400);
    expect((await h.api('/auth/login', { body: { username: 'renter', password: 'demo1234' } })).status).toBe(200);
  });

  it('a short new password is refused with a field message', async () => {
    const res = await h.api('/auth/set-password', { body: { token: 'c'.repeat(43), password: 'short' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual({ password: 'Не короче 8 символов' });
  });
});

describeEachDatabase('change password when signed in', (h) => {
  it('requires a session', async () => {
    const res = await h.api('/auth/change-password', { body: { current_password: 'demo1234', new_password: 'long-enough-1' } });
    expect(res.status).toBe(401);
  });

  it('a wrong current password is a field error; the password stays', async () => {
    const token = await h.login('employee2');
    const res = await h.api('/auth/change-password', { token, body: { current_password: 'nope', new_password: 'long-enough-1' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('current_password_wrong');
    expect(res.body.error.fields).toEqual({ current_password: 'Текущий пароль указан неверно' });
    expect((await h.api('/auth/login', { body: { username: 'employee2', password: 'demo1234' } })).status).toBe(200);
  });

  it('a short new password is a field error', async () => {
    const token = await h.login('employee2');
    const res = await h.api('/auth/change-password', { token, body: { current_password: 'demo1234', new_password: '1234567' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ new_password: 'Не короче 8 символов' });
  });

  it('changes it, keeps this session and revokes the others', async () => {
    const other = await h.login('renter2');
    const token = await h.login('renter2');
    const res = await h.api('/auth/change-password', { token, body: { current_password: 'demo1234', new_password: 'changed-pass-1' } });
    expect(res.status).toBe(204);
    expect((await h.api('/user', { token })).status).toBe(200);
    const revoked = await h.api('/user', { token: other });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('session_expired');
    expect((await h.api('/auth/login', { body: { username: 'renter2', password: 'changed-pass-1' } })).status).toBe(200);
    expect((await h.api('/auth/login', { body: { username: 'renter2', password: 'demo1234' } })).status).toBe(401);
  });
});

describeEachDatabase('first login', (h) => {
  it('a user without a password is answered like a wrong password: no password proved, nothing told', async () => {
    await h.db.update(users).set({ passwordHash: null }).where(eq(users.username, 'renter'));
    for (const password of ['demo1234', 'anything']) {
      const res = await h.api('/auth/login', { body: { username: 'renter', password } });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('wrong_password');
      expect(res.body).not.toHaveProperty('token');
    }
  });

  it('restore sends a first-login link; setting the password through it signs the user in', async () => {
    const { url, token } = await requestLink(h, 'renter', 'renter@example.kz', '198.51.100.9');
    expect(url.pathname).toBe('/auth/first-login');
    const check = await h.api(`/auth/password-token/${encodeURIComponent(token)}`);
    expect(check.body).toEqual({ purpose: 'first_login', username: 'renter' });
    expect((await h.api('/auth/set-password', { body: { token, password: 'first-pass-1' } })).status).toBe(204);
    const login = await h.api('/auth/login', { body: { username: 'renter', password: 'first-pass-1' } });
    expect(login.status).toBe(200);
    expect(login.body.user.username).toBe('renter');
  });

  it('a new user inserted without a password is not told so before proving anything', async () => {
    const [landlord] = await h.db.select({ id: users.landlordId }).from(users).where(eq(users.username, 'landlord'));
    await h.db.insert(users).values({
      username: 'newcomer',
      email: 'newcomer@example.kz',
      fullName: 'Новый Сотрудник',
      role: 'employee',
      landlordId: landlord!.id,
    });
    const res = await h.api('/auth/login', { body: { username: 'newcomer', password: 'whatever1' }, lang: 'en' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'wrong_password', message: 'Wrong password' });
  });
});

describeEachDatabase('restore rate limit', (h) => {
  it('limits reset links per address', async () => {
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await h.api('/auth/restore-password', { body: { login: 'nobody' }, ip })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await h.api('/auth/restore-password', { body: { login: 'nobody' }, ip: '198.51.100.78' })).status).toBe(202);
  });
});
