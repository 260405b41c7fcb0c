import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { ALMATY_OFFSET_MS, almatyDay } from '#/shared/almaty';
import { describeEachDatabase } from '../support/api-harness';
import { createAsRenter, firstRenterType, PNG, postForm } from '../support/requests';

describeEachDatabase('requests journal', (h) => {
  const t = { superadmin: '', landlord: '', landlord2: '', employee: '', renter: '', renter2: '' };
  let typeId = '';
  let landlordId = '';
  let centre = '';

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    typeId = await firstRenterType(h, t.renter);
    landlordId = (await h.api('/user/landlord', { token: t.landlord })).body.id;
    centre = (await h.api('/objects', { token: t.landlord })).body.data[0].id;
  });

  it("ships the catalogue: 10 renters' types and 4 visitors' types in three languages", async () => {
    const kinds = await h.api('/get-kind', { token: t.renter, lang: 'en' });
    expect(kinds.body).toEqual([
      { id: 12, name: 'Tenants’ requests' },
      { id: 13, name: 'Visitors’ requests' },
    ]);
    const renters = await h.api('/type-request/kind/12', { token: t.landlord, lang: 'kk' });
    expect(renters.body).toHaveLength(10);
    expect(renters.body[0]).toMatchObject({ kind: 12, name: 'Электр және жарықтандыру', name_en: 'Electricity and lighting' });
    expect((await h.api('/type-request/kind/13', { token: t.landlord })).body.map((x: { code: string }) => x.code)).toEqual([
      'visitor_cleaning',
      'visitor_malfunction',
      'visitor_safety',
      'visitor_other',
    ]);
    const settings = await h.api('/type-request-landlord', { token: t.landlord });
    expect(settings.body).toHaveLength(14);
    expect(settings.body[0]).toMatchObject({ show: 1, resolve_hours: 24, responsible_employee_id: null });
  });

  it("a renter sees only its own requests; a landlord never sees another landlord's", async () => {
    const own = await createAsRenter(h, t.renter, typeId, 'Протекает кран');
    expect(own).toMatchObject({ status: 'new', from_visitor: false, legal_name: 'ИП «Dana Fashion»', actions: [], can_edit: true });
    const type2 = await firstRenterType(h, t.renter2);
    const other = await createAsRenter(h, t.renter2, type2, 'Не работает розетка');
    expect(other.number).toBe(1); // numbers run per landlord

    const list = await h.api('/requests', { token: t.renter });
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain(own.id);
    expect(list.body.data.map((r: { id: string }) => r.id)).not.toContain(other.id);
    expect((await h.api(`/requests/${other.id}`, { token: t.renter })).status).toBe(404);
    expect((await h.api(`/requests/${own.id}`, { token: t.renter2 })).status).toBe(404);
    expect((await h.api(`/requests/${own.id}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api('/requests', { token: t.landlord2 })).body.data.map((r: { id: string }) => r.id)).not.toContain(own.id);
    const asTransition = await h.api(`/requests/${own.id}/transitions`, { token: t.landlord2, body: { event: 'request.take' } });
    expect(asTransition.status).toBe(404);
    const detail = await h.api(`/requests/${own.id}`, { token: t.employee });
    expect(detail.body).toMatchObject({
      actions: ['request.take', 'request.assign', 'request.reject'],
      history: [{ event: 'request.created', to_status: 'new' }],
    });
  });

  it("a hidden type cannot be used; show settings are the landlord's own", async () => {
    const hide = await h.api(`/type-request-landlord/show/${landlordId}`, {
      method: 'PUT',
      token: t.landlord,
      body: [{ id: typeId, show: 0 }],
    });
    expect(hide.status).toBe(204);
    expect((await h.api('/type-request/kind/12', { token: t.renter })).body.map((x: { id: string }) => x.id)).not.toContain(typeId);
    const refused = await h.api('/requests', { token: t.renter, body: { type_id: typeId, description: 'Свет' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ type_id: 'Этот тип заявок недоступен' });
    const unknown = await h.api(`/type-request-landlord/show/${landlordId}`, {
      method: 'PUT',
      token: t.landlord,
      body: [{ id: randomUUID(), show: 1 }],
    });
    expect(unknown.status).toBe(404);
    const foreign = await h.api(`/type-request-landlord/show/${landlordId}`, {
      method: 'PUT',
      token: t.landlord2,
      body: [{ id: typeId, show: 1 }],
    });
    expect(foreign.status).toBe(404);
    expect((await h.api(`/type-request-landlord/show/${landlordId}`, { method: 'PUT', token: t.employee, body: [{ id: typeId, show: 1 }] })).status).toBe(403);
    expect((await h.api(`/type-request-landlord/show/${landlordId}`, { method: 'PUT', token: t.landlord, body: [{ id: typeId, show: 1 }] })).status).toBe(204);
    expect((await h.api('/requests', { token: t.renter, body: { type_id: typeId, description: 'Свет' } })).status).toBe(201);
  });

  it("the type's responsible employee and time to resolve apply to new requests", async () => {
    const staff = (await h.api('/employee/all', { token: t.landlord })).body.find((e: { username: string }) => e.username === 'employee');
    const set = await h.api(`/type-request-landlord/${typeId}`, {
      method: 'PUT',
      token: t.landlord,
      body: { responsible_employee_id: staff.id, resolve_hours: 2 },
    });
    expect(set.status).toBe(204);
    const r = await createAsRenter(h, t.renter, typeId);
    expect(r).toMatchObject({ status: 'new', assignee: { kind: 'employee', id: staff.id } });
    const hours = (Date.parse((r as unknown as { deadline_at: string }).deadline_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    await h.api(`/type-request-landlord/${typeId}`, {
      method: 'PUT',
      token: t.landlord,
      body: { responsible_employee_id: null, resolve_hours: 24 },
    });
  });

  it('filters the journal by type, object and period in Almaty days', async () => {
    const types = (await h.api('/type-request/kind/12', { token: t.renter })).body as { id: string }[];
    const otherType = types.find((x) => x.id !== typeId)?.id as string;
    const a = await createAsRenter(h, t.renter, otherType, 'Фильтр по типу');
    const ids = async (query: string) =>
      (await h.api(`/requests?limit=100&${query}`, { token: t.landlord })).body.data.map((x: { id: string }) => x.id) as string[];
    const byType = await ids(`type_id=${otherType}`);
    expect(byType).toContain(a.id);
    const allOfType = (await h.api(`/requests?limit=100&type_id=${otherType}`, { token: t.landlord })).body.data as {
      type: { id: string };
    }[];
    expect(allOfType.every((x) => x.type.id === otherType)).toBe(true);
    expect(await ids(`object_id=${centre}`)).toContain(a.id);
    const otherCentre = (await h.api('/objects', { token: t.landlord2 })).body.data[0].id;
    expect(await ids(`object_id=${otherCentre}`)).toEqual([]);
    // Created "now": today in Almaty (UTC+5) includes it; the day before does not.
    expect(await ids(`from=${almatyDay(0)}&to=${almatyDay(0)}`)).toContain(a.id);
    expect(await ids(`to=${almatyDay(-1)}`)).not.toContain(a.id);
    expect(await ids(`from=${almatyDay(1)}`)).not.toContain(a.id);
  });

  it('the QR code: an SVG of the public page; unknown objects answer 404', async () => {
    const qr = await h.api('/qrcode', { token: t.landlord });
    expect(qr.status).toBe(200);
    expect(qr.body).toMatchObject({ object_id: centre, url: `http://localhost:5173/visitor-request/${centre}` });
    expect(qr.body.svg).toMatch(/^<svg/);
    expect((await h.api(`/qrcode?object_id=${randomUUID()}`, { token: t.landlord })).status).toBe(404);
    expect((await h.api(`/qrcode?object_id=${centre}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api('/qrcode', { token: t.superadmin })).status).toBe(400);
    expect((await h.api('/qrcode', { token: t.employee })).status).toBe(403);
    expect((await h.api(`/public/visitor-requests/${randomUUID()}`)).status).toBe(404);
  });

  it("a visitor's request enters the journal as new, from a visitor, and the counts change", async () => {
    const counts = async () => (await h.api('/user-menu/counts', { token: t.landlord })).body;
    const before = await counts();
    const form = await h.api(`/public/visitor-requests/${centre}`);
    expect(form.body).toMatchObject({ object_name: 'ТРЦ «Mega Center»', landlord_name: 'ТОО «Mega Center Group»' });
    expect(form.body.types).toHaveLength(4);
    const wrongKind = await postForm(
      h,
      `/public/visitor-requests/${centre}`,
      { name: 'Гость', phone: '+77011234567', type_id: typeId, description: 'Грязно' },
      { ip: '10.9.0.1' },
    );
    expect(wrongKind.status).toBe(400);
    const sent = await postForm(
      h,
      `/public/visitor-requests/${centre}`,
      {
        name: 'Гость Центра',
        phone: '+77011234567',
        type_id: form.body.types[0].id,
        description: 'Разлит кофе у эскалатора',
        photo: { data: PNG, name: 'spill.png' },
      },
      { ip: '10.9.0.2' },
    );
    expect(sent.status).toBe(201);
    const list = await h.api('/requests?search=Гость Центра', { token: t.employee });
    expect(list.body.data).toEqual([expect.objectContaining({ number: sent.body.number, status: 'new', from_visitor: true, applicant_phone: '+77011234567' })]);
    const detail = await h.api(`/requests/${list.body.data[0].id}`, { token: t.employee });
    expect(detail.body.files).toHaveLength(1);
    expect(detail.body.history[0]).toMatchObject({ event: 'request.created', actor_name: 'Гость Центра' });
    const after = await counts();
    expect(after.requests_new).toBe(before.requests_new + 1);
    expect(await (await h.api('/user-menu/counts', { token: t.renter2 })).body).toMatchObject({ requests_new: 1 });
  });

  it('exports the filtered journal as xlsx, row for row', async () => {
    const filter = { status: 'new' as const, search: 'кран' };
    const list = await h.api(`/requests?status=new&search=${encodeURIComponent('кран')}&limit=100`, { token: t.landlord });
    const res = await fetch(`${h.baseUrl}/api/download/excel/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.landlord}`, 'content-type': 'application/json' },
      body: JSON.stringify(filter),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.slice(0, 3)).toEqual(['№', 'Тип заявки', 'Тип объекта']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.body.data.map((r: { number: number }) => r.number));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[1]?.[10]).toBe('Новая');
    // Almaty's wall-clock time as an Excel date (the reader hands it back as a UTC Date of those fields).
    const created = rows[1]?.[9] as Date;
    expect(created).toBeInstanceOf(Date);
    expect(Math.abs(created.getTime() - ALMATY_OFFSET_MS - Date.parse(list.body.data[0].created_at))).toBeLessThan(1000);
    const en = await fetch(`${h.baseUrl}/api/download/excel/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.landlord}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(filter),
    });
    const english = new ExcelJS.Workbook();
    await english.xlsx.load(await en.arrayBuffer());
    expect(english.worksheets[0]?.getRow(1).getCell(11).value).toBe('Status');
    expect(english.worksheets[0]?.getRow(2).getCell(10).value).toEqual(rows[1]?.[9]);
  });

  it('the superadmin keeps the catalogue; a landlord cannot', async () => {
    const input = { kind: 12, name_ru: 'Охрана', name_kk: 'Күзет', name_en: 'Security', default_resolve_hours: 6 };
    expect((await h.api('/type-request', { token: t.landlord, body: input })).status).toBe(403);
    const created = await h.api('/type-request', { token: t.superadmin, body: input, lang: 'en' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 12, name: 'Security', default_resolve_hours: 6 });
    const renamed = await h.api(`/type-request/${created.body.id}`, {
      method: 'PUT',
      token: t.superadmin,
      body: { ...input, name_ru: 'Служба охраны' },
    });
    expect(renamed.body.name).toBe('Служба охраны');
    expect((await h.api(`/type-request/${created.body.id}`, { method: 'PUT', token: t.landlord, body: input })).status).toBe(403);
    expect((await h.api(`/type-request/${randomUUID()}`, { method: 'PUT', token: t.superadmin, body: input })).status).toBe(404);
    expect((await h.api('/type-request/kind/12', { token: t.renter })).body).toHaveLength(11);
  });
});
