import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { requestFiles } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { createAsRenter, firstRenterType, PNG, postForm, uploadFile } from '../support/requests';
import { contractorOf } from '../support/tasks';

describeEachDatabase('requests journal', (h) => {
  const t = { superadmin: '', landlord: '', landlord2: '', employee: '', renter: '', renter2: '' };
  let typeId = '';
  let landlordId = '';
  let centre = '';
  const storedFiles = async (id: string) => (await readdir(path.join(h.config.storageDir, 'requests', id)).catch(() => [] as string[])).length;
  const fileRows = async (id: string) => (await h.db.select({ n: count() }).from(requestFiles).where(eq(requestFiles.requestId, id)))[0]?.n ?? 0;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    typeId = await firstRenterType(h, t.renter);
    landlordId = (await h.api('/user/landlord', { token: t.landlord })).body.id;
    centre = (await h.api('/objects', { token: t.landlord })).body.data[0].id;
  });

  it("ships the catalogue: 10 renters' types and 4 visitors' types in three languages", async () => {
    const kinds = await h.api('/get-kind', { token: t.renter, lang: 'en' });
    expect(kinds.body).toEqual([
      { id: 12, name: "Renters' requests" },
      { id: 13, name: "Visitors' requests" },
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

  it('refuses a report of the wrong type or over 10 MiB, storing nothing; done needs a report', async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    expect((await uploadFile(h, t.renter, r.id, 'report')).status).toBe(403);
    expect((await uploadFile(h, t.employee, r.id, 'report')).status).toBe(409); // not in progress yet
    expect((await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.take' } })).status).toBe(200);
    const done = await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.complete' } });
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe('invalid_state');

    const text = await uploadFile(h, t.employee, r.id, 'report', Buffer.from('just some text, not a photo'), 'report.png');
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('photo_type');
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await uploadFile(h, t.employee, r.id, 'report', big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect({ files: await storedFiles(r.id), rows: await fileRows(r.id) }).toEqual({ files: 0, rows: 0 });
    expect((await h.api(`/requests/${r.id}`, { token: t.employee })).body.history).toHaveLength(2);

    const ok = await uploadFile(h, t.employee, r.id, 'report');
    expect(ok.status).toBe(201);
    expect(ok.body.files).toEqual([
      expect.objectContaining({
        kind: 'report',
        url: expect.stringMatching(/^\/storage\/requests\/[^?]+\/report-[^?]+\.png\?expires=\d+&signature=[\w-]{43}$/),
      }),
    ]);
    expect({ files: await storedFiles(r.id), rows: await fileRows(r.id) }).toEqual({ files: 1, rows: 1 });
    const complete = await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.complete' } });
    expect(complete.body).toMatchObject({ status: 'done', has_photo_report: true });
    const back = await h.api(`/requests/${r.id}/transitions`, { token: t.renter, body: { event: 'request.return' } });
    expect(back.status).toBe(400);
    expect(back.body.error.fields).toHaveProperty('comment');
    const closed = await h.api(`/requests/${r.id}/transitions`, { token: t.renter, body: { event: 'request.confirm' } });
    expect(closed.body.status).toBe('closed');
    expect((await uploadFile(h, t.renter, r.id, 'photo')).status).toBe(409);
  });

  it('assign needs exactly one assignee of the landlord', async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    const none = await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.assign' } });
    expect(none.status).toBe(400);
    const foreign = (await h.api('/employee/all', { token: t.landlord2 })).body[0].id;
    const other = await h.api(`/requests/${r.id}/transitions`, {
      token: t.employee,
      body: { event: 'request.assign', assignee_employee_id: foreign },
    });
    expect(other.status).toBe(400);
    expect((await h.api(`/requests/${r.id}`, { token: t.employee })).body).toMatchObject({ status: 'new', assignee: null });
  });

  it('the renter edits its request while new; after it is taken the edit is refused and nothing changes', async () => {
    const r = await createAsRenter(h, t.renter, typeId, 'Не горит лампа');
    const types = (await h.api('/type-request/kind/12', { token: t.renter })).body as { id: string }[];
    const otherType = types.find((x) => x.id !== typeId)?.id as string;
    const edited = await h.api(`/requests/${r.id}`, {
      method: 'PUT',
      token: t.renter,
      body: { type_id: otherType, description: 'Не горят две лампы' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ description: 'Не горят две лампы', type: { id: otherType } });
    // Another renter's or another landlord's caller finds nothing to edit.
    expect((await h.api(`/requests/${r.id}`, { method: 'PUT', token: t.renter2, body: { type_id: otherType, description: 'x' } })).status).toBe(404);
    expect((await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.take' } })).status).toBe(200);
    const late = await h.api(`/requests/${r.id}`, { method: 'PUT', token: t.renter, body: { type_id: typeId, description: 'Поздно' } });
    expect(late.status).toBe(409);
    expect((await h.api(`/requests/${r.id}`, { token: t.renter })).body).toMatchObject({
      description: 'Не горят две лампы',
      can_edit: false,
    });
  });

  it('comments go into the history of both sides, trimmed; an empty one is refused', async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    const fromRenter = await h.api(`/requests/${r.id}/comments`, { token: t.renter, body: { comment: '  Ключ у охраны  ' } });
    expect(fromRenter.status).toBeLessThan(300);
    expect((await h.api(`/requests/${r.id}/comments`, { token: t.employee, body: { comment: 'Будем в 15:00' } })).status).toBeLessThan(300);
    expect((await h.api(`/requests/${r.id}/comments`, { token: t.employee, body: { comment: '' } })).status).toBe(400);
    const history = (await h.api(`/requests/${r.id}`, { token: t.renter })).body.history as { event: string; comment: string | null }[];
    expect(history.filter((e) => e.event === 'request.comment').map((e) => e.comment)).toEqual(['Ключ у охраны', 'Будем в 15:00']);
    expect((await h.api(`/requests/${r.id}/comments`, { token: t.renter2, body: { comment: 'Чужая' } })).status).toBe(404);
  });

  it('staff file a request for an object and a renter, and assign it to a contractor of the landlord', async () => {
    const renterId = (await h.api('/renters', { token: t.landlord })).body.data.find(
      (x: { trade_point_name: string }) => x.trade_point_name === 'Dana Fashion',
    ).id;
    const res = await h.api('/requests', {
      token: t.employee,
      body: { type_id: typeId, description: 'Позвонили по телефону', object_id: centre, renter_id: renterId },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: { id: centre }, legal_name: 'ИП «Dana Fashion»', status: 'new' });
    // The renter sees it among its own.
    expect((await h.api('/requests', { token: t.renter })).body.data.map((x: { id: string }) => x.id)).toContain(res.body.id);
    const contractor = await contractorOf(h, 'landlord');
    const assigned = await h.api(`/requests/${res.body.id}/transitions`, {
      token: t.employee,
      body: { event: 'request.assign', assignee_contractor_id: contractor },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ status: 'in_progress', assignee: { kind: 'contractor', id: contractor } });
    const foreign = await contractorOf(h, 'landlord2');
    const r2 = await createAsRenter(h, t.renter, typeId);
    expect(
      (
        await h.api(`/requests/${r2.id}/transitions`, {
          token: t.employee,
          body: { event: 'request.assign', assignee_contractor_id: foreign },
        })
      ).status,
    ).toBe(400);
    // Another landlord's object is not the employee's to file for.
    const otherCentre = (await h.api('/objects', { token: t.landlord2 })).body.data[0].id;
    expect((await h.api('/requests', { token: t.employee, body: { type_id: typeId, description: 'x', object_id: otherCentre } })).status).toBe(400);
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
    const almatyDay = (offsetDays: number) => new Date(Date.now() + 5 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
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
