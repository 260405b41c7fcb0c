import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { hashToken } from '#server/auth/tokens';
import { sessions } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';

const HOUR = 3600_000;

describeEachDatabase('auth: login', (h) => {
  it('signs a demo user in with a token, the user and an expiry; remember keeps the session longer', async () => {
    const short = await h.api('/auth/login', { body: { username: 'landlord', password: 'demo1234' } });
    expect(short.status).toBe(200);
    expect(short.body.token).toEqual(expect.any(String));
    expect(short.body.token.length).toBeGreaterThanOrEqual(32);
    expect(short.body.user).toMatchObject({ username: 'landlord', role: 'landlord', email: 'landlord@example.kz' });
    expect(short.body.user.landlord_id).toEqual(expect.any(String));
    expect(short.body.user.land).toMatchObject({ name: 'ТРЦ «Mega Center»' });

    const long = await h.api('/auth/login', { body: { username: 'landlord', password: 'demo1234', remember: true } });
    expect(long.status).toBe(200);
    expect(long.body.token).not.toBe(short.body.token);
    const shortExpiry = Date.parse(short.body.expires_at);
    const longExpiry = Date.parse(long.body.expires_at);
    expect(shortExpiry).toBeGreaterThan(Date.now());
    expect(longExpiry - shortExpiry).toBeGreaterThan(24 * HOUR);
  });

  it('accepts the username in any case and the e-mail as login', async () => {
    const upper = await h.api('/auth/login', { body: { username: 'EMPLOYEE', password: 'demo1234' } });
    expect(upper.status).toBe(200);
    expect(upper.body.user).toMatchObject({ username: 'employee', role: 'employee' });
    const byEmail = await h.api('/auth/login', { body: { username: 'renter@example.kz', password: 'demo1234' } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.user).toMatchObject({ username: 'renter', role: 'renter' });
  });

  it('answers 401 user_not_found for an unknown user', async () => {
    const res = await h.api('/auth/login', { body: { username: 'nobody', password: 'demo1234' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'user_not_found', message: 'Пользователь не найден' });
    expect(res.body.error.fields).toHaveProperty('username');
  });

  it('answers 401 wrong_password in Russian by default and in English when asked', async () => {
    const ru = await h.api('/auth/login', { body: { username: 'landlord', password: 'wrong-one' } });
    expect(ru.status).toBe(401);
    expect(ru.body.error).toMatchObject({ code: 'wrong_password', message: 'Неверный пароль', fields: { password: 'Неверный пароль' } });
    const en = await h.api('/auth/login', { body: { username: 'landlord', password: 'wrong-one' }, lang: 'en' });
    expect(en.status).toBe(401);
    expect(en.body.error).toMatchObject({ code: 'wrong_password', message: 'Wrong password', fields: { password: 'Wrong password' } });
  });

  it('refuses empty username and password with a message per field', async () => {
    const res = await h.api('/auth/login', { body: { username: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(res.body.error.fields).toEqual({ username: 'Обязательное поле', password: 'Обязательное поле' });
  });

  it('refuses missing fields', async () => {
    const res = await h.api('/auth/login', { body: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['password', 'username']);
  });

  it('refuses a username longer than the contract allows', async () => {
    const res = await h.api('/auth/login', { body: { username: 'x'.repeat(101), password: 'demo1234' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual({ username: 'Не длиннее 100 символов' });
  });

  it('refuses a value of the wrong type', async () => {
    const num = await h.api('/auth/login', { body: { username: 12345, password: 'demo1234' } });
    expect(num.status).toBe(400);
    expect(num.body.error).toMatchObject({ code: 'validation_failed' });
    expect(num.body.error.fields).toEqual({ username: 'Неверное значение' });
    const obj = await h.api('/auth/login', { body: { username: 'landlord', password: { x: 1 } } });
    expect(obj.status).toBe(400);
    expect(obj.body.error.fields).toHaveProperty('password');
  });

  it('refuses an unknown field instead of dropping it', async () => {
    const res = await h.api('/auth/login', { body: { username: 'landlord', password: 'demo1234', extra: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual({ extra: 'Неизвестное поле' });
  });

  it('answers malformed JSON with 400 in the error shape, not 500', async () => {
    const res = await h.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toEqual(expect.any(String));
  });
});

describeEachDatabase('auth: sessions', (h) => {
  it('GET /user with a token answers the signed-in user', async () => {
    const token = await h.login('renter');
    const res = await h.api('/user', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'renter', role: 'renter', full_name: 'Дана Жумабекова' });
    expect(res.body.room).toMatchObject({ name: expect.any(String) });
  });

  it('GET /user without a token answers 401 unauthorized', async () => {
    const res = await h.api('/user');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'unauthorized', message: 'Требуется вход в систему' });
  });

  it('a garbage token answers 401 unauthorized', async () => {
    for (const token of ['garbage', 'x'.repeat(300)]) {
      const res = await h.api('/user', { token });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
  });

  it('an expired session answers 401 session_expired', async () => {
    const token = await h.login('employee');
    expect((await h.api('/user', { token })).status).toBe(200);
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await h.api('/user', { token, lang: 'en' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'session_expired', message: 'Your session has expired, please sign in again' });
  });

  it('stores only the hash of a token', async () => {
    const token = await h.login('landlord2');
    const rows = await h.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(rows).toHaveLength(0);
    expect(
      await h.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    ).toHaveLength(1);
  });

  it('logout revokes the session and leaves other sessions alone', async () => {
    const token = await h.login('superadmin');
    const other = await h.login('superadmin');
    const out = await h.api('/auth/logout', { method: 'POST', token });
    expect(out.status).toBe(204);
    const after = await h.api('/user', { token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('session_expired');
    expect((await h.api('/auth/logout', { method: 'POST', token })).status).toBe(401);
    expect((await h.api('/user', { token: other })).status).toBe(200);
  });
});

describeEachDatabase('auth: login rate limit', (h) => {
  it('refuses repeated wrong logins for one username from one address with 429 rate_limited', async () => {
    const ip = '203.0.113.7';
    const limit = h.config.loginRateLimit;
    expect(limit).toBe(10); // the default of loadConfig
    for (let i = 0; i < limit; i++) {
      const res = await h.api('/auth/login', { body: { username: 'employee2', password: `wrong-${i}` }, ip });
      expect(res.status).toBe(401);
    }
    const limited = await h.api('/auth/login', { body: { username: 'employee2', password: 'demo1234' }, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.message).toMatch(/^Слишком много попыток. Повторите через \d+ с$/);
    const en = await h.api('/auth/login', { body: { username: 'Employee2 ', password: 'demo1234' }, ip, lang: 'en' });
    expect(en.status).toBe(429);
    expect(en.body.error.message).toMatch(/^Too many attempts/);

    // Counted per username and address: others are not locked out.
    expect((await h.api('/auth/login', { body: { username: 'employee2', password: 'demo1234' }, ip: '203.0.113.8' })).status).toBe(200);
    expect((await h.api('/auth/login', { body: { username: 'renter2', password: 'demo1234' }, ip })).status).toBe(200);
  });
});

describeEachDatabase('auth: signing in often', (h) => {
  it('never locks a login: only failed attempts count against a username', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < h.config.loginRateLimit * 2; i++) {
      expect((await h.api('/auth/login', { body: { username: 'landlord2', password: 'demo1234' }, ip })).status).toBe(200);
    }
    // Failures still count after them: the limit's worth of wrong passwords, then 429.
    for (let i = 0; i < h.config.loginRateLimit; i++) {
      expect((await h.api('/auth/login', { body: { username: 'landlord2', password: `wrong-${i}` }, ip })).status).toBe(401);
    }
    const limited = await h.api('/auth/login', { body: { username: 'landlord2', password: 'demo1234' }, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });
});

describeEachDatabase('auth: the current password asked before a change', (h) => {
  it('is guessed no faster than at sign-in: 429 after as many tries, per user, in the error shape', async () => {
    const token = await h.login('employee2');
    for (let i = 0; i < h.config.loginRateLimit; i++) {
      const res = await h.api('/auth/change-password', { token, body: { current_password: `guess-${i}`, new_password: 'Another-secret-7' } });
      expect(res.status).toBe(400);
    }
    const limited = await h.api('/auth/change-password', { token, body: { current_password: 'demo1234', new_password: 'Another-secret-7' } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    // Nothing changed: the old password still signs in; another user is not held back.
    expect((await h.api('/auth/login', { body: { username: 'employee2', password: 'demo1234' } })).status).toBe(200);
    const other = await h.login('renter2');
    expect((await h.api('/auth/change-password', { token: other, body: { current_password: 'wrong', new_password: 'Another-secret-7' } })).status).toBe(400);
  });
});
