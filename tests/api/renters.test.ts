import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { renters, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { lastMailTo, linkOf } from '../support/outbox';

const validBin = withCheckDigit('19040140003') as string;
const wrongDigit = validBin.slice(0, 11) + String((Number(validBin[11]) + 1) % 10);
type Group = { id: string; name: string; rooms: Array<{ id: string; number: string; floor: number; area: number }> };
const legalNames = (rows: Array<{ legal_name: string }>) => rows.map((r) => r.legal_name);

describeEachDatabase('renters', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '', renter2: '', superadmin: '' };
  let landlord2Id = '';
  let groups: Group[] = [];
  let foreignRoom = '';
  let created = 0;
  const room = (i: number) => groups[0]!.rooms[i]!;
  /** A complete, valid renter form for the demo landlord. */
  const body = (over: Record<string, unknown> = {}) => {
    created += 1;
    return {
      legal_name: `ТОО «Арендатор ${created}»`,
      bin_iin: validBin,
      trade_point_name: `Точка ${created}`,
      trade_category: 'Электроника',
      room_id: room(1).id,
      lease_contract_date: '2026-03-01',
      trade_area: 42.5,
      contact_full_name: 'Айдар Серикбаев',
      contact_position: 'Директор',
      phone: '+77071234567',
      email: `renter${created}@example.kz`,
      legal_address: 'Алматы, ул. Абая, 1',
      username: `new.renter${created}`,
      ...over,
    };
  };
  const make = async (over: Record<string, unknown> = {}, token = t.landlord) => {
    const res = await h.api('/renters', { token, body: body(over) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const input = ({ username: _u, ...rest }: ReturnType<typeof body>) => rest;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    landlord2Id = (await h.api('/user', { token: t.landlord2 })).body.landlord_id;
    groups = (await h.api('/renters/room-options', { token: t.landlord })).body;
    foreignRoom = (await h.api('/renters/room-options', { token: t.landlord2 })).body[0].rooms[0].id;
  });

  it("offers the landlord's own objects and rooms for the picker, by floor and number", async () => {
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ name: 'ТРЦ «Mega Center»' });
    expect(groups[0]!.rooms.map((r) => [r.number, r.floor])).toEqual([
      ['101', 1],
      ['102', 1],
      ['103', 1],
      ['201', 2],
      ['202', 2],
      ['203', 2],
    ]);
    expect(room(1).area).toBe(55.5);
    const other = await h.api('/renters/room-options', { token: t.landlord2 });
    expect(other.body.map((g: Group) => g.name)).toEqual(['ТРЦ «Keruen»']);
    expect((await h.api('/renters/room-options', { token: t.employee })).status).toBe(200);
    expect((await h.api('/renters/room-options', { token: t.renter })).status).toBe(403);
  });

  it('lists the seeded renter with its room and object; each landlord sees only its own', async () => {
    const res = await h.api('/renters', { token: t.landlord });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 20, total: 1 });
    expect(res.body.data[0]).toMatchObject({
      legal_name: 'ИП «Dana Fashion»',
      trade_point_name: 'Dana Fashion',
      username: 'renter',
      status: 'active',
      bin_iin: withCheckDigit('90050140001'),
      lease_contract_date: '2026-01-15',
      trade_area: 40,
      instagram: null,
      website: null,
      room: { id: room(0).id, number: '101', floor: 1, area: 40, object_id: groups[0]!.id, object_name: 'ТРЦ «Mega Center»' },
    });
    const other = await h.api('/renters', { token: t.landlord2 });
    expect(legalNames(other.body.data)).toEqual(['ТОО «Timur Coffee»']);
    const sneaky = await h.api(`/renters?landlord_id=${landlord2Id}`, { token: t.landlord });
    expect(legalNames(sneaky.body.data)).toEqual(['ИП «Dana Fashion»']);
    const all = await h.api('/renters?limit=100', { token: t.superadmin });
    expect(legalNames(all.body.data)).toEqual(expect.arrayContaining(['ИП «Dana Fashion»', 'ТОО «Timur Coffee»']));
    const narrowed = await h.api(`/renters?landlord_id=${landlord2Id}`, { token: t.superadmin });
    expect(legalNames(narrowed.body.data)).toEqual(['ТОО «Timur Coffee»']);
  });

  it('refuses the list to a renter and to a caller without a session', async () => {
    const res = await h.api('/renters', { token: t.renter });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', message: 'Недостаточно прав' });
    expect((await h.api('/renters')).status).toBe(401);
  });

  it('gives a renter its own card at /renters/me, and nobody else', async () => {
    const me = await h.api('/renters/me', { token: t.renter });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ legal_name: 'ИП «Dana Fashion»', username: 'renter' });
    expect((await h.api('/renters/me', { token: t.renter2 })).body.legal_name).toBe('ТОО «Timur Coffee»');
    for (const token of [t.landlord, t.employee]) expect((await h.api('/renters/me', { token })).status).toBe(403);
    expect((await h.api(`/renters/${me.body.id}`, { token: t.renter })).status).toBe(403);
  });

  it('registers a renter with a login and mails a first-login link', async () => {
    const sent = body({ instagram: '@tech.point', website: 'https://tech.kz', trade_area: 12.345, legal_name: '  ТОО «Техно»  ' });
    const res = await h.api('/renters', { token: t.landlord, body: sent });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...input(sent),
      legal_name: 'ТОО «Техно»',
      trade_area: 12.35,
      status: 'active',
      username: sent.username,
      room: { id: room(1).id, number: '102', floor: 1, object_name: 'ТРЦ «Mega Center»' },
    });
    expect((await h.api(`/renters/${res.body.id}`, { token: t.landlord })).body).toEqual(res.body);
    const [login] = await h.db.select().from(users).where(eq(users.username, sent.username));
    expect(login).toMatchObject({
      role: 'renter',
      email: sent.email,
      fullName: 'Айдар Серикбаев',
      roomId: room(1).id,
      passwordHash: null,
      active: true,
    });
    const mail = await lastMailTo(h.outboxDir, sent.email);
    expect(linkOf(mail!).url.pathname).toBe('/auth/first-login');

    const taken = await h.api('/renters', { token: t.landlord, body: body({ username: 'Renter2' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'username_taken', fields: { username: 'Такой логин уже занят' } });
  });

  it("lets the superadmin register a renter for the room's landlord, or for the landlord it names", async () => {
    const res = await h.api('/renters', { token: t.superadmin, body: body() });
    expect(res.status).toBe(201);
    expect((await h.api(`/renters/${res.body.id}`, { token: t.landlord })).body.room.id).toBe(room(1).id);
    const named = await h.api('/renters', { token: t.superadmin, body: body({ room_id: foreignRoom, landlord_id: landlord2Id }) });
    expect(named.status).toBe(201);
    expect((await h.api(`/renters/${named.body.id}`, { token: t.landlord2 })).status).toBe(200);
    const mismatch = await h.api('/renters', { token: t.superadmin, body: body({ landlord_id: landlord2Id }) });
    expect(mismatch.body.error.fields).toEqual({ room_id: 'Помещение не найдено у вашего арендодателя' });
    const unknown = await h.api('/renters', { token: t.superadmin, body: body({ room_id: randomUUID() }) });
    expect(unknown.body.error.fields).toEqual({ room_id: 'Помещение не найдено у вашего арендодателя' });
  });

  it('searches by name fragment in any case, by BIN and by login; filters by object; sorts', async () => {
    const a = await make({ legal_name: 'ИП «Ясмин»', trade_point_name: 'Yasmin Beauty' });
    const search = async (q: string) => legalNames((await h.api(`/renters?limit=100&search=${encodeURIComponent(q)}`, { token: t.landlord })).body.data);
    expect(await search('ясми')).toEqual(['ИП «Ясмин»']);
    expect(await search('YASMIN')).toEqual(['ИП «Ясмин»']);
    expect(await search(withCheckDigit('90050140001') as string)).toEqual(['ИП «Dana Fashion»']);
    expect(await search(a.username.toUpperCase())).toEqual(['ИП «Ясмин»']);
    expect(await search('Timur')).toEqual([]);
    const byObject = await h.api(`/renters?limit=100&object_id=${groups[0]!.id}`, { token: t.landlord });
    expect(byObject.body.meta.total).toBe((await h.api('/renters?limit=100', { token: t.landlord })).body.meta.total);
    expect((await h.api(`/renters?object_id=${randomUUID()}`, { token: t.landlord })).body.meta.total).toBe(0);
    const az = legalNames((await h.api('/renters?limit=100', { token: t.landlord })).body.data);
    expect(az).toEqual([...az].sort(new Intl.Collator('und').compare)); // the database's ICU root order
    expect(az.indexOf('ИП «Ясмин»')).toBeLessThan(az.indexOf('ТОО «Техно»'));
    const za = legalNames((await h.api('/renters?limit=100&sort=-legal_name', { token: t.landlord })).body.data);
    expect(za).toEqual([...az].reverse());
    const newest = legalNames((await h.api('/renters?limit=1&sort=-created_at', { token: t.landlord })).body.data);
    expect(newest).toEqual(['ИП «Ясмин»']);
  });

  it('reports bad input beside its field and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ bin_iin: wrongDigit }, 'bin_iin', 'Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой'],
      [{ phone: '87071234567' }, 'phone', 'Введите корректный номер телефона'],
      [{ email: 'not-an-email' }, 'email', 'Введите корректный email'],
      [{ website: 'ftp://shop.kz' }, 'website', 'Введите корректную ссылку'],
      [{ website: 'shop' }, 'website', 'Введите корректную ссылку'],
      [{ instagram: 'https://facebook.com/shop' }, 'instagram', 'Введите имя в Instagram, например @mall.kz'],
      [{ trade_area: 0 }, 'trade_area', 'Неверное значение'],
      [{ trade_area: -5 }, 'trade_area', 'Неверное значение'],
      [{ room_id: foreignRoom }, 'room_id', 'Помещение не найдено у вашего арендодателя'],
      [{ room_id: randomUUID() }, 'room_id', 'Помещение не найдено у вашего арендодателя'],
      [{ legal_address: '   ' }, 'legal_address', 'Обязательное поле'],
      [{ lease_contract_date: '01.03.2026' }, 'lease_contract_date', 'Неверное значение'],
    ];
    for (const [over, field, message] of cases) {
      const sent = body({ ...over, username: 'bad.input' });
      const res = await h.api('/renters', { token: t.landlord, body: sent });
      expect(res.status, field).toBe(400);
      expect(res.body.error, field).toMatchObject({
        code: 'validation_failed',
        message: 'Проверьте заполнение полей',
        fields: { [field]: message },
      });
    }
    const { phone: _p, email: _e, ...missing } = body({ username: 'bad.input' });
    const res = await h.api('/renters', { token: t.landlord, body: missing });
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['email', 'phone']);
    const [nobody] = await h.db.select().from(users).where(eq(users.username, 'bad.input'));
    expect(nobody).toBeUndefined();
  });

  it('lets the demo employee (creator) create and update, not delete or restore', async () => {
    const r = await make({}, t.employee);
    expect((await h.api(`/renters/${r.id}`, { token: t.landlord })).body.status).toBe('active');
    const upd = await h.api(`/renters/${r.id}`, {
      method: 'PUT',
      token: t.employee,
      body: { ...input(body()), trade_point_name: 'Правка сотрудника' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.trade_point_name).toBe('Правка сотрудника');
    expect((await h.api(`/renters/${r.id}`, { method: 'DELETE', token: t.employee })).status).toBe(403);
    expect((await h.api(`/renters/${r.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect((await h.api(`/renters/${r.id}/restore`, { method: 'PUT', token: t.employee })).status).toBe(403);
    expect((await h.api(`/renters/${r.id}`, { token: t.landlord })).body.status).toBe('deleted');
  });

  it("answers 404 for another landlord's renter and for an unknown id, and changes nothing", async () => {
    const theirs = (await h.api('/renters', { token: t.landlord2 })).body.data[0];
    const update = input(body());
    for (const id of [theirs.id, randomUUID()]) {
      for (const [method, path, b] of [
        ['GET', '', undefined],
        ['PUT', '', update],
        ['DELETE', '', undefined],
        ['PUT', '/restore', undefined],
      ] as const) {
        const res = await h.api(`/renters/${id}${path}`, { method, token: t.landlord, body: b });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error).toMatchObject({ code: 'not_found' });
      }
    }
    expect((await h.api(`/renters/${theirs.id}`, { token: t.landlord2 })).body).toEqual(theirs);
  });

  it('updates every field and the login; a foreign room is refused; a deleted renter cannot be updated', async () => {
    const r = await make();
    const next = {
      ...input(body()),
      room_id: room(4).id,
      trade_point_name: 'Новая точка',
      email: 'moved@example.kz',
      contact_full_name: 'Дина Ким',
      instagram: 'https://instagram.com/new.point',
      website: '',
    };
    const res = await h.api(`/renters/${r.id}`, { method: 'PUT', token: t.landlord, body: next });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...next, website: null, username: r.username, room: { number: '202', floor: 2 } });
    const [login] = await h.db.select().from(users).where(eq(users.username, r.username));
    expect(login).toMatchObject({ email: 'moved@example.kz', fullName: 'Дина Ким', roomId: room(4).id });
    const foreign = await h.api(`/renters/${r.id}`, { method: 'PUT', token: t.landlord, body: { ...next, room_id: foreignRoom } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({ room_id: 'Помещение не найдено у вашего арендодателя' });
    expect((await h.api(`/renters/${r.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    const late = await h.api(`/renters/${r.id}`, { method: 'PUT', token: t.landlord, body: next });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('invalid_state');
  });

  it('soft-deletes: the login and its session stop working; restore brings both back unchanged', async () => {
    const r = await make();
    const { token } = linkOf((await lastMailTo(h.outboxDir, r.email))!);
    expect((await h.api('/auth/set-password', { body: { token, password: 'Renter-pass-1' } })).status).toBe(204);
    const session = await h.login(r.username, 'Renter-pass-1');
    expect((await h.api('/renters/me', { token: session })).body.id).toBe(r.id);

    expect((await h.api(`/renters/${r.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    const [row] = await h.db.select().from(renters).where(eq(renters.id, r.id));
    expect(row?.status).toBe('deleted');
    expect(legalNames((await h.api('/renters?limit=100', { token: t.landlord })).body.data)).not.toContain(r.legal_name);
    const deleted = await h.api('/renters?limit=100&status=deleted', { token: t.landlord });
    expect(deleted.body.data.find((x: { id: string }) => x.id === r.id)).toMatchObject({ status: 'deleted' });
    expect((await h.api('/renters/me', { token: session })).status).toBe(401);
    const relogin = await h.api('/auth/login', { body: { username: r.username, password: 'Renter-pass-1' } });
    expect(relogin.body.error.code).toBe('account_disabled');
    expect((await h.api(`/renters/${r.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(409);

    const restored = await h.api(`/renters/${r.id}/restore`, { method: 'PUT', token: t.landlord });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ ...r, status: 'active' });
    expect((await h.api('/auth/login', { body: { username: r.username, password: 'Renter-pass-1' } })).status).toBe(200);
    expect((await h.api(`/renters/${r.id}/restore`, { method: 'PUT', token: t.landlord })).status).toBe(409);
  });
});
