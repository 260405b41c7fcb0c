import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { requestFiles } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { createAsRenter, firstRenterType, PNG, uploadFile } from '../support/requests';
import { contractorOf } from '../support/tasks';

describeEachDatabase('requests handling', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '', renter2: '' };
  let typeId = '';
  let centre = '';
  const storedFiles = async (id: string) => (await readdir(path.join(h.config.storageDir, 'requests', id)).catch(() => [] as string[])).length;
  const fileRows = async (id: string) => (await h.db.select({ n: count() }).from(requestFiles).where(eq(requestFiles.requestId, id)))[0]?.n ?? 0;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    typeId = await firstRenterType(h, t.renter);
    centre = (await h.api('/objects', { token: t.landlord })).body.data[0].id;
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
        name: 'photo.png',
        url: expect.stringMatching(/^\/storage\/requests\/[^?]+\/report-[^?]+\.png\?expires=\d+&name=photo\.png&signature=[\w-]{43}$/),
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
});
