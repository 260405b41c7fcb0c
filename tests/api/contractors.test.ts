import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { contractorApplications, contractors, employeeAccess, employees, landlords, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';

const BIN = withCheckDigit('05014000123') as string;
const BIN2 = withCheckDigit('12034000777') as string;
const wrongDigit = (bin: string) => bin.slice(0, 11) + String((Number(bin[11]) + 1) % 10);
const company = (over: Record<string, unknown> = {}) => ({
  name: 'ТОО «Чистый Город»',
  bin: BIN,
  services: 'Уборка, вывоз мусора',
  contact_name: 'Асель Жунусова',
  phone: '+77011112233',
  email: 'office@clean.kz',
  ...over,
});
const BIN_MESSAGE = 'Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой';

describeEachDatabase('contractors', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '', superadmin: '' };
  const landlordId = { landlord: '', landlord2: '' };
  let ip = 0;
  /** Each public call from its own address, so the per-address form limit never interferes. */
  const nextIp = () => `10.9.0.${++ip}`;
  const apply = async (id: string, over: Record<string, unknown> = {}) => {
    const res = await h.api(`/public/contractor-form/${id}`, { body: company(over), ip: nextIp() });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const contractorCount = async (bin: string) => (await h.db.select().from(contractors).where(eq(contractors.bin, bin))).length;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) {
      const res = await h.api('/auth/login', { body: { username: name, password: 'demo1234' } });
      t[name] = res.body.token;
      if (name === 'landlord' || name === 'landlord2') landlordId[name] = res.body.user.landlord_id;
    }
  });

  it('creates, reads, lists, searches, sorts and updates contractors of the landlord', async () => {
    const empty = await h.api('/contractors', { token: t.landlord });
    expect(empty.body).toEqual({ data: [], meta: { page: 1, limit: 20, total: 0 } });

    const a = await h.api('/contractors', { token: t.landlord, body: company({ name: '  Ярус Сервис ', address: 'Алматы', comment: '' }) });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      id: expect.any(String),
      name: 'Ярус Сервис',
      bin: BIN,
      address: 'Алматы',
      comment: null,
      status: 'active',
    });
    const b = await h.api('/contractors', {
      token: t.landlord,
      body: company({ name: 'Альфа Лифт', bin: BIN2, services: 'Обслуживание лифтов' }),
    });
    expect(b.status).toBe(201);
    expect((await h.api(`/contractors/${a.body.id}`, { token: t.landlord })).body).toEqual(a.body);

    const list = await h.api('/contractors', { token: t.landlord });
    expect(list.body.meta.total).toBe(2);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Альфа Лифт', 'Ярус Сервис']);
    const reversed = await h.api('/contractors?sort=-name', { token: t.landlord });
    expect(reversed.body.data.map((c: { name: string }) => c.name)).toEqual(['Ярус Сервис', 'Альфа Лифт']);
    const bySearch = await h.api(`/contractors?search=${encodeURIComponent('ЛИФТ')}`, { token: t.landlord });
    expect(bySearch.body.data.map((c: { id: string }) => c.id)).toEqual([b.body.id]);
    expect((await h.api(`/contractors?search=${BIN2}`, { token: t.landlord })).body.meta.total).toBe(1);

    const put = await h.api(`/contractors/${a.body.id}`, {
      method: 'PUT',
      token: t.landlord,
      body: company({ name: 'Ярус Сервис+', phone: '+77770001122' }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: a.body.id, name: 'Ярус Сервис+', phone: '+77770001122', address: null });
  });

  it("keeps landlords apart: another landlord's ids answer 404; the superadmin sees all and names the landlord", async () => {
    const mine = (await h.api('/contractors', { token: t.landlord, body: company({ name: 'Только мой' }) })).body;
    expect((await h.api('/contractors?limit=100', { token: t.landlord2 })).body.data.map((c: { id: string }) => c.id)).not.toContain(mine.id);
    for (const id of [mine.id, randomUUID()]) {
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['PUT', '', company()],
        ['DELETE', '', undefined],
        ['PUT', '/restore', undefined],
      ] as const) {
        const res = await h.api(`/contractors/${id}${path}`, { method, token: t.landlord2, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    }
    expect((await h.api(`/contractors/${mine.id}`, { token: t.landlord })).body).toEqual(mine);

    const theirs = await h.api('/contractors', {
      token: t.superadmin,
      body: company({ name: 'Для Keruen', landlord_id: landlordId.landlord2 }),
    });
    expect(theirs.status).toBe(201);
    expect((await h.api(`/contractors/${theirs.body.id}`, { token: t.landlord2 })).status).toBe(200);
    expect((await h.api('/contractors', { token: t.superadmin, body: company() })).status).toBe(403);
    const all = await h.api('/contractors?limit=100', { token: t.superadmin });
    const own = await h.api('/contractors?limit=100', { token: t.landlord });
    expect(all.body.meta.total).toBe(own.body.meta.total + 1);
    const narrowed = await h.api(`/contractors?landlord_id=${landlordId.landlord2}`, { token: t.superadmin });
    expect(narrowed.body.data.map((c: { name: string }) => c.name)).toEqual(['Для Keruen']);
    // a landlord's landlord_id filter is ignored: its scope stays its own
    const sneaky = await h.api(`/contractors?limit=100&landlord_id=${landlordId.landlord2}`, { token: t.landlord });
    expect(sneaky.body.meta.total).toBe(own.body.meta.total);
  });

  it('refuses a bad BIN, blank and missing required fields with field messages, and unknown fields', async () => {
    const bad = await h.api('/contractors', { token: t.landlord, body: company({ bin: wrongDigit(BIN) }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', fields: { bin: BIN_MESSAGE } });
    const short = await h.api('/contractors', { token: t.landlord, body: company({ bin: '12345' }) });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toHaveProperty('bin');
    const blank = await h.api('/contractors', { token: t.landlord, body: company({ name: '  ', services: ' ', bin: wrongDigit(BIN) }) });
    expect(blank.body.error.fields).toEqual({ name: 'Обязательное поле', services: 'Обязательное поле', bin: BIN_MESSAGE });
    const missing = await h.api('/contractors', { token: t.landlord, body: { name: 'Без полей' } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(['bin', 'contact_name', 'email', 'phone', 'services']);
    const phone = await h.api('/contractors', { token: t.landlord, body: company({ phone: '87011112233', email: 'nope' }) });
    expect(phone.body.error.fields).toEqual({ phone: 'Введите корректный номер телефона', email: 'Введите корректный email' });
    expect((await h.api('/contractors', { token: t.landlord, body: company({ rating: 5 }) })).status).toBe(400);
    const existing = (await h.api('/contractors?limit=100', { token: t.landlord })).body.data[0];
    const put = await h.api(`/contractors/${existing.id}`, { method: 'PUT', token: t.landlord, body: company({ bin: wrongDigit(BIN) }) });
    expect(put.body.error.fields).toEqual({ bin: BIN_MESSAGE });
    expect((await h.api(`/contractors/${existing.id}`, { token: t.landlord })).body).toEqual(existing);
    expect((await h.api(`/contractors?search=${encodeURIComponent('Без полей')}`, { token: t.landlord })).body.meta.total).toBe(0);
  });

  it('soft-deletes and restores; a deleted contractor is not edited', async () => {
    const c = (await h.api('/contractors', { token: t.landlord, body: company({ name: 'Удаляемый' }) })).body;
    expect((await h.api(`/contractors/${c.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect((await h.api('/contractors?limit=100', { token: t.landlord })).body.data.map((x: { id: string }) => x.id)).not.toContain(c.id);
    const deleted = await h.api('/contractors?status=deleted', { token: t.landlord });
    expect(deleted.body.data).toEqual([{ ...c, status: 'deleted' }]);
    expect((await h.api(`/contractors/${c.id}`, { method: 'DELETE', token: t.landlord })).body.error.code).toBe('invalid_state');
    const put = await h.api(`/contractors/${c.id}`, { method: 'PUT', token: t.landlord, body: company() });
    expect(put.status).toBe(409);
    const restored = await h.api(`/contractors/${c.id}/restore`, { method: 'PUT', token: t.landlord });
    expect(restored.body).toEqual(c);
    expect((await h.api(`/contractors/${c.id}/restore`, { method: 'PUT', token: t.landlord })).status).toBe(409);
  });

  it('allows an employee what its grant allows and refuses a renter and a guest', async () => {
    const made = await h.api('/contractors', { token: t.employee, body: company({ name: 'От сотрудника' }) });
    expect(made.status).toBe(201);
    expect((await h.api(`/contractors/${made.body.id}`, { token: t.landlord })).status).toBe(200);
    expect((await h.api(`/contractors/${made.body.id}`, { method: 'PUT', token: t.employee, body: company({ name: 'Правка' }) })).status).toBe(200);
    const del = await h.api(`/contractors/${made.body.id}`, { method: 'DELETE', token: t.employee }); // creator < intermediate
    expect(del.status).toBe(403);
    expect(del.body.error).toMatchObject({ code: 'forbidden', message: 'Недостаточно прав' });

    for (const [method, path, body] of [
      ['GET', '/contractors', undefined],
      ['POST', '/contractors', company()],
      ['GET', `/contractors/${made.body.id}`, undefined],
      ['GET', '/contractor-applications', undefined],
      ['POST', `/contractor-applications/${randomUUID()}/approve`, undefined],
    ] as const) {
      expect((await h.api(path, { method, token: t.renter, body })).status, `${method} ${path}`).toBe(403);
      expect((await h.api(path, { method, body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('shows the public form for an active landlord only: unknown, deleted and malformed ids are refused', async () => {
    const form = await h.api(`/public/contractor-form/${landlordId.landlord}`, { ip: nextIp() });
    expect(form).toMatchObject({ status: 200, body: { landlord_name: 'ТОО «Mega Center Group»' } });
    const unknown = await h.api(`/public/contractor-form/${randomUUID()}`, { ip: nextIp() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', message: 'Не найдено' });
    expect((await h.api(`/public/contractor-form/${randomUUID()}`, { body: company(), ip: nextIp() })).status).toBe(404);
    expect((await h.api('/public/contractor-form/not-a-uuid', { ip: nextIp() })).status).toBe(400);
    const [gone] = await h.db.insert(landlords).values({ name: 'ТОО «Закрыт»', status: 'deleted' }).returning();
    expect((await h.api(`/public/contractor-form/${gone!.id}`, { ip: nextIp() })).status).toBe(404);
    expect((await h.api(`/public/contractor-form/${gone!.id}`, { body: company(), ip: nextIp() })).status).toBe(404);
    expect(await h.db.select().from(contractorApplications).where(eq(contractorApplications.landlordId, gone!.id))).toEqual([]);
  });

  it('stores an application as pending with the address; the form repeats the BIN and required rules', async () => {
    const bad = await h.api(`/public/contractor-form/${landlordId.landlord}`, {
      body: company({ bin: wrongDigit(BIN), contact_name: ' ' }),
      ip: nextIp(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ bin: BIN_MESSAGE, contact_name: 'Обязательное поле' });
    const en = await h.api(`/public/contractor-form/${landlordId.landlord}`, { body: { name: 'X' }, ip: nextIp(), lang: 'en' });
    expect(en.body.error.fields.services).toBe('Required field');

    const id = await h.api(`/public/contractor-form/${landlordId.landlord}`, {
      body: company({ name: 'Заявитель IP', comment: 'Работаем 24/7' }),
      ip: '10.20.30.40',
    });
    expect(id.status).toBe(201);
    const [row] = await h.db.select().from(contractorApplications).where(eq(contractorApplications.id, id.body.id));
    expect(row).toMatchObject({
      status: 'pending',
      ip: '10.20.30.40',
      landlordId: landlordId.landlord,
      comment: 'Работаем 24/7',
      contractorId: null,
      decidedAt: null,
    });

    const list = await h.api('/contractor-applications', { token: t.landlord });
    expect(list.body.data[0]).toMatchObject({
      id: id.body.id,
      name: 'Заявитель IP',
      status: 'pending',
      decline_reason: null,
      contractor_id: null,
    });
    expect(list.body.data.every((a: { status: string }) => a.status === 'pending')).toBe(true);
    const other = await h.api('/contractor-applications?limit=100', { token: t.landlord2 });
    expect(other.body.data.map((a: { id: string }) => a.id)).not.toContain(id.body.id);
  });

  it('approves in one step: exactly one contractor from the application; approving again answers 409', async () => {
    const bin = withCheckDigit('07024000555') as string;
    const id = await apply(landlordId.landlord, { name: 'ТОО «Вент Про»', bin, address: 'Алматы, Абая 1' });
    expect((await h.api(`/contractor-applications/${id}/approve`, { method: 'POST', token: t.landlord2 })).status).toBe(404);
    expect(await contractorCount(bin)).toBe(0);
    const ok = await h.api(`/contractor-applications/${id}/approve`, { method: 'POST', token: t.landlord });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id, status: 'approved', contractor_id: expect.any(String), decided_at: expect.any(String) });
    const contractor = await h.api(`/contractors/${ok.body.contractor_id}`, { token: t.landlord });
    expect(contractor.body).toMatchObject({
      name: 'ТОО «Вент Про»',
      bin,
      address: 'Алматы, Абая 1',
      status: 'active',
      services: 'Уборка, вывоз мусора',
    });
    const [landlordUser] = await h.db.select().from(users).where(eq(users.username, 'landlord'));
    const [row] = await h.db.select().from(contractorApplications).where(eq(contractorApplications.id, id));
    expect(row!.decidedBy).toBe(landlordUser!.id);

    const again = await h.api(`/contractor-applications/${id}/approve`, { method: 'POST', token: t.landlord });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'invalid_state', message: 'Действие недоступно в текущем состоянии записи' });
    expect((await h.api(`/contractor-applications/${id}/decline`, { body: { reason: 'Поздно' }, token: t.landlord })).status).toBe(409);
    expect(await contractorCount(bin)).toBe(1);
    const pending = await h.api('/contractor-applications?limit=100', { token: t.landlord });
    expect(pending.body.data.map((a: { id: string }) => a.id)).not.toContain(id);
    expect((await h.api('/contractor-applications?status=approved', { token: t.landlord })).body.data.map((a: { id: string }) => a.id)).toContain(id);
  });

  it('lets only one of two simultaneous approvals through', async () => {
    const bin = withCheckDigit('08034000666') as string;
    const id = await apply(landlordId.landlord, { name: 'Гонка', bin });
    const results = await Promise.all([1, 2].map(() => h.api(`/contractor-applications/${id}/approve`, { method: 'POST', token: t.landlord })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await contractorCount(bin)).toBe(1);
  });

  it('declines only with a reason; a declined application is not approved later', async () => {
    const bin = withCheckDigit('09044000888') as string;
    const id = await apply(landlordId.landlord, { name: 'Отказник', bin });
    const decline = (body: unknown, token = t.landlord) => h.api(`/contractor-applications/${id}/decline`, { body, token });
    expect((await decline({})).body.error.fields).toEqual({ reason: 'Обязательное поле' });
    expect((await decline({ reason: '' })).body.error.fields).toEqual({ reason: 'Обязательное поле' });
    expect((await decline({ reason: '   ' })).body.error.fields).toEqual({ reason: 'Обязательное поле' });
    expect((await decline({ reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await decline({ reason: 'Нет', extra: 1 })).status).toBe(400);
    expect((await decline({ reason: 'Нет' }, t.landlord2)).status).toBe(404);
    const ok = await decline({ reason: '  Нет лицензии на работы  ' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id, status: 'declined', decline_reason: 'Нет лицензии на работы', contractor_id: null });
    expect((await h.api(`/contractor-applications/${id}/approve`, { method: 'POST', token: t.landlord })).status).toBe(409);
    expect((await decline({ reason: 'Ещё раз' })).status).toBe(409);
    expect(await contractorCount(bin)).toBe(0);
    const declined = await h.api(`/contractor-applications?status=declined&search=${encodeURIComponent('отказ')}`, { token: t.landlord });
    expect(declined.body.data).toEqual([ok.body]);
  });

  it("needs the grant's update level to decide: an employee with view reads the applications but cannot approve", async () => {
    const id = await apply(landlordId.landlord, { name: 'Для сотрудника' });
    const [emp] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    const grant = and(eq(employeeAccess.employeeId, emp!.id), eq(employeeAccess.module, 'contractors'));
    await h.db.update(employeeAccess).set({ level: 'view' }).where(grant);
    try {
      expect((await h.api('/contractor-applications', { token: t.employee })).status).toBe(200);
      expect((await h.api(`/contractor-applications/${id}/approve`, { method: 'POST', token: t.employee })).status).toBe(403);
      expect((await h.api(`/contractor-applications/${id}/decline`, { body: { reason: 'Нет' }, token: t.employee })).status).toBe(403);
      expect((await h.api('/contractors', { token: t.employee, body: company() })).status).toBe(403);
    } finally {
      await h.db.update(employeeAccess).set({ level: 'creator' }).where(grant);
    }
    const approved = await h.api(`/contractor-applications/${id}/approve`, { method: 'POST', token: t.employee });
    expect(approved.status).toBe(200);
  });
});
