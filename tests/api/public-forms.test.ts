import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { demoRequests, supportMessages } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';

describeEachDatabase('public form: demo request', (h) => {
  const post = (body: unknown, lang?: string) => h.api('/public/demo-requests', { body, lang, ip: '192.0.2.10' });

  it('needs a name or a company', async () => {
    const res = await post({ email: 'client@example.kz' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual({ name: 'Укажите имя или компанию', company: 'Укажите имя или компанию' });
    const blank = await post({ name: '  ', company: '', email: 'client@example.kz' }, 'en');
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ name: 'Enter a name or a company', company: 'Enter a name or a company' });
  });

  it('needs a valid e-mail', async () => {
    const res = await post({ name: 'Алия', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ email: 'Введите корректный email' });
    const missing = await post({ name: 'Алия' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ email: 'Обязательное поле' });
  });

  it('refuses a phone that is not +7 and 10 digits', async () => {
    const res = await post({ name: 'Алия', email: 'aliya@example.kz', phone: '8 701 123 45 67' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ phone: 'Введите корректный номер телефона' });
  });

  it('stores a valid request and answers its id', async () => {
    const res = await post({ name: ' Алия ', company: 'ТОО «Ромашка»', email: 'aliya@example.kz', phone: '+77011234567' });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await h.db.select().from(demoRequests).where(eq(demoRequests.id, res.body.id));
    expect(row).toMatchObject({
      name: 'Алия',
      company: 'ТОО «Ромашка»',
      email: 'aliya@example.kz',
      phone: '+77011234567',
      ip: '192.0.2.10',
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('stores an empty optional phone and company as null', async () => {
    const res = await post({ company: 'Keruen', email: 'k@example.kz', phone: '', name: '' });
    expect(res.status).toBe(201);
    const [row] = await h.db.select().from(demoRequests).where(eq(demoRequests.id, res.body.id));
    expect(row).toMatchObject({ name: null, company: 'Keruen', phone: null });
  });
});

describeEachDatabase('public form: support message', (h) => {
  const post = (body: unknown) => h.api('/public/support-messages', { body, ip: '192.0.2.20' });

  it('needs a message', async () => {
    const res = await post({ name: 'Ерлан' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ message: 'Обязательное поле' });
    const blank = await post({ name: 'Ерлан', message: '\n  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ message: 'Обязательное поле' });
  });

  it('refuses a name of spaces only', async () => {
    const res = await post({ name: '   ', message: 'Помогите' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { name: 'Обязательное поле' } });
  });

  it('refuses an over-long message', async () => {
    const res = await post({ name: 'Ерлан', message: 'ы'.repeat(2001) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ message: 'Не длиннее 2000 символов' });
  });

  it('stores a valid message, trimmed', async () => {
    const res = await post({ name: ' Ерлан ', phone: '+77770001122', message: ' Не приходит письмо ' });
    expect(res.status).toBe(201);
    const rows = await h.db.select().from(supportMessages).where(eq(supportMessages.id, res.body.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ерлан', phone: '+77770001122', message: 'Не приходит письмо', ip: '192.0.2.20' });
  });
});

describeEachDatabase('public form: rate limit', (h) => {
  it('limits submissions per address', async () => {
    const body = { name: 'Спам', message: 'x' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await h.api('/public/support-messages', { body, ip: '192.0.2.99' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await h.db.select().from(supportMessages)).toHaveLength(10);
  });
});
