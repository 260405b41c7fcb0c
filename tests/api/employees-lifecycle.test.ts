import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { lastMailTo, linkOf } from '../support/outbox';

const validIin = withCheckDigit('90010130007') as string;

describeEachDatabase('employees: update, delete, restore', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '' };
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
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
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
