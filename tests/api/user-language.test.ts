import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';
import { lastMailTo, readOutbox, waitForOutbox } from '../support/outbox';

const validBin = '123456789013'; // a valid check digit (src/shared/kz-ids.ts)

describeEachDatabase("each person's own language", (h) => {
  const t = { landlord: '', landlord2: '' };
  let roomId = '';

  /** The mail that the call `send` causes, to `email` (mails go after the answer). */
  const mailAfter = async (email: string, send: () => Promise<unknown>) => {
    const before = (await readOutbox(h.outboxDir)).length;
    await send();
    await waitForOutbox(h.outboxDir, before + 1);
    const mail = await lastMailTo(h.outboxDir, email);
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  };

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    roomId = (await h.api('/renters/room-options', { token: t.landlord })).body[0].rooms[2].id;
  });

  it('a landlord working in Russian invites a Kazakh-speaking employee: the first-login mail is in Kazakh', async () => {
    const mail = await mailAfter('aruzhan.kk@example.kz', async () => {
      const res = await h.api('/employee', {
        token: t.landlord,
        lang: 'ru',
        body: { full_name: 'Аружан Сейітова', email: 'aruzhan.kk@example.kz', username: 'aruzhan.kk', language: 'kk' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.language).toBe('kk');
    });
    expect(mail.subject).toBe('Mall CRM: құпиясөз орнату');
    expect(mail.text).toContain('Сәлеметсіз бе, Аружан Сейітова!');
    expect(mail.text).toContain('Сіз үшін Mall CRM жүйесінде тіркелгі жасалды, логин: aruzhan.kk.');
    expect(mail.text).toContain('Сілтеме 7 күн және бір рет қана жарамды.');
    expect(mail.text).not.toContain('Здравствуйте');
  });

  it('a tenant created with language kk is invited in Kazakh; its card shows the language, and a reset asked from an English browser comes in Kazakh', async () => {
    const email = 'dana.tenant@example.kz';
    let renterId = '';
    const invite = await mailAfter(email, async () => {
      const res = await h.api('/renters', {
        token: t.landlord,
        lang: 'ru',
        body: {
          legal_name: 'ТОО «Дана»',
          bin_iin: validBin,
          trade_point_name: 'Дана',
          trade_category: 'Киім',
          room_id: roomId,
          lease_contract_date: '2026-03-01',
          trade_area: 30,
          contact_full_name: 'Дана Оспанова',
          contact_position: 'Директор',
          phone: '+77071234560',
          email,
          legal_address: 'Алматы, Абай даңғылы, 1',
          username: 'dana.tenant',
          language: 'kk',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      renterId = res.body.id;
    });
    expect(invite.subject).toBe('Mall CRM: құпиясөз орнату');
    expect(invite.text).toContain('логин: dana.tenant');
    expect((await h.api(`/renters/${renterId}`, { token: t.landlord })).body.language).toBe('kk');

    const reset = await mailAfter(email, async () => {
      expect((await h.api('/auth/restore-password', { body: { login: 'dana.tenant' }, lang: 'en', ip: '198.51.100.70' })).status).toBe(202);
    });
    expect(reset.subject).toBe('Mall CRM: құпиясөз орнату');
    expect(reset.text).toContain('Сәлеметсіз бе, Дана Оспанова!');
    expect(reset.text).not.toContain('Hello');
  });

  it("without a language the new login gets its creator's, and a password reset follows the recipient's stored language", async () => {
    const mail = await mailAfter('emma.en@example.kz', async () => {
      const res = await h.api('/employee', {
        token: t.landlord,
        lang: 'en',
        body: { full_name: 'Emma Stone', email: 'emma.en@example.kz', username: 'emma.en' },
      });
      expect(res.status).toBe(201);
      expect(res.body.language).toBe('en');
    });
    expect(mail.subject).toBe('Mall CRM: set your password');
    expect(mail.text).toContain('A Mall CRM account has been created for you, username: emma.en.');
  });

  it('the landlord changes an employee’s language on its card; another landlord cannot (404), and an edit without it keeps it', async () => {
    const created = await h.api('/employee', {
      token: t.landlord,
      body: { full_name: 'Ерлан Ахметов', email: 'erlan.lang@example.kz', username: 'erlan.lang', language: 'ru' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const card = { full_name: 'Ерлан Ахметов', email: 'erlan.lang@example.kz' };
    const changed = await h.api(`/employee/${id}`, { token: t.landlord, method: 'PUT', body: { ...card, language: 'kk' } });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('kk');
    const foreign = await h.api(`/employee/${id}`, { token: t.landlord2, method: 'PUT', body: { ...card, language: 'en' } });
    expect(foreign.status).toBe(404);
    const kept = await h.api(`/employee/${id}`, { token: t.landlord, method: 'PUT', body: { ...card, position: 'Инженер' } });
    expect(kept.body.language).toBe('kk');
    const reset = await mailAfter('erlan.lang@example.kz', async () => {
      await h.api('/auth/restore-password', { body: { login: 'erlan.lang' }, lang: 'ru', ip: '198.51.100.71' });
    });
    expect(reset.subject).toBe('Mall CRM: құпиясөз орнату');
  });

  it('a superadmin creates a landlord in the language chosen for it', async () => {
    const admin = await h.login('superadmin');
    const mail = await mailAfter('owner.en@example.kz', async () => {
      const res = await h.api('/landlords', {
        token: admin,
        lang: 'ru',
        body: { name: 'Mega Owner LLP', bin: validBin, username: 'owner.en', full_name: 'John Owner', login_email: 'owner.en@example.kz', language: 'en' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });
    expect(mail.subject).toBe('Mall CRM: set your password');
    expect(mail.text).toContain('Hello, John Owner!');
  });

  it('the language switch stores the language; GET /user returns it; a bad value is refused in the user’s language', async () => {
    const me = await h.login('renter2');
    expect((await h.api('/user', { token: me })).body.language).toBe('ru');
    expect((await h.api('/user/language', { token: me, method: 'PUT', body: { language: 'en' } })).status).toBe(204);
    expect((await h.api('/user', { token: me })).body.language).toBe('en');
    // Another session (another device) sees it too.
    expect((await h.api('/user', { token: await h.login('renter2') })).body.language).toBe('en');

    const bad = await h.api('/user/language', { token: me, method: 'PUT', body: { language: 'de' }, lang: 'kk' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', message: 'Өрістердің толтырылуын тексеріңіз' });
    expect(bad.body.error.fields).toHaveProperty('language');
    expect((await h.api('/user', { token: me })).body.language).toBe('en');
    expect((await h.api('/user/language', { method: 'PUT', body: { language: 'kk' } })).status).toBe(401);
    await h.api('/user/language', { token: me, method: 'PUT', body: { language: 'ru' } });
  });
});
