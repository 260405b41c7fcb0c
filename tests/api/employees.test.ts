import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { lastMailTo, linkOf } from '../support/outbox';

/** The 13 active employees of each demo landlord (12 colleagues + the demo employee), А–Я. */
const SEEDED = [
  'Алия Нурланова',
  'Бекзат Омаров',
  'Гульнара Сапарова',
  'Данияр Ермеков',
  'Жанар Кенесова',
  'Ильяс Жумагалиев',
  'Карина Ли',
  'Марат Исаев',
  'Назира Бекова',
  'Нурлан Абенов',
  'Олжас Тлеубаев',
  'Сауле Ахметова',
  'Тимур Ким',
];
const names = (rows: Array<{ full_name: string }>) => rows.map((r) => r.full_name);
const validIin = withCheckDigit('90010130007') as string;

describeEachDatabase('employees', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '', superadmin: '' };
  const landlordId = { landlord: '', landlord2: '' };

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) {
      const res = await h.api('/auth/login', { body: { username: name, password: 'demo1234' } });
      t[name] = res.body.token;
      if (name === 'landlord' || name === 'landlord2') landlordId[name] = res.body.user.landlord_id;
    }
  });

  it('lists active employees by default, sorted by name in Russian order, with page meta', async () => {
    const res = await h.api('/employee', { token: t.landlord });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 20, total: 13 });
    expect(names(res.body.data)).toEqual(SEEDED);
    expect(res.body.data.every((e: { status: string }) => e.status === 'active')).toBe(true);
    expect(res.body.data.find((e: { username: string }) => e.username === 'employee')).toMatchObject({
      full_name: 'Нурлан Абенов',
      department: 'Администрация',
      email: 'employee@example.kz',
      iin: withCheckDigit('88020230001'),
    });

    const page2 = await h.api('/employee?limit=5&page=2', { token: t.landlord });
    expect(page2.body.meta).toEqual({ page: 2, limit: 5, total: 13 });
    expect(names(page2.body.data)).toEqual(SEEDED.slice(5, 10));
    const reversed = await h.api('/employee?limit=100&sort=-full_name', { token: t.landlord });
    expect(names(reversed.body.data)).toEqual([...SEEDED].reverse());
  });

  it('searches by a name fragment in any case and by login', async () => {
    const byName = await h.api(`/employee?search=${encodeURIComponent('НУРЛ')}`, { token: t.landlord });
    expect(names(byName.body.data)).toEqual(['Алия Нурланова', 'Нурлан Абенов']);
    expect(byName.body.meta.total).toBe(2);
    const lower = await h.api(`/employee?search=${encodeURIComponent('карина')}`, { token: t.landlord });
    expect(names(lower.body.data)).toEqual(['Карина Ли']);
    const byLogin = await h.api('/employee?search=STAFF03', { token: t.landlord });
    expect(byLogin.body.data).toHaveLength(1);
    expect(byLogin.body.data[0]).toMatchObject({ username: 'staff03', full_name: 'Гульнара Сапарова' });
    const none = await h.api('/employee?search=zzzz', { token: t.landlord });
    expect(none.body).toEqual({ data: [], meta: { page: 1, limit: 20, total: 0 } });
  });

  it('shows a landlord only its own employees; the superadmin sees both and can narrow by landlord', async () => {
    const own = await h.api('/employee?limit=100', { token: t.landlord });
    const other = await h.api('/employee?limit=100', { token: t.landlord2 });
    const ownLogins = own.body.data.map((e: { username: string }) => e.username);
    const otherLogins = other.body.data.map((e: { username: string }) => e.username);
    expect(ownLogins).toContain('employee');
    expect(ownLogins).not.toContain('employee2');
    expect(ownLogins.some((u: string) => /^staff2\d\d$/.test(u))).toBe(false);
    expect(otherLogins).toContain('employee2');
    expect(otherLogins.filter((u: string) => ownLogins.includes(u))).toEqual([]);
    expect(names(other.body.data)).not.toContain('Нурлан Абенов');

    // landlord_id is ignored for a landlord: its scope stays its own
    const sneaky = await h.api(`/employee?limit=100&landlord_id=${landlordId.landlord2}`, { token: t.landlord });
    expect(sneaky.body.data.map((e: { username: string }) => e.username)).toEqual(ownLogins);

    const all = await h.api('/employee?limit=100', { token: t.superadmin });
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(own.body.meta.total + other.body.meta.total);
    const narrowed = await h.api(`/employee?limit=100&landlord_id=${landlordId.landlord2}`, { token: t.superadmin });
    expect(narrowed.body.data.map((e: { username: string }) => e.username).sort()).toEqual([...otherLogins].sort());
  });

  it('refuses the list to a renter and to a caller without a session', async () => {
    const renter = await h.api('/employee', { token: t.renter });
    expect(renter.status).toBe(403);
    expect(renter.body.error).toMatchObject({ code: 'forbidden', message: 'Недостаточно прав' });
    expect((await h.api('/employee')).status).toBe(401);
  });

  it('creates an employee with a login and mails a first-login link; the login needs a password first', async () => {
    const res = await h.api('/employee', {
      token: t.landlord,
      body: {
        full_name: '  Роза Байжанова ',
        email: 'roza@example.kz',
        username: 'roza.b',
        iin: validIin,
        department: 'Аренда',
        phone: '+77011234567',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      full_name: 'Роза Байжанова',
      username: 'roza.b',
      status: 'active',
      iin: validIin,
      department: 'Аренда',
      email: 'roza@example.kz',
      legal_name: null,
      group: null,
      position: null,
    });
    const got = await h.api(`/employee/${res.body.id}`, { token: t.landlord });
    expect(got.body).toEqual(res.body);

    const mail = await lastMailTo(h.outboxDir, 'roza@example.kz');
    expect(mail).toBeDefined();
    const { url, token } = linkOf(mail!);
    expect(url.pathname).toBe('/auth/first-login');
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect((await h.api(`/auth/password-token/${encodeURIComponent(token)}`)).status).toBe(200);

    // Until the link is used there is no password to prove, and no answer says so.
    const login = await h.api('/auth/login', { body: { username: 'roza.b', password: 'whatever1' } });
    expect(login.status).toBe(401);
    expect(login.body.error.code).toBe('wrong_password');
  });

  it('refuses a taken username in any case with 409 and a field message', async () => {
    for (const username of ['staff01', 'LANDLORD2', 'Roza.B']) {
      const res = await h.api('/employee', { token: t.landlord, body: { full_name: 'Дубль', email: 'dup@example.kz', username } });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'username_taken', fields: { username: 'Такой логин уже занят' } });
    }
    const list = await h.api(`/employee?search=${encodeURIComponent('Дубль')}`, { token: t.landlord });
    expect(list.body.meta.total).toBe(0);
  });

  it('validates the body: IIN check digit and length, required e-mail, unknown fields', async () => {
    const base = { full_name: 'Проверка Полей', email: 'check@example.kz', username: 'check.fields' };
    const wrongDigit = validIin.slice(0, 11) + String((Number(validIin[11]) + 1) % 10);
    const bad = await h.api('/employee', { token: t.landlord, body: { ...base, iin: wrongDigit } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { iin: 'Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой' },
    });
    const short = await h.api('/employee', { token: t.landlord, body: { ...base, iin: '12345678901' } });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toHaveProperty('iin');
    const { email: _email, ...noEmail } = base;
    const missing = await h.api('/employee', { token: t.landlord, body: noEmail });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields)).toEqual(['email']);
    const extra = await h.api('/employee', { token: t.landlord, body: { ...base, salary: 1 } });
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('validation_failed');
    const blank = await h.api('/employee', { token: t.landlord, body: { ...base, full_name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toHaveProperty('full_name');
    const [nobody] = await h.db.select().from(users).where(eq(users.username, 'check.fields'));
    expect(nobody).toBeUndefined();
  });

  it("lets the demo employee (creator) create, in its landlord's scope", async () => {
    const res = await h.api('/employee', {
      token: t.employee,
      body: { full_name: 'Алма Создана', email: 'alma@example.kz', username: 'alma.c' },
    });
    expect(res.status).toBe(201);
    const landlordView = await h.api(`/employee/${res.body.id}`, { token: t.landlord });
    expect(landlordView.body).toMatchObject({ username: 'alma.c', status: 'active' });
    expect((await h.api(`/employee/${res.body.id}`, { token: t.landlord2 })).status).toBe(404);
  });
});
