import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { employees, notifications, users, violationEvents, violationFiles, violations } from '#server/db/schema';
import { markOverdueViolations } from '#server/modules/violations/deadlines';
import { describeEachDatabase } from '../support/api-harness';
import { PDF, PNG } from '../support/requests';
import { createViolation, uploadViolationFile, violationInputs } from '../support/violations';

describeEachDatabase('violations', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', employee2: '', renter: '', renter2: '' };
  const ids = { employee: '', renter: '', landlord: '' };
  let inputs = { renterId: '', typeId: '', roomId: '' };

  const base = () => ({
    renter_id: inputs.renterId,
    type_id: inputs.typeId,
    occurred_at: '2026-11-20T09:30:00Z',
    description: 'Товар выставлен в проходе у входа',
  });
  const send = (token: string, id: string, event: string, comment?: string) =>
    h.api(`/violations/${id}/transitions`, { token, body: { event, ...(comment && { comment }) } });
  /** Who was told what about this violation, oldest first, as user names. */
  const told = async (id: string) =>
    (
      await h.db
        .select({ kind: notifications.kind, to: users.username })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(and(eq(notifications.subjectType, 'violation'), eq(notifications.subjectId, id)))
        .orderBy(asc(notifications.id))
    ).map((n) => `${n.kind} → ${n.to}`);

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    inputs = await violationInputs(h, t.employee);
    for (const name of Object.keys(ids) as Array<keyof typeof ids>) ids[name] = (await h.api('/user', { token: t[name] })).body.id;
  });

  it('refuses a fix deadline earlier than the violation, on create and on edit, in the caller’s language, writing nothing', async () => {
    const before = await h.api('/violations', { token: t.employee });
    const early = await h.api('/violations', { token: t.employee, body: { ...base(), deadline_at: '2026-11-20T09:29:00Z' } });
    expect(early.status).toBe(400);
    expect(early.body.error.fields).toEqual({ deadline_at: 'Срок устранения не может быть раньше, чем произошло нарушение' });
    expect((await h.api('/violations', { token: t.employee })).body.data).toHaveLength(before.body.data.length);
    const draft = await createViolation(h, t.employee, { ...base(), deadline_at: '2026-11-20T09:30:00Z' });
    const edit = await h.api(`/violations/${draft.id}`, {
      method: 'PUT',
      token: t.employee,
      lang: 'en',
      body: { ...base(), deadline_at: '2026-11-01T00:00:00Z' },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error.fields).toEqual({ deadline_at: 'The fix deadline cannot be earlier than when the violation happened' });
    expect((await h.api(`/violations/${draft.id}`, { token: t.employee })).body.deadline_at).toBe('2026-11-20T09:30:00.000Z');
    expect((await h.api(`/violations/${draft.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
  });

  it('records, edits, issues; the renter disputes, staff reject, the renter fixes, staff close — each told to exactly the right person', async () => {
    const created = await createViolation(h, t.employee, { ...base(), fine: '12345.67', deadline_at: '2030-01-01T12:00:00Z' });
    expect(created).toMatchObject({ status: 'draft', fine: '12345.67', can_edit: true, actions: ['violation.issue'] });
    expect((created as unknown as { room: { id: string } }).room.id).toBe(inputs.roomId);
    const id = created.id;
    // The renter does not see a draft at all.
    expect((await h.api(`/violations/${id}`, { token: t.renter })).status).toBe(404);
    expect((await h.api('/violations', { token: t.renter })).body.data.some((v: { id: string }) => v.id === id)).toBe(false);

    const edited = await h.api(`/violations/${id}`, { method: 'PUT', token: t.employee, body: { ...base(), description: 'Коробки в проходе', fine: '500' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ description: 'Коробки в проходе', fine: '500.00' });
    expect((await uploadViolationFile(h, t.employee, id, 'photo')).status).toBe(201);
    expect(await told(id)).toEqual([]);

    const issued = await send(t.employee, id, 'violation.issue');
    expect(issued.body).toMatchObject({ status: 'issued', can_edit: false, can_delete: false });
    expect((await h.api(`/violations/${id}`, { method: 'PUT', token: t.employee, body: base() })).status).toBe(409);
    expect((await h.api(`/violations/${id}`, { method: 'DELETE', token: t.landlord })).status).toBe(409);

    const seen = await h.api(`/violations/${id}`, { token: t.renter });
    expect(seen.body).toMatchObject({ status: 'issued', actions: ['violation.acknowledge', 'violation.dispute'], upload_kinds: ['dispute', 'fix'] });
    expect((await send(t.renter, id, 'violation.dispute')).status).toBe(400);
    expect((await uploadViolationFile(h, t.renter, id, 'dispute', PDF, 'letter.pdf', 'application/pdf')).status).toBe(201);
    expect((await send(t.renter, id, 'violation.dispute', 'Коробки убраны до проверки')).body.status).toBe('disputed');
    expect((await send(t.employee, id, 'violation.reject', 'Фото подтверждает нарушение')).body.status).toBe('acknowledged');
    // Reported fixed only with a photo of the fix.
    expect((await send(t.renter, id, 'violation.fix')).status).toBe(409);
    expect((await uploadViolationFile(h, t.renter, id, 'fix')).status).toBe(201);
    expect((await send(t.renter, id, 'violation.fix')).body.status).toBe('fixed');
    const closed = await send(t.employee, id, 'violation.confirm');
    expect(closed.body).toMatchObject({ status: 'closed', actions: [] });
    expect(closed.body.files.map((f: { kind: string }) => f.kind)).toEqual(['photo', 'dispute', 'fix']);
    expect(closed.body.history.map((e: { event: string }) => e.event)).toEqual([
      'violation.created',
      'violation.updated',
      'violation.file.photo',
      'violation.issue',
      'violation.file.dispute',
      'violation.dispute',
      'violation.reject',
      'violation.file.fix',
      'violation.fix',
      'violation.confirm',
    ]);
    expect(await told(id)).toEqual([
      'violation.issue → renter',
      'violation.dispute → employee',
      'violation.reject → renter',
      'violation.fix → employee',
      'violation.confirm → renter',
    ]);
  });

  it('staff may delete a draft; another landlord, its renter and a renter of another landlord see 404', async () => {
    const draft = await createViolation(h, t.employee, base());
    expect((await h.api(`/violations/${draft.id}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api(`/violations/${draft.id}`, { token: t.employee2 })).status).toBe(404);
    expect((await send(t.landlord2, draft.id, 'violation.issue')).status).toBe(404);
    // The demo employee is at creator: deleting needs intermediate.
    expect((await h.api(`/violations/${draft.id}`, { method: 'DELETE', token: t.employee })).status).toBe(403);
    expect((await h.api(`/violations/${draft.id}`, { method: 'DELETE', token: t.landlord2 })).status).toBe(404);
    const issued = await createViolation(h, t.employee, base());
    await send(t.employee, issued.id, 'violation.issue');
    expect((await h.api(`/violations/${issued.id}`, { token: t.renter2 })).status).toBe(404);
    expect((await h.api('/violations', { token: t.renter2 })).body.data).toEqual([]);
    expect((await h.api(`/violations/${draft.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect((await h.api(`/violations/${draft.id}`, { token: t.landlord })).status).toBe(404);
  });

  it("the room defaults to the renter's and may be another room of the landlord, never another landlord's", async () => {
    const groups = (await h.api('/violations/rooms', { token: t.employee })).body as Array<{
      id: string;
      name: string;
      rooms: Array<{ id: string; number: string }>;
    }>;
    const other = groups.flatMap((g) => g.rooms.map((r) => ({ ...r, object: g })))?.find((r) => r.id !== inputs.roomId);
    expect(other).toBeTruthy();
    const moved = await createViolation(h, t.employee, { ...base(), room_id: other?.id });
    expect(moved).toMatchObject({ room: { id: other?.id, number: other?.number }, object: { id: other?.object.id } });
    const foreign = ((await h.api('/violations/rooms', { token: t.employee2 })).body as Array<{ rooms: Array<{ id: string }> }>)[0]?.rooms[0]?.id;
    const refused = await h.api('/violations', { token: t.employee, body: { ...base(), room_id: foreign } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.room_id).toBeTruthy();
    expect((await h.api('/violations/rooms', { token: t.renter })).status).toBe(403);
  });

  it('a fine is exact: "12345.67" round-trips, a malformed one is a 400 of the one error shape', async () => {
    const v = await createViolation(h, t.employee, { ...base(), fine: '9999999999.99' });
    expect((await h.api(`/violations/${v.id}`, { token: t.employee })).body.fine).toBe('9999999999.99');
    const [row] = await h.db.select({ fine: violations.fine }).from(violations).where(eq(violations.id, v.id));
    expect(row?.fine).toBe('9999999999.99');
    for (const fine of ['12,3.4', '1.234', '-5', 'abc', 12.5]) {
      const res = await h.api('/violations', { token: t.employee, body: { ...base(), fine } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation_failed', message: expect.any(String) } });
    }
    const none = await createViolation(h, t.employee, { ...base(), fine: null });
    expect((none as unknown as { fine: string | null }).fine).toBeNull();
  });

  it('the deadline marks an open violation overdue once, when two runs race; both sides are told once', async () => {
    const v = await createViolation(h, t.employee, {
      ...base(),
      occurred_at: '2025-12-20T09:30:00Z',
      deadline_at: '2026-01-01T00:00:00Z',
      description: 'Пожарный выход заставлен',
    });
    // A draft is not overdue: it has not been issued yet.
    expect(await markOverdueViolations(h.db, { id: v.id, scope: undefined })).toBe(0);
    await send(t.employee, v.id, 'violation.issue');
    const runs = await Promise.all([markOverdueViolations(h.db), markOverdueViolations(h.db), markOverdueViolations(h.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await markOverdueViolations(h.db)).toBe(0);
    const entries = await h.db
      .select()
      .from(violationEvents)
      .where(and(eq(violationEvents.violationId, v.id), eq(violationEvents.event, 'violation.overdue')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: null, fromStatus: 'issued', toStatus: 'issued' });
    expect(await told(v.id)).toEqual(['violation.issue → renter', 'violation.overdue → renter', 'violation.overdue → employee']);
    const seen = await h.api(`/violations/${v.id}`, { token: t.renter, lang: 'en' });
    expect(seen.body).toMatchObject({ status: 'issued', overdue: true });
    expect(seen.body.history.at(-1)).toMatchObject({ event: 'violation.overdue', actor_name: 'System' });
    expect((await h.api('/violations?overdue=true', { token: t.employee })).body.data.map((x: { id: string }) => x.id)).toContain(v.id);
    const counts = await h.api('/user-menu/counts', { token: t.employee });
    expect(counts.body.violations_overdue).toBeGreaterThanOrEqual(1);
    expect((await h.api('/user-menu/counts', { token: t.renter })).body.violations_overdue).toBeGreaterThanOrEqual(1);
  });

  it("another landlord's or renter's read of a late violation is a 404 that marks nothing", async () => {
    const v = await createViolation(h, t.employee, {
      ...base(),
      occurred_at: '2025-12-20T09:30:00Z',
      deadline_at: '2026-01-01T00:00:00Z',
      description: 'Витрина заставлена коробками',
    });
    await send(t.employee, v.id, 'violation.issue');
    for (const outsider of [t.landlord2, t.renter2, t.employee2]) expect((await h.api(`/violations/${v.id}`, { token: outsider })).status).toBe(404);
    const [row] = await h.db.select({ overdue: violations.overdue }).from(violations).where(eq(violations.id, v.id));
    expect(row?.overdue).toBe(false);
    expect(await told(v.id)).toEqual(['violation.issue → renter']);
    // Its own renter's read brings it up to date.
    expect((await h.api(`/violations/${v.id}`, { token: t.renter })).body.overdue).toBe(true);
  });

  it('files refused by type or size store nothing', async () => {
    const v = await createViolation(h, t.employee, base());
    const pdfAsPhoto = await uploadViolationFile(h, t.employee, v.id, 'photo', PDF, 'scan.pdf', 'image/png');
    expect(pdfAsPhoto.status).toBe(400);
    expect(pdfAsPhoto.body.error.code).toBe('photo_type');
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooBig = await uploadViolationFile(h, t.employee, v.id, 'photo', big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(['file_too_large', 'payload_too_large']).toContain(tooBig.body.error.code);
    // The renter may not add staff's photos, nor anything to a draft it cannot see.
    expect((await uploadViolationFile(h, t.renter, v.id, 'fix')).status).toBe(404);
    expect(await h.db.select().from(violationFiles).where(eq(violationFiles.violationId, v.id))).toEqual([]);
    const stored = await readdir(path.join(h.config.storageDir, 'violations', v.id)).catch(() => []);
    expect(stored).toEqual([]);
    expect((await h.api(`/violations/${v.id}`, { token: t.employee })).body.history.map((e: { event: string }) => e.event)).toEqual(['violation.created']);
  });

  it('lists with filters, search and sort; exports the filtered rows as xlsx', async () => {
    const types = (await h.api('/violation-types', { token: t.employee })).body as Array<{ id: string }>;
    const other = types[2]?.id as string;
    const a = await createViolation(h, t.employee, {
      ...base(),
      type_id: other,
      occurred_at: '2026-10-01T06:00:00Z',
      description: 'Реклама на витрине без согласования',
    });
    const b = await createViolation(h, t.employee, {
      ...base(),
      type_id: other,
      occurred_at: '2026-10-02T06:00:00Z',
      description: 'Реклама на колонне',
      fine: '2500.50',
    });
    const list = (q: string, token = t.employee) => h.api(`/violations?${q}`, { token });
    const byType = await list(`type_id=${other}&sort=occurred_at`);
    expect(byType.body.data.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    expect(byType.body.meta).toMatchObject({ total: 2 });
    expect((await list(`type_id=${other}&sort=-occurred_at`)).body.data.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect((await list('search=колонне')).body.data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect((await list(`search=${b.number}`)).body.data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect((await list('search=Dana')).body.meta.total).toBeGreaterThanOrEqual(2);
    expect((await list(`from=2026-10-02&to=2026-10-02&type_id=${other}`)).body.data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect((await list(`status=draft&renter_id=${inputs.renterId}&type_id=${other}`)).body.meta.total).toBe(2);
    expect((await list('status=closed&search=Реклама')).body.data).toEqual([]);
    expect((await list('status=nonsense')).status).toBe(400);
    expect((await list('limit=1&page=2&sort=-number')).body.data).toHaveLength(1);

    const res = await fetch(`${h.baseUrl}/api/download/excel/violations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.employee}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type_id: other }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.slice(0, 3)).toEqual(['№', 'Тип нарушения', 'Арендатор']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([b.number, a.number]);
    expect(rows[1]?.[8]).toBe(2500.5);
    expect(rows[1]?.[10]).toBe('Черновик');
    // A renter has no export.
    const renterExport = await h.api('/download/excel/violations', { token: t.renter, body: {} });
    expect(renterExport.status).toBe(403);
  });

  it('an employee at level none in violations is refused everywhere (403)', async () => {
    const [row] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee2'));
    const put = await h.api(`/settings/access/${row?.id}`, { method: 'PUT', token: t.landlord2, body: { levels: { violations: 'none' } } });
    expect(put.status).toBe(200);
    expect((await h.api('/violations', { token: t.employee2 })).status).toBe(403);
    expect((await h.api('/violations', { token: t.employee2, body: base() })).status).toBe(403);
    expect((await h.api('/violation-types', { token: t.employee2 })).status).toBe(403);
    expect((await h.api('/download/excel/violations', { token: t.employee2, body: {} })).status).toBe(403);
    expect((await h.api('/user-menu/counts', { token: t.employee2 })).body.violations_overdue).toBe(0);
  });
});
