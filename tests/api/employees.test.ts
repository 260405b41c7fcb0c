import { randomUUID } from 'node:crypto';
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
  let created = 0;
  /** A fresh employee of `landlord`, made through the API. */
  const make = async (over: Record<string, unknown> = {}) => {
    created += 1;
    const username = `new.emp${created}`;
    const res = await h.api('/employee', {
      token: t.landlord,
      body: { full_name: `Ержан Новиков ${created}`, email: `${username}@example.kz`, username, position: 'Кассир', ...over },
    });
    expect(res.status).toBe(201);
    return res.body;
  };

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

  it("answers 404 for another landlord's employee and for an unknown id, and changes nothing", async () => {
    const theirs = (await h.api('/employee?search=employee2', { token: t.landlord2 })).body.data[0];
    const body = { full_name: 'Взлом', email: 'x@example.kz' };
    for (const id of [theirs.id, randomUUID()]) {
      for (const [method, path, b] of [
        ['GET', '', undefined],
        ['PUT', '', body],
        ['DELETE', '', undefined],
        ['PUT', '/restore', undefined],
      ] as const) {
        const res = await h.api(`/employee/${id}${path}`, { method, token: t.landlord, body: b });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error).toMatchObject({ code: 'not_found', message: 'Не найдено' });
      }
    }
    const still = await h.api(`/employee/${theirs.id}`, { token: t.landlord2 });
    expect(still.body).toEqual(theirs);
  });

  it('updates the fields and the login full name; a deleted employee cannot be updated', async () => {
    const emp = await make({ department: 'Склад' });
    const res = await h.api(`/employee/${emp.id}`, {
      method: 'PUT',
      token: t.landlord,
      body: { full_name: 'Ержан Обновлённый', email: 'updated@example.kz', iin: validIin, group: 'Б', department: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: emp.id,
      full_name: 'Ержан Обновлённый',
      email: 'updated@example.kz',
      iin: validIin,
      group: 'Б',
      department: null,
      position: null,
      username: emp.username,
    });
    const [user] = await h.db.select().from(users).where(eq(users.username, emp.username));
    expect(user).toMatchObject({ fullName: 'Ержан Обновлённый', email: 'updated@example.kz' });
    const bad = await h.api(`/employee/${emp.id}`, {
      method: 'PUT',
      token: t.landlord,
      body: { full_name: 'X', email: 'updated@example.kz', iin: '111111111111' },
    });
    expect(bad.status).toBe(400);

    expect((await h.api(`/employee/${emp.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    const late = await h.api(`/employee/${emp.id}`, {
      method: 'PUT',
      token: t.landlord,
      body: { full_name: 'Поздно', email: 'late@example.kz' },
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'invalid_state', message: 'Действие недоступно в текущем состоянии записи' });
    expect((await h.api(`/employee/${emp.id}`, { token: t.landlord })).body.full_name).toBe('Ержан Обновлённый');
  });

  it('soft-deletes: the record moves to the deleted list, its session and login stop working; restore brings it back unchanged', async () => {
    const emp = await make({ iin: validIin, legal_name: 'ТОО «Склад»', phone: '+77019998877' });
    const { token: linkToken } = linkOf((await lastMailTo(h.outboxDir, emp.email))!);
    expect((await h.api('/auth/set-password', { body: { token: linkToken, password: 'Secret-pass-1' } })).status).toBe(204);
    const session = await h.login(emp.username, 'Secret-pass-1');
    expect((await h.api('/employee/all', { token: session })).status).toBe(200);

    const del = await h.api(`/employee/${emp.id}`, { method: 'DELETE', token: t.landlord });
    expect(del.status).toBe(204);
    const active = await h.api('/employee?limit=100', { token: t.landlord });
    expect(active.body.data.map((e: { id: string }) => e.id)).not.toContain(emp.id);
    const deleted = await h.api('/employee?limit=100&status=deleted', { token: t.landlord });
    expect(deleted.body.data.find((e: { id: string }) => e.id === emp.id)).toMatchObject({ status: 'deleted', username: emp.username });
    expect(deleted.body.data.every((e: { status: string }) => e.status === 'deleted')).toBe(true);

    expect((await h.api('/employee/all', { token: session })).status).toBe(401);
    const relogin = await h.api('/auth/login', { body: { username: emp.username, password: 'Secret-pass-1' } });
    expect(relogin.status).toBe(403);
    expect(relogin.body.error).toMatchObject({
      code: 'account_disabled',
      message: 'Учётная запись отключена. Обратитесь к администратору',
    });

    const again = await h.api(`/employee/${emp.id}`, { method: 'DELETE', token: t.landlord });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_state');

    const restored = await h.api(`/employee/${emp.id}/restore`, { method: 'PUT', token: t.landlord });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ ...emp, status: 'active' });
    expect((await h.api(`/employee/${emp.id}`, { token: t.landlord })).body).toEqual({ ...emp, status: 'active' });
    expect((await h.api('/auth/login', { body: { username: emp.username, password: 'Secret-pass-1' } })).status).toBe(200);

    const twice = await h.api(`/employee/${emp.id}/restore`, { method: 'PUT', token: t.landlord });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('invalid_state');
  });

  it('refuses delete and restore to the demo employee (creator: intermediate is needed) and to a renter', async () => {
    const emp = await make();
    for (const token of [t.employee, t.renter]) {
      const res = await h.api(`/employee/${emp.id}`, { method: 'DELETE', token });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'forbidden', message: 'Недостаточно прав' });
    }
    expect((await h.api(`/employee/${emp.id}`, { token: t.landlord })).body.status).toBe('active');
    expect((await h.api(`/employee/${emp.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    const restore = await h.api(`/employee/${emp.id}/restore`, { method: 'PUT', token: t.employee });
    expect(restore.status).toBe(403);
    expect((await h.api(`/employee/${emp.id}`, { token: t.landlord })).body.status).toBe('deleted');
  });

  it('/employee/all lists every active employee for the landlord and an employee, not for a renter', async () => {
    const list = await h.api('/employee?limit=100', { token: t.landlord });
    const deleted = await h.api('/employee?limit=100&status=deleted', { token: t.landlord });
    expect(deleted.body.meta.total).toBeGreaterThan(0);
    for (const token of [t.landlord, t.employee]) {
      const all = await h.api('/employee/all', { token });
      expect(all.status).toBe(200);
      expect(all.body).toEqual(list.body.data);
      const ids = all.body.map((e: { id: string }) => e.id);
      for (const d of deleted.body.data) expect(ids).not.toContain(d.id);
    }
    const renter = await h.api('/employee/all', { token: t.renter });
    expect(renter.status).toBe(403);
    expect(renter.body.error.code).toBe('forbidden');
  });
});
