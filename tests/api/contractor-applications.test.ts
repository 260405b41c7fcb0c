import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { contractorApplications, contractors, employeeAccess, employees, landlords, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { BIN, BIN_MESSAGE, company, wrongDigit } from '../support/contractors';

describeEachDatabase('contractor applications', (h) => {
  const t = { landlord: '', landlord2: '', employee: '' };
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
