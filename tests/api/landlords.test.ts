import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { lastMailTo, linkOf } from '../support/outbox';

const bin = withCheckDigit('10044000123') as string;
const wrongBin = `${bin.slice(0, 11)}${(Number(bin[11]) + 1) % 10}`;
const newLandlord = {
  name: 'ТОО «Dostyk Plaza»',
  bin,
  legal_address: 'Алматы, пр. Достык, 111',
  phone: '+77273000000',
  email: 'office@dostyk.kz',
  username: 'dostyk',
  full_name: 'Марат Сагынтаев',
  login_email: 'marat@dostyk.kz',
};

describeEachDatabase('landlords', (h) => {
  const t = { superadmin: '', landlord: '', landlord2: '', employee: '', renter: '' };
  const id = { landlord: '', landlord2: '' };

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) {
      const res = await h.api('/auth/login', { body: { username: name, password: 'demo1234' } });
      t[name] = res.body.token;
      if (name === 'landlord' || name === 'landlord2') id[name] = res.body.user.landlord_id;
    }
  });

  it('lists landlords to the superadmin only, with their login and objects', async () => {
    const res = await h.api('/landlords', { token: t.superadmin });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 20, total: 2 });
    expect(res.body.data.map((l: { name: string }) => l.name)).toEqual(['ТОО «Keruen City»', 'ТОО «Mega Center Group»']);
    expect(res.body.data[1]).toMatchObject({
      id: id.landlord,
      username: 'landlord',
      full_name: 'Айгерим Сейткали',
      login_email: 'landlord@example.kz',
      objects_count: 1,
      status: 'active',
    });
    const found = await h.api(`/landlords?search=${encodeURIComponent('keruen')}`, { token: t.superadmin });
    expect(found.body.data.map((l: { id: string }) => l.id)).toEqual([id.landlord2]);
    expect((await h.api('/landlords?search=landlord2', { token: t.superadmin })).body.meta.total).toBe(1);
    for (const who of ['landlord', 'employee', 'renter'] as const) {
      expect((await h.api('/landlords', { token: t[who] })).status).toBe(403);
    }
    expect((await h.api('/landlords')).status).toBe(401);
  });

  it('creates a landlord with its login and mails a first-login link; checks the BIN and the login', async () => {
    const bad = await h.api('/landlords', { token: t.superadmin, body: { ...newLandlord, bin: wrongBin } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ bin: 'Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой' });
    const missing = await h.api('/landlords', { token: t.superadmin, body: { name: 'X' }, lang: 'en' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toMatchObject({ bin: 'Required field', username: 'Required field', login_email: 'Required field' });
    expect((await h.api('/landlords', { token: t.landlord, body: newLandlord })).status).toBe(403);

    const res = await h.api('/landlords', { token: t.superadmin, body: newLandlord });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: newLandlord.name,
      bin,
      legal_address: newLandlord.legal_address,
      phone: '+77273000000',
      email: 'office@dostyk.kz',
      username: 'dostyk',
      full_name: 'Марат Сагынтаев',
      login_email: 'marat@dostyk.kz',
      objects_count: 0,
      status: 'active',
    });
    const mail = await lastMailTo(h.outboxDir, 'marat@dostyk.kz');
    expect(linkOf(mail!).url.pathname).toBe('/auth/first-login');
    const [login] = await h.db.select().from(users).where(eq(users.username, 'dostyk'));
    expect(login).toMatchObject({ role: 'landlord', landlordId: res.body.id, passwordHash: null, active: true });

    const again = await h.api('/landlords', { token: t.superadmin, body: { ...newLandlord, username: 'DOSTYK' } });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toEqual({ username: 'Такой логин уже занят' });
    // The refused organisation was not left behind without its login.
    expect((await h.api(`/landlords?search=dostyk`, { token: t.superadmin })).body.meta.total).toBe(1);
  });

  it("the demo's landlords are saved back unchanged by the superadmin's form (each has a valid BIN)", async () => {
    for (const landlordId of [id.landlord, id.landlord2]) {
      const card = (await h.api(`/landlords/${landlordId}`, { token: t.superadmin })).body;
      expect(card.bin).toMatch(/^\d{12}$/);
      const body = { name: card.name, bin: card.bin, legal_address: card.legal_address ?? '', phone: card.phone ?? '', email: card.email ?? '' };
      expect((await h.api(`/landlords/${landlordId}`, { method: 'PUT', token: t.superadmin, body })).status).toBe(200);
    }
  });

  it("lets a landlord read and edit its own card only; another landlord's id is not found", async () => {
    const own = await h.api(`/landlords/${id.landlord}`, { token: t.landlord });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('ТОО «Mega Center Group»');
    expect((await h.api(`/landlords/${id.landlord2}`, { token: t.landlord })).status).toBe(404);
    expect((await h.api(`/landlords/${id.landlord}`, { token: t.employee })).status).toBe(403);

    const card = { name: 'ТОО «Mega Center Group»', bin, legal_address: 'Алматы, ул. Розыбакиева, 247А', phone: '', email: '' };
    const put = await h.api(`/landlords/${id.landlord}`, { method: 'PUT', token: t.landlord, body: card });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ bin, legal_address: card.legal_address, phone: null, email: null, username: 'landlord' });
    expect((await h.api(`/landlords/${id.landlord2}`, { method: 'PUT', token: t.landlord, body: card })).status).toBe(404);
    const status = await h.api(`/landlords/${id.landlord}`, { method: 'PUT', token: t.landlord, body: { ...card, status: 'deleted' } });
    expect(status.status).toBe(400);
    expect((await h.api(`/landlords/${id.landlord}`, { method: 'DELETE', token: t.landlord })).status).toBe(403);
  });

  it('deleting a landlord stops every login of it; restoring brings back those whose records are active', async () => {
    // A colleague of landlord2 deleted on purpose stays deleted through the landlord's restore.
    const staff = (await h.api('/employee?search=staff201', { token: t.landlord2 })).body.data[0];
    expect((await h.api(`/employee/${staff.id}`, { method: 'DELETE', token: t.landlord2 })).status).toBe(204);
    const employee2 = await h.login('employee2');

    expect((await h.api(`/landlords/${id.landlord2}`, { method: 'DELETE', token: t.superadmin })).status).toBe(204);
    expect((await h.api('/user', { token: t.landlord2 })).status).toBe(401);
    expect((await h.api('/user', { token: employee2 })).status).toBe(401);
    const refused = await h.api('/auth/login', { body: { username: 'renter2', password: 'demo1234' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('account_disabled');
    expect((await h.api('/landlords?status=deleted', { token: t.superadmin })).body.data.map((l: { id: string }) => l.id)).toEqual([id.landlord2]);
    expect((await h.api(`/landlords/${id.landlord2}`, { method: 'DELETE', token: t.superadmin })).status).toBe(409);
    const edit = await h.api(`/landlords/${id.landlord2}`, { method: 'PUT', token: t.superadmin, body: { name: 'X', bin } });
    expect(edit.status).toBe(409);

    const restored = await h.api(`/landlords/${id.landlord2}/restore`, { method: 'PUT', token: t.superadmin });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: id.landlord2, status: 'active', name: 'ТОО «Keruen City»' });
    for (const name of ['landlord2', 'employee2', 'renter2']) await h.login(name);
    const [deletedStaff] = await h.db.select({ active: users.active }).from(users).where(eq(users.username, 'staff201'));
    expect(deletedStaff?.active).toBe(false);
    expect((await h.api(`/landlords/${id.landlord2}/restore`, { method: 'PUT', token: t.superadmin })).status).toBe(409);
  });

  it('sorts by name (the default) or by creation, each way the exact reverse of the other', async () => {
    // A landlord made now is the newest, and its name sorts first.
    const made = await h.api('/landlords', {
      token: t.superadmin,
      body: { ...newLandlord, name: 'ТОО «Aina Mall»', username: 'aina', login_email: 'aina@example.kz' },
    });
    expect(made.status).toBe(201);
    type Item = { id: string; name: string; created_at: string };
    const list = async (sort?: string): Promise<Item[]> => {
      const res = await h.api(`/landlords${sort ? `?sort=${sort}` : ''}`, { token: t.superadmin });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const byName = await list('name');
    expect(byName.length).toBeGreaterThanOrEqual(3);
    expect(byName.map((l) => l.name)).toEqual(['ТОО «Aina Mall»', 'ТОО «Dostyk Plaza»', 'ТОО «Keruen City»', 'ТОО «Mega Center Group»']);
    expect(await list()).toEqual(byName);
    expect((await list('-name')).map((l) => l.id)).toEqual(byName.map((l) => l.id).reverse());
    const byCreation = await list('created_at');
    const stamps = byCreation.map((l) => Date.parse(l.created_at));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(byCreation.at(-1)?.id).toBe(made.body.id);
    expect((await list('-created_at')).map((l) => l.id)).toEqual(byCreation.map((l) => l.id).reverse());
    expect((await h.api('/landlords?sort=bin', { token: t.superadmin })).status).toBe(400);
  });
});
