import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';
import { BIN, BIN_MESSAGE, BIN2, company, wrongDigit } from '../support/contractors';

describeEachDatabase('contractors', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '', superadmin: '' };
  const landlordId = { landlord: '', landlord2: '' };

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
});
