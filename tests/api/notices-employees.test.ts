import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { employees, notices, notifications, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { noticeFixture, send } from '../support/notices';
import { PDF } from '../support/requests';

// /employee-notifications: the multipart send, who may, the list and its export, the pickers.
describeEachDatabase('notices to employees', (h) => {
  const { t, ids, staff, userId, inboxOf, unread, told, storedFiles } = noticeFixture(h);

  it('sends a message with files to chosen employees: their inboxes, the list, the detail with read state', async () => {
    const to = staff.filter((s) => s.username !== 'employee').slice(0, 2);
    const before = await unread(t.employee);
    const res = await send(h, t.landlord, '/employee-notifications', [
      ['message', '  Завтра в 9:00 планёрка в переговорной  '],
      ['recipients[0]', ids.employee],
      ['recipients[1]', to[0]?.id ?? ''],
      ['recipients[2]', to[1]?.id ?? ''],
      ['recipients[3]', ids.employee],
      ['files[0]', { data: PDF, name: 'agenda.pdf' }],
      ['files[1]', { data: PDF, name: 'plan.pdf' }],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    expect(await told(id)).toEqual([ids.employee, to[0]?.id, to[1]?.id].sort());
    expect(await unread(t.employee)).toBe(before + 1);
    const [line] = await inboxOf(t.employee);
    expect(line).toMatchObject({ kind: 'notice.employees', params: { title: 'Завтра в 9:00 планёрка в переговорной' }, subject: { type: 'notice', id } });
    expect(await storedFiles(id)).toBe(2);

    const detail = await h.api(`/employee-notifications/${id}`, { token: t.landlord });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id, message: 'Завтра в 9:00 планёрка в переговорной', author_name: 'Айгерим Сейткали', cancelled_at: null });
    expect(detail.body.files.map((f: { name: string }) => f.name)).toEqual(['agenda.pdf', 'plan.pdf']);
    expect(detail.body.recipients.every((r: { read_at: string | null }) => r.read_at === null)).toBe(true);

    // The employee opens it from its inbox: read, the bell goes down, the file downloads through its signed link.
    const opened = await h.api(`/notices/${id}`, { token: t.employee });
    expect(opened.status).toBe(200);
    expect(opened.body.message).toBe('Завтра в 9:00 планёрка в переговорной');
    expect(await unread(t.employee)).toBe(before);
    const file = await fetch(`${h.baseUrl}${opened.body.files[0].url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    const after = await h.api(`/employee-notifications/${id}`, { token: t.landlord });
    const mine = after.body.recipients.find((r: { id: string }) => r.id === ids.employee);
    expect(mine.read_at).not.toBeNull();
  });

  it('refuses a bad file, a missing message, no or foreign recipients: nothing stored, nobody told', async () => {
    const storedBefore = await readdir(path.join(h.config.storageDir, 'notices')).catch(() => [] as string[]);
    const [{ n: before } = { n: 0 }] = await h.db.select({ n: count() }).from(notices);
    const [{ n: toldBefore } = { n: 0 }] = await h.db.select({ n: count() }).from(notifications);
    const badFile = await send(h, t.landlord, '/employee-notifications', [
      ['message', 'Текст'],
      ['recipients[0]', ids.employee],
      ['files[0]', { data: PDF, name: 'ok.pdf' }],
      ['files[1]', { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'x.svg', type: 'image/svg+xml' }],
    ]);
    expect(badFile.status).toBe(400);
    expect(badFile.body.error.fields).toHaveProperty('files');
    const noMessage = await send(h, t.landlord, '/employee-notifications', [
      ['message', '   '],
      ['recipients[0]', ids.employee],
    ]);
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.error.fields).toHaveProperty('message');
    const nobody = await send(h, t.landlord, '/employee-notifications', [['message', 'Текст']]);
    expect(nobody.status).toBe(400);
    expect(nobody.body.error.fields).toHaveProperty('recipients');
    // Another landlord's employee, or a renter, is no recipient of an employee notice.
    for (const stranger of [await userId('employee2'), ids.renter]) {
      const res = await send(h, t.landlord, '/employee-notifications', [
        ['message', 'Текст'],
        ['recipients[0]', stranger],
      ]);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('recipients');
    }
    const long = await send(h, t.landlord, '/employee-notifications', [
      ['message', 'x'.repeat(5001)],
      ['recipients[0]', ids.employee],
    ]);
    expect(long.status).toBe(400);
    const [{ n: after } = { n: 0 }] = await h.db.select({ n: count() }).from(notices);
    const [{ n: toldAfter } = { n: 0 }] = await h.db.select({ n: count() }).from(notifications);
    expect(after).toBe(before);
    expect(toldAfter).toBe(toldBefore);
    expect(await readdir(path.join(h.config.storageDir, 'notices')).catch(() => [] as string[])).toEqual(storedBefore);
  });

  it('lets the landlord and employees with notification access send; others are refused', async () => {
    // The demo employee reads (its notifications level) but may not send until granted.
    expect((await h.api('/employee-notifications', { token: t.employee })).status).toBe(200);
    const refused = await send(h, t.employee, '/employee-notifications', [
      ['message', 'Текст'],
      ['recipients[0]', ids.landlord],
    ]);
    expect(refused.status).toBe(403);
    for (const token of [t.renter, t.superadmin]) {
      expect(
        (
          await send(h, token, '/notices', [
            ['title', 'x'],
            ['message', 'x'],
            ['target', 'all'],
          ])
        ).status,
      ).toBe(403);
      expect((await h.api('/employee-notifications', { token })).status).toBe(403);
      expect((await h.api('/notices', { token })).status).toBe(403);
      expect((await h.api('/user/all', { token })).status).toBe(403);
    }
    const [me] = await h.db.select({ id: employees.id }).from(employees).where(eq(employees.userId, ids.employee));
    const granted = await h.api('/employee-notifications/permissions', { token: t.landlord, body: { permissions: [{ employee_id: me?.id, allowed: true }] } });
    expect(granted.status).toBe(204);
    const colleague = staff.find((s) => s.username !== 'employee');
    const ok = await send(h, t.employee, '/employee-notifications', [
      ['message', 'От сотрудника'],
      ['recipients[0]', colleague?.id ?? ''],
      ['recipients[1]', ids.employee],
    ]);
    expect(ok.status).toBe(201);
    // The author is never told of its own notice.
    expect(await told(ok.body.id)).toEqual([colleague?.id]);
    await h.api('/employee-notifications/permissions', { token: t.landlord, body: { permissions: [{ employee_id: me?.id, allowed: false }] } });
  });

  it('pages by 15 from page 1 by default, honours per_page and search, and exports the searched list as .xlsx', async () => {
    const tag = randomUUID().slice(0, 6);
    for (let i = 0; i < 17; i += 1) {
      const res = await send(h, t.landlord, '/employee-notifications', [
        ['message', `Партия ${tag} №${i}`],
        ['recipients[0]', ids.employee],
      ]);
      expect(res.status).toBe(201);
    }
    const first = await h.api('/employee-notifications', { token: t.landlord });
    expect(first.body.meta).toMatchObject({ page: 1, limit: 15 });
    expect(first.body.data).toHaveLength(15);
    expect(first.body.data[0].message).toBe(`Партия ${tag} №16`);
    const searched = await h.api(`/employee-notifications?search=${encodeURIComponent(tag)}&per_page=5&page=4`, { token: t.landlord });
    expect(searched.body.meta).toEqual({ page: 4, limit: 5, total: 17 });
    expect(searched.body.data.map((n: { message: string }) => n.message)).toEqual([`Партия ${tag} №1`, `Партия ${tag} №0`]);
    expect((await h.api('/employee-notifications?per_page=0', { token: t.landlord })).status).toBe(400);
    expect((await h.api('/employee-notifications?per_page=101', { token: t.landlord })).status).toBe(400);
    expect((await h.api('/employee-notifications', { token: t.landlord2 })).body.data.some((n: { message: string }) => n.message.includes(tag))).toBe(false);

    const res = await fetch(`${h.baseUrl}/api/employee-notifications/export?search=${encodeURIComponent(tag)}`, {
      headers: { authorization: `Bearer ${t.landlord}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]?.eachRow((row) => rows.push([1, 2, 3, 4, 5].map((c) => row.getCell(c).value)));
    expect(rows[0]).toEqual(['Дата', 'Автор', 'Текст', 'Получатели', 'Файлы']);
    expect(rows).toHaveLength(18);
    expect(rows[1]).toEqual([expect.any(Date), 'Айгерим Сейткали', `Партия ${tag} №16`, 'Нурлан Абенов', 0]);
  });

  it('finds a message by its recipient’s name: "what did I send to Нурлан"', async () => {
    const tag = randomUUID().slice(0, 6);
    const res = await send(h, t.landlord, '/employee-notifications', [
      ['message', `Смена ${tag}`],
      ['recipients[0]', ids.employee],
    ]);
    expect(res.status).toBe(201);
    const [me] = await h.db.select({ name: users.fullName }).from(users).where(eq(users.id, ids.employee));
    const firstName = me?.name.split(' ')[0] ?? '';
    const found = await h.api(`/employee-notifications?search=${encodeURIComponent(firstName.toLowerCase())}&per_page=100`, { token: t.landlord });
    expect(found.status).toBe(200);
    expect(found.body.data.map((n: { id: string }) => n.id)).toContain(res.body.id);
    const nobody = await h.api(`/employee-notifications?search=${encodeURIComponent(`${tag}-nobody`)}`, { token: t.landlord });
    expect(nobody.body.meta.total).toBe(0);
  });

  it('lists the landlord’s employees and renters for the pickers', async () => {
    const res = await h.api('/user/all?role=employee', { token: t.landlord });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { id: string }) => u.id)).toContain(ids.employee);
    expect(res.body.every((u: { role: string }) => u.role === 'employee')).toBe(true);
    const found = await h.api(`/user/all?role=renter&search=${encodeURIComponent('dana')}`, { token: t.employee });
    expect(found.body).toEqual([expect.objectContaining({ id: ids.renter, role: 'renter', full_name: 'Dana Fashion (ИП «Dana Fashion»)' })]);
    expect((await h.api('/user/all', { token: t.landlord2 })).body.some((u: { id: string }) => u.id === ids.employee)).toBe(false);
  });
});
