import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';

// A 1×1 PNG: what a real logo starts with.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describeEachDatabase('objects and rooms', (h) => {
  const t = { superadmin: '', landlord: '', landlord2: '', employee: '', renter: '' };
  let centre = ''; // landlord's demo centre
  let centre2 = '';
  let typeId = '';
  const logoFiles = async () => (await readdir(path.join(h.config.storageDir, 'logos', 'objects')).catch(() => [] as string[])).sort();
  const upload = async (id: string, file: Buffer, name: string, opts: { token?: string; lang?: string; type?: string } = {}) => {
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(file)], { type: opts.type ?? 'image/png' }), name);
    const res = await fetch(`${h.baseUrl}/api/objects/${id}/logo`, {
      method: 'PUT',
      body: form,
      headers: { authorization: `Bearer ${opts.token ?? t.landlord}`, ...(opts.lang && { 'accept-language': opts.lang }) },
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    centre = (await h.api('/objects', { token: t.landlord })).body.data[0].id;
    centre2 = (await h.api('/objects', { token: t.landlord2 })).body.data[0].id;
    typeId = (await h.api('/object-types?search=бизнес', { token: t.landlord })).body.data[0].id;
  });

  it('shows objects to the landlord and its employees, every landlord to the superadmin, nothing to renters', async () => {
    const own = await h.api('/objects', { token: t.landlord });
    expect(own.status).toBe(200);
    expect(own.body.meta.total).toBe(1);
    expect(own.body.data[0]).toMatchObject({
      name: 'ТРЦ «Mega Center»',
      city: 'Алматы',
      type_name: 'Торгово-развлекательный центр',
      rooms_count: 6,
      landlord_name: 'ТОО «Mega Center Group»',
    });
    expect(own.body.data[0].logo_url).toMatch(/^\/storage\/logos\/.+\.svg$/);
    expect((await h.api('/objects', { token: t.employee })).body.data.map((o: { id: string }) => o.id)).toEqual([centre]);
    expect((await h.api('/objects', { token: t.superadmin })).body.meta.total).toBe(2);
    expect((await h.api('/objects', { token: t.renter })).status).toBe(403);
    expect((await h.api(`/objects/${centre2}`, { token: t.landlord })).status).toBe(404);
    expect((await h.api(`/objects/${centre2}/rooms`, { token: t.employee })).status).toBe(404);
    const byEmployee = await h.api('/objects', { token: t.employee, body: { name: 'X', type_id: typeId, city: 'Алматы', address: 'a' } });
    expect(byEmployee.status).toBe(403);
  });

  it('creates, edits and deletes an object; the superadmin must name the landlord', async () => {
    const body = { name: '  БЦ «Нурлы Тау» ', type_id: typeId, city: 'Алматы', address: 'пр. Аль-Фараби, 17' };
    const created = await h.api('/objects', { token: t.landlord, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'БЦ «Нурлы Тау»',
      type_id: typeId,
      type_name: 'Бизнес-центр',
      logo_url: null,
      rooms_count: 0,
    });
    const id = created.body.id;
    expect((await h.api(`/objects/${id}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api(`/objects/${id}`, { method: 'PUT', token: t.landlord2, body })).status).toBe(404);
    const edited = await h.api(`/objects/${id}`, { method: 'PUT', token: t.landlord, body: { ...body, city: 'Астана' } });
    expect(edited.body.city).toBe('Астана');
    const badType = await h.api('/objects', { token: t.landlord, body: { ...body, type_id: '00000000-0000-4000-8000-000000000000' } });
    expect(badType.status).toBe(400);
    expect(badType.body.error.fields).toEqual({ type_id: 'Не найдено' });
    const noLandlord = await h.api('/objects', { token: t.superadmin, body });
    expect(noLandlord.body.error.fields).toEqual({ landlord_id: 'Обязательное поле' });
    const forOther = await h.api('/objects', { token: t.superadmin, body: { ...body, landlord_id: created.body.landlord_id } });
    expect(forOther.status).toBe(201);

    // The type is in use now, so the superadmin cannot erase it.
    expect((await h.api(`/object-types/${typeId}`, { method: 'DELETE', token: t.superadmin })).status).toBe(409);
    expect((await h.api(`/objects/${id}`, { method: 'DELETE', token: t.landlord2 })).status).toBe(404);
    expect((await h.api(`/objects/${id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect((await h.api(`/objects/${forOther.body.id}`, { method: 'DELETE', token: t.superadmin })).status).toBe(204);
    expect((await h.api(`/objects/${id}`, { token: t.landlord })).status).toBe(404);
    // An object with rooms is kept: renters live in rooms.
    const refused = await h.api(`/objects/${centre}`, { method: 'DELETE', token: t.landlord });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('in_use');
  });

  it("stores a PNG logo, serves it at its logo_url and makes it the avatar of the landlord's employees", async () => {
    const before = (await h.api(`/objects/${centre}`, { token: t.landlord })).body.logo_url as string;
    const res = await upload(centre, PNG, 'logo.png');
    expect(res.status).toBe(200);
    expect(res.body.logo_url).toMatch(/^\/storage\/logos\/objects\/.+\.png$/);
    const served = await fetch(`${h.baseUrl}${res.body.logo_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await h.api('/user', { token: t.employee })).body.avatar_url).toBe(res.body.logo_url);
    expect((await h.api('/user', { token: t.landlord })).body.avatar_url).toBe(res.body.logo_url);
    expect((await h.api('/user', { token: t.landlord2 })).body.avatar_url).not.toBe(res.body.logo_url);
    // The previous file is gone once the new one is stored.
    expect(before).toMatch(/^\/storage\/logos\/[^/]+\.svg$/);
    expect(existsSync(path.join(h.config.storageDir, before.replace('/storage/', '')))).toBe(false);
    expect(await logoFiles()).toEqual([path.basename(res.body.logo_url)]);
    expect((await upload(centre2, PNG, 'logo.png')).status).toBe(404);
    expect((await upload(centre, PNG, 'logo.png', { token: t.employee })).status).toBe(403);
  });

  it('refuses a text file named .png and a 3 MiB image, in the caller language, storing nothing', async () => {
    const files = await logoFiles();
    const text = await upload(centre, Buffer.from('just some text, not an image'), 'logo.png');
    expect(text.status).toBe(400);
    expect(text.body.error).toMatchObject({ code: 'file_type', message: 'Допустимы только изображения PNG, JPEG, WebP или SVG' });
    const script = await upload(centre, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', {
      type: 'image/svg+xml',
    });
    expect(script.body.error.code).toBe('file_type');
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await upload(centre, big, 'big.png', { lang: 'en' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatchObject({ code: 'file_too_large', message: 'The file is larger than 2 MB' });
    const empty = await fetch(`${h.baseUrl}/api/objects/${centre}/logo`, {
      method: 'PUT',
      body: new FormData(),
      headers: { authorization: `Bearer ${t.landlord}` },
    });
    expect(empty.status).toBe(400);
    expect(await logoFiles()).toEqual(files);

    const svg = await upload(
      centre,
      Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'),
      'a.bin',
      { type: 'application/octet-stream' },
    );
    expect(svg.body.logo_url).toMatch(/\.svg$/);
    const removed = await h.api(`/objects/${centre}/logo`, { method: 'DELETE', token: t.landlord });
    expect(removed.body.logo_url).toBeNull();
    expect(await logoFiles()).toEqual([]);
    expect((await h.api('/user', { token: t.employee })).body.avatar_url).toBeNull();
  });

  it('keeps rooms: validated, unique number per object, scoped, and kept while a renter is in one', async () => {
    const rooms = await h.api(`/objects/${centre}/rooms`, { token: t.employee });
    expect(rooms.status).toBe(200);
    expect(rooms.body).toHaveLength(6);
    expect(rooms.body[0]).toMatchObject({ number: '101', floor: 1, area: 40, occupied: true });
    expect(rooms.body[1]).toMatchObject({ number: '102', area: 55.5, occupied: false });

    const created = await h.api(`/objects/${centre}/rooms`, { token: t.landlord, body: { number: ' B-12 ', floor: -2, area: 12.345 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ number: 'B-12', floor: -2, area: 12.35, occupied: false });
    const dup = await h.api(`/objects/${centre}/rooms`, { token: t.landlord, body: { number: 'b-12', floor: 1, area: 5 } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields).toEqual({ number: 'Помещение с таким номером уже есть в объекте' });
    for (const bad of [
      { number: '', floor: 1, area: 5 },
      { number: 'x'.repeat(21), floor: 1, area: 5 },
      { number: 'A', floor: 201, area: 5 },
      { number: 'A', floor: 1.5, area: 5 },
      { number: 'A', floor: 1, area: 0 },
      { number: 'A', floor: 1, area: 1_000_001 },
      { number: 'A', floor: 1, area: '5' },
    ]) {
      const res = await h.api(`/objects/${centre}/rooms`, { token: t.landlord, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await h.api(`/objects/${centre}/rooms`, { token: t.employee, body: { number: 'Z', floor: 1, area: 5 } })).status).toBe(403);
    expect((await h.api(`/objects/${centre2}/rooms`, { token: t.landlord, body: { number: 'Z', floor: 1, area: 5 } })).status).toBe(404);

    const id = created.body.id;
    const put = await h.api(`/rooms/${id}`, { method: 'PUT', token: t.landlord, body: { number: 'B-12', floor: 3, area: 1000000 } });
    expect(put.body).toMatchObject({ floor: 3, area: 1000000 });
    expect((await h.api(`/rooms/${id}`, { method: 'PUT', token: t.landlord, body: { number: '101', floor: 3, area: 1 } })).status).toBe(409);
    expect((await h.api(`/rooms/${id}`, { method: 'PUT', token: t.landlord2, body: { number: 'Q', floor: 3, area: 1 } })).status).toBe(404);
    expect((await h.api(`/rooms/${id}`, { method: 'DELETE', token: t.landlord2 })).status).toBe(404);
    expect((await h.api(`/rooms/${id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    const occupied = await h.api(`/rooms/${rooms.body[0].id}`, { method: 'DELETE', token: t.landlord });
    expect(occupied.status).toBe(409);
    expect(occupied.body.error.code).toBe('in_use');
    expect((await h.api(`/objects/${centre}/rooms`, { token: t.landlord })).body).toHaveLength(6);
  });

  it('keeps the object-type catalogue: superadmin writes, everyone reads, names unique in any case', async () => {
    const list = await h.api('/object-types', { token: t.renter });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(['Бизнес-центр', 'Рынок', 'Торгово-развлекательный центр', 'Торговый центр']);
    const names = { name_ru: ' Склад ', name_kk: 'Қойма', name_en: 'Warehouse' };
    expect((await h.api('/object-types', { token: t.landlord, body: names })).status).toBe(403);
    const created = await h.api('/object-types', { token: t.superadmin, body: names });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Склад', name_ru: 'Склад', name_kk: 'Қойма', name_en: 'Warehouse', objects_count: 0 });
    const taken = await h.api('/object-types', { token: t.superadmin, body: { ...names, name_ru: 'РЫНОК' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields).toEqual({ name_ru: 'Такое название уже есть' });
    const blank = await h.api('/object-types', { token: t.superadmin, body: { ...names, name_kk: '  ' } });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.error.fields)).toEqual(['name_kk']);
    expect((await h.api('/object-types', { token: t.superadmin, body: { name: 'Склад' } })).status).toBe(400);
    const renamed = await h.api(`/object-types/${created.body.id}`, {
      method: 'PUT',
      token: t.superadmin,
      body: { name_ru: 'Логистический центр', name_kk: 'Логистикалық орталық', name_en: 'Logistics centre' },
      lang: 'kk',
    });
    expect(renamed.body.name).toBe('Логистикалық орталық');
    expect((await h.api(`/object-types/${created.body.id}`, { token: t.landlord })).status).toBe(403);
    expect((await h.api(`/object-types/${created.body.id}`, { method: 'DELETE', token: t.superadmin })).status).toBe(204);
    expect((await h.api(`/object-types/${created.body.id}`, { token: t.superadmin })).status).toBe(404);
  });

  it('names object types in the caller’s language: the catalogue (sorted and searched so), objects and the request log', async () => {
    const en = await h.api('/object-types', { token: t.renter, lang: 'en' });
    expect(en.body.data.map((x: { name: string }) => x.name)).toEqual(['Business centre', 'Market', 'Shopping and entertainment centre', 'Shopping centre']);
    const kk = await h.api(`/object-types?search=${encodeURIComponent('базар')}`, { token: t.renter, lang: 'kk' });
    expect(kk.body.data.map((x: { name: string; name_ru: string }) => [x.name, x.name_ru])).toEqual([['Базар', 'Рынок']]);
    expect((await h.api(`/objects/${centre}`, { token: t.landlord, lang: 'en' })).body.type_name).toBe('Shopping and entertainment centre');
    expect((await h.api(`/objects/${centre}`, { token: t.landlord, lang: 'kk' })).body.type_name).toBe('Сауда-ойын-сауық орталығы');
  });

  it('refuses a multipart body on an operation whose contract does not declare one (it would skip validation)', async () => {
    const form = new FormData();
    form.append('name', 'Склад');
    const res = await fetch(`${h.baseUrl}/api/object-types`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.superadmin}` },
    });
    expect(res.status).toBe(415);
    expect((await h.api('/object-types?search=склад', { token: t.superadmin })).body.meta.total).toBe(0);
  });

  type Item = { id: string; name: string; created_at: string };
  const listOf = async (path: string, token: string): Promise<Item[]> => {
    const res = await h.api(path, { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const ids = (items: Item[]) => items.map((x) => x.id);

  it('sorts objects by name (the default) or by creation, each way the exact reverse of the other', async () => {
    // An object made now is the newest, and its name sorts first.
    const made = await h.api('/objects', {
      token: t.landlord,
      body: { name: 'Аружан', type_id: typeId, city: 'Алматы', address: 'ул. Сатпаева, 1' },
    });
    expect(made.status).toBe(201);
    const byName = await listOf('/objects?sort=name', t.superadmin);
    expect(byName.map((o) => o.name)).toEqual(['Аружан', ...byName.slice(1).map((o) => o.name)]);
    expect(byName.length).toBeGreaterThanOrEqual(3);
    expect(await listOf('/objects', t.superadmin)).toEqual(byName);
    expect(ids(await listOf('/objects?sort=-name', t.superadmin))).toEqual(ids(byName).reverse());
    const byCreation = await listOf('/objects?sort=created_at', t.superadmin);
    const stamps = byCreation.map((o) => Date.parse(o.created_at));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(byCreation.at(-1)?.id).toBe(made.body.id);
    expect(ids(await listOf('/objects?sort=-created_at', t.superadmin))).toEqual(ids(byCreation).reverse());
    // The landlord's own list sorts inside its scope.
    expect(ids(await listOf('/objects?sort=-created_at', t.landlord))).toEqual([made.body.id, centre]);
    expect((await h.api('/objects?sort=city', { token: t.landlord })).status).toBe(400);
    expect((await h.api(`/objects/${made.body.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
  });

  it('sorts object types by name either way', async () => {
    const byName = await listOf('/object-types?sort=name', t.landlord);
    expect(byName.map((x) => x.name)).toEqual(['Бизнес-центр', 'Рынок', 'Торгово-развлекательный центр', 'Торговый центр']);
    expect(await listOf('/object-types', t.landlord)).toEqual(byName);
    expect(ids(await listOf('/object-types?sort=-name', t.landlord))).toEqual(ids(byName).reverse());
    expect((await h.api('/object-types?sort=created_at', { token: t.landlord })).status).toBe(400);
  });
});
