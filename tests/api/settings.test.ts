import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { accessLevels, accessModules } from '#server/auth/levels';
import { employeeAccess, employees, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';

type Row = { employee_id: string; full_name: string; username: string; can_notify: boolean; levels: Record<string, string> };
const allAt = (level: string) => Object.fromEntries(accessModules.map((m) => [m, level]));

describeEachDatabase('settings: access grants and notification permissions', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', employee2: '', renter: '', superadmin: '' };
  const id = { employee: '', employee2: '', staff01: '' };
  const put = (employeeId: string, levels: Record<string, string>, token = t.landlord) =>
    h.api(`/settings/access/${employeeId}`, { method: 'PUT', token, body: { levels } });
  const permissions = (list: Array<{ employee_id: string; allowed: boolean }>, token = t.landlord) =>
    h.api('/employee-notifications/permissions', { token, body: { permissions: list } });
  const stored = async (employeeId: string) =>
    Object.fromEntries((await h.db.select().from(employeeAccess).where(eq(employeeAccess.employeeId, employeeId))).map((r) => [r.module, r.level]));

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const rows = await h.db
      .select({ id: employees.id, username: users.username })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(inArray(users.username, ['employee', 'employee2', 'staff01']));
    for (const r of rows) id[r.username as keyof typeof id] = r.id;
  });

  it("lists the landlord's active employees with every module's level and the notification flag", async () => {
    const res = await h.api('/settings/access', { token: t.landlord });
    expect(res.status).toBe(200);
    expect(res.body.modules).toEqual([...accessModules]);
    expect(res.body.levels).toEqual([...accessLevels]);
    expect(res.body.employees).toHaveLength(13);
    const demo = res.body.employees.find((e: Row) => e.username === 'employee');
    expect(demo).toMatchObject({ employee_id: id.employee, full_name: 'Нурлан Абенов', can_notify: false, levels: allAt('creator') });
    expect(res.body.employees.some((e: Row) => e.username === 'employee2')).toBe(false);
    const superadmin = await h.api(`/settings/access?landlord_id=${(await h.api('/user', { token: t.landlord2 })).body.landlord_id}`, {
      token: t.superadmin,
    });
    expect(superadmin.body.employees.map((e: Row) => e.username)).toContain('employee2');
    expect(superadmin.body.employees.map((e: Row) => e.username)).not.toContain('employee');
  });

  it('refuses employees and renters on every settings call', async () => {
    for (const token of [t.employee, t.renter]) {
      expect((await h.api('/settings/access', { token })).status).toBe(403);
      expect((await put(id.staff01, { employees: 'main' }, token)).status).toBe(403);
      expect((await permissions([{ employee_id: id.staff01, allowed: true }], token)).status).toBe(403);
    }
    expect((await h.api('/settings/access')).status).toBe(401);
    expect(await stored(id.staff01)).not.toHaveProperty('employees', 'main');
  });

  it("enforces the employee's new levels on its next call: none → 403, view → read only, employee → create", async () => {
    const employeeList = () => h.api('/employee', { token: t.employee });
    const createOne = (username: string) =>
      h.api('/employee', { token: t.employee, body: { full_name: 'Проба Доступа', email: `${username}@example.kz`, username } });

    const none = await put(id.employee, { ...allAt('creator'), employees: 'none' });
    expect(none.status).toBe(200);
    expect(none.body.levels).toEqual({ ...allAt('creator'), employees: 'none' });
    const refused = await employeeList();
    expect(refused.status).toBe(403);
    // GET /user tells the SPA the same levels, so it offers only what the server allows.
    expect((await h.api('/user', { token: t.employee })).body.access).toEqual({ ...allAt('creator'), employees: 'none' });
    expect((await h.api('/user', { token: t.landlord })).body.access).toBeNull();
    expect((await h.api('/user', { token: t.renter })).body.access).toEqual({});
    expect(refused.body.error).toEqual({ code: 'forbidden', message: 'Недостаточно прав' });
    expect((await h.api(`/employee/${id.staff01}`, { token: t.employee })).status).toBe(403);

    await put(id.employee, { employees: 'view' });
    expect((await employeeList()).status).toBe(200);
    expect((await createOne('probe.view')).status).toBe(403);
    // A module left out is none: the other modules' creator grants are gone.
    expect(await stored(id.employee)).toEqual({ employees: 'view' });
    expect((await h.api('/social-networks', { token: t.employee })).status).toBe(403);

    await put(id.employee, { employees: 'employee' });
    expect((await createOne('probe.emp')).status).toBe(201);
    expect((await h.api(`/employee/${id.staff01}`, { method: 'PUT', token: t.employee, body: { full_name: 'Алия', email: 'a@example.kz' } })).status).toBe(403);

    const main = await put(id.employee, allAt('main'));
    expect(main.body.levels).toEqual(allAt('main'));
    expect(Object.keys(await stored(id.employee))).toHaveLength(accessModules.length);
  });

  it('gives an employee bid access exactly when its requests level is not none', async () => {
    const bid = async (token: string) => (await h.api('/type-request/check-bid-access', { token })).body.has_access;
    await put(id.employee, { requests: 'view' });
    expect(await bid(t.employee)).toBe(true);
    await put(id.employee, { tasks: 'main' });
    expect(await bid(t.employee)).toBe(false);
    await put(id.employee, { requests: 'none', tasks: 'main' });
    expect(await bid(t.employee)).toBe(false);
    await put(id.employee, { requests: 'executor' });
    expect(await bid(t.employee)).toBe(true);
    for (const token of [t.landlord, t.renter, t.superadmin, t.employee2]) expect(await bid(token)).toBe(true);
    await put(id.employee, allAt('creator'));
  });

  it("refuses an unknown module or level, another landlord's employee (404) and a deleted one (409)", async () => {
    const badLevel = await put(id.staff01, { employees: 'owner' });
    expect(badLevel.status).toBe(400);
    expect(Object.keys(badLevel.body.error.fields)).toEqual(['levels.employees']);
    const badModule = await put(id.staff01, { kitchen: 'view' });
    expect(badModule.status).toBe(400);
    expect(badModule.body.error.fields).toEqual({ kitchen: 'Неизвестное поле' });
    expect((await put(id.employee2, { employees: 'main' })).status).toBe(404);
    expect((await put(randomUUID(), { employees: 'main' })).status).toBe(404);
    expect(await stored(id.employee2)).toEqual(allAt('creator'));
    expect((await put(id.employee2, { employees: 'view' }, t.superadmin)).status).toBe(200);
    expect(await stored(id.employee2)).toEqual({ employees: 'view' });
    await put(id.employee2, allAt('creator'), t.superadmin);

    expect((await h.api(`/employee/${id.staff01}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect((await put(id.staff01, { employees: 'view' })).status).toBe(409);
    const list = await h.api('/settings/access', { token: t.landlord });
    expect(list.body.employees.map((e: Row) => e.employee_id)).not.toContain(id.staff01);
    expect((await h.api(`/employee/${id.staff01}/restore`, { method: 'PUT', token: t.landlord })).status).toBe(200);
  });

  it("stores notification permissions for the listed employees only, and refuses other landlords' ids", async () => {
    const flags = async () => Object.fromEntries((await h.db.select({ id: employees.id, can: employees.canNotify }).from(employees)).map((r) => [r.id, r.can]));
    const res = await permissions([
      { employee_id: id.employee, allowed: true },
      { employee_id: id.staff01, allowed: true },
    ]);
    expect(res.status).toBe(204);
    expect(await flags()).toMatchObject({ [id.employee]: true, [id.staff01]: true, [id.employee2]: false });
    expect((await permissions([{ employee_id: id.staff01, allowed: false }])).status).toBe(204);
    expect(await flags()).toMatchObject({ [id.employee]: true, [id.staff01]: false });

    const mixed = await permissions([
      { employee_id: id.staff01, allowed: true },
      { employee_id: id.employee2, allowed: true },
    ]);
    expect(mixed.status).toBe(404);
    expect((await permissions([{ employee_id: randomUUID(), allowed: true }])).status).toBe(404);
    expect(await flags()).toMatchObject({ [id.staff01]: false, [id.employee2]: false });
    expect((await permissions([{ employee_id: id.employee2, allowed: true }], t.landlord2)).status).toBe(204);

    const table = await h.api('/settings/access', { token: t.landlord });
    expect(table.body.employees.find((e: Row) => e.employee_id === id.employee).can_notify).toBe(true);
    const missing = await h.api('/employee-notifications/permissions', {
      token: t.landlord,
      body: { permissions: [{ employee_id: id.staff01 }] },
    });
    expect(missing.status).toBe(400);
  });
});
