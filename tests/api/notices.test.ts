import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { employees, notices, notifications, objects, renters, rooms, users } from '#server/db/schema';
import { deliverDueNotices } from '#server/modules/notices/delivery';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { PDF } from '../support/requests';

type Field = [string, string | { data: Buffer; name: string; type?: string }];

/** Multipart POST with repeated and indexed fields (recipients[0], files[1], ...), as the SPA sends them. */
async function send(h: Harness, token: string, apiPath: string, fields: Field[]) {
  const form = new FormData();
  for (const [key, value] of fields) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/pdf' }), value.name);
  }
  const res = await fetch(`${h.baseUrl}/api${apiPath}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

describeEachDatabase('notices', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', renter2: '', superadmin: '' };
  const ids = { landlord: '', employee: '', renter: '', renter2: '', landlordId: '', object: '', object2: '' };
  let staff: Array<{ id: string; username: string }> = [];

  const userId = async (username: string) => {
    const [u] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!u) throw new Error(`no user ${username}`);
    return u.id;
  };
  const inboxOf = async (token: string) =>
    (await h.api('/notifications/inbox', { token })).body.data as Array<{ kind: string; params: { title: string }; subject: { type: string; id: string } }>;
  const unread = async (token: string) => (await h.api('/user/count-unread', { token })).body.count as number;
  const told = async (noticeId: string) =>
    (
      await h.db
        .select({ to: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.subjectType, 'notice'), eq(notifications.subjectId, noticeId)))
    )
      .map((r) => r.to)
      .sort();
  const storedFiles = async (noticeId: string) => (await readdir(path.join(h.config.storageDir, 'notices', noticeId)).catch(() => [] as string[])).length;

  /** `n` renters with logins (the demo's password) in one room, written in bulk; their user ids. */
  async function addRenters(n: number, roomId: string, active = true): Promise<string[]> {
    const [pw] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'renter'));
    const tag = randomUUID().slice(0, 8);
    const made = await h.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          landlordId: ids.landlordId,
          username: `r${tag}${i}`,
          fullName: `Renter ${i}`,
          role: 'renter' as const,
          passwordHash: pw?.hash,
          roomId,
        })),
      )
      .returning({ id: users.id });
    await h.db.insert(renters).values(
      made.map((u, i) => ({
        landlordId: ids.landlordId,
        userId: u.id,
        roomId,
        legalName: `ТОО «Shop ${tag} ${i}»`,
        binIin: '000000000000',
        tradePointName: `Shop ${tag} ${i}`,
        tradeCategory: 'Одежда',
        leaseContractDate: '2026-01-01',
        tradeArea: '10',
        contactFullName: 'Контакт',
        contactPosition: 'Директор',
        phone: '+77010000000',
        email: `r${tag}${i}@example.kz`,
        legalAddress: 'Алматы',
        status: active ? ('active' as const) : ('deleted' as const),
      })),
    );
    return made.map((u) => u.id);
  }

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    for (const name of ['landlord', 'employee', 'renter', 'renter2'] as const) ids[name] = await userId(name);
    const [centre] = await h.db
      .select({ id: objects.id, landlordId: objects.landlordId })
      .from(objects)
      .innerJoin(users, eq(users.objectId, objects.id))
      .where(eq(users.username, 'landlord'));
    ids.object = centre?.id ?? '';
    ids.landlordId = centre?.landlordId ?? '';
    const [other] = await h.db
      .insert(objects)
      .values({ landlordId: ids.landlordId, name: 'Второй центр', city: 'Алматы', address: 'ул. Абая, 1' })
      .returning({ id: objects.id });
    ids.object2 = other?.id ?? '';
    staff = await h.db
      .select({ id: users.id, username: users.username })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(eq(employees.landlordId, ids.landlordId), eq(employees.status, 'active')))
      .orderBy(users.username);
  });

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
    expect(rows[1]).toEqual([expect.any(String), 'Айгерим Сейткали', `Партия ${tag} №16`, 'Нурлан Абенов', 0]);
  });

  it('reaches exactly the renters of the organisation, of an object, of a floor, or the chosen ones', async () => {
    const roomsOf = await h.db.select({ id: rooms.id, floor: rooms.floor }).from(rooms).where(eq(rooms.objectId, ids.object));
    const floor2 = roomsOf.find((r) => r.floor === 2)?.id ?? '';
    const [room2] = await h.db
      .insert(rooms)
      .values({ landlordId: ids.landlordId, objectId: ids.object2, number: '1', floor: 1, area: '20' })
      .returning({ id: rooms.id });
    const onFloor2 = await addRenters(2, floor2);
    const elsewhere = await addRenters(2, room2?.id ?? '');
    await addRenters(1, floor2, false); // a deleted renter is never told
    const firstCentre = [ids.renter, ...onFloor2];

    const post = async (fields: Field[]) => {
      const res = await send(h, t.landlord, '/notices', [['title', 'Отключение воды'], ['message', 'С 10:00 до 12:00'], ...fields]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    expect(await told(await post([['target', 'all']]))).toEqual([...firstCentre, ...elsewhere].sort());
    expect(
      await told(
        await post([
          ['target', 'object'],
          ['object_id', ids.object],
        ]),
      ),
    ).toEqual([...firstCentre].sort());
    expect(
      await told(
        await post([
          ['target', 'floor'],
          ['object_id', ids.object],
          ['floor', '2'],
        ]),
      ),
    ).toEqual([...onFloor2].sort());
    expect(
      await told(
        await post([
          ['target', 'renters'],
          ['recipients', elsewhere[0] ?? ''],
          ['recipients', ids.renter],
        ]),
      ),
    ).toEqual([elsewhere[0], ids.renter].sort());

    const bad = async (fields: Field[], field: string) => {
      const res = await send(h, t.landlord, '/notices', [['title', 'x'], ['message', 'x'], ...fields]);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty(field);
    };
    await bad([['target', 'object']], 'object_id');
    await bad(
      [
        ['target', 'floor'],
        ['object_id', ids.object],
        ['floor', '9'],
      ],
      'floor',
    );
    await bad(
      [
        ['target', 'renters'],
        ['recipients[0]', ids.renter2],
      ],
      'recipients',
    );
    await bad(
      [
        ['target', 'renters'],
        ['recipients[0]', ids.employee],
      ],
      'recipients',
    );
    const otherObject = (await h.api('/objects', { token: t.landlord2 })).body.data[0].id;
    await bad(
      [
        ['target', 'object'],
        ['object_id', otherObject],
      ],
      'object_id',
    );
    await bad(
      [
        ['target', 'all'],
        ['send_at', new Date(Date.now() - 60_000).toISOString()],
      ],
      'send_at',
    );
    const noTitle = await send(h, t.landlord, '/notices', [
      ['title', ''],
      ['message', 'x'],
      ['target', 'all'],
    ]);
    expect(noTitle.status).toBe(400);
  });

  it("shows a renter its notice (title, text, files) and nobody else's; another landlord's is 404", async () => {
    const res = await send(h, t.landlord, '/notices', [
      ['title', 'Санитарный день'],
      ['message', 'В понедельник центр закрыт'],
      ['target', 'renters'],
      ['recipients[0]', ids.renter],
      ['files[0]', { data: PDF, name: 'order.pdf' }],
    ]);
    const id = res.body.id as string;
    const before = await unread(t.renter);
    const [line] = await inboxOf(t.renter);
    expect(line).toMatchObject({ kind: 'notice.renters', params: { title: 'Санитарный день' }, subject: { type: 'notice', id } });
    const seen = await h.api(`/notices/${id}`, { token: t.renter });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ title: 'Санитарный день', message: 'В понедельник центр закрыт', recipients: [] });
    expect(seen.body.files[0]).toMatchObject({ name: 'order.pdf', content_type: 'application/pdf' });
    expect(await unread(t.renter)).toBe(before - 1);

    // A renter the notice was not for, of this landlord or another, and another landlord: 404.
    const [room] = await h.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.objectId, ids.object)).limit(1);
    const [neighbour] = await addRenters(1, room?.id ?? '');
    const [login] = await h.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, neighbour ?? ''));
    const neighbourToken = await h.login(login?.username ?? '');
    for (const token of [neighbourToken, t.renter2, t.landlord2]) expect((await h.api(`/notices/${id}`, { token })).status).toBe(404);
    expect((await h.api(`/employee-notifications/${id}`, { token: t.landlord })).status).toBe(404);

    const list = await h.api('/notices', { token: t.landlord });
    expect(list.body.data[0]).toMatchObject({ id, title: 'Санитарный день', target: 'renters', delivered: 1, read: 1, can_cancel: false });
    expect((await h.api('/notices', { token: t.landlord2 })).body.data.some((n: { id: string }) => n.id === id)).toBe(false);
  });

  it('delivers a scheduled notice once when due (two processes), not before; a cancelled one never', async () => {
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const res = await send(h, t.landlord, '/notices', [
      ['title', 'Плановое'],
      ['message', 'Скоро'],
      ['target', 'object'],
      ['object_id', ids.object],
      ['send_at', at],
    ]);
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    const cancelled = (
      await send(h, t.landlord, '/notices', [
        ['title', 'Отменённое'],
        ['message', 'Нет'],
        ['target', 'all'],
        ['send_at', at],
      ])
    ).body.id as string;
    await deliverDueNotices(h.db);
    expect(await told(id)).toEqual([]);
    const waiting = await h.api(`/notices/${id}`, { token: t.landlord });
    expect(waiting.body).toMatchObject({ sent_at: null, send_at: at, can_cancel: true });
    expect((await h.api(`/notices/${cancelled}/cancel`, { token: t.renter, method: 'POST' })).status).toBe(403);
    expect((await h.api(`/notices/${cancelled}/cancel`, { token: t.landlord2, method: 'POST' })).status).toBe(404);
    expect((await h.api(`/notices/${cancelled}/cancel`, { token: t.landlord, method: 'POST' })).status).toBe(204);
    expect((await h.api(`/notices/${cancelled}/cancel`, { token: t.landlord, method: 'POST' })).status).toBe(409);

    // The time comes: two processes run the job at once; each notice is delivered exactly once.
    await h.db.update(notices).set({ sendAt: sql`now() - interval '1 second'` }).where(sql`${notices.id} in (${id}, ${cancelled})`);
    const runs = await Promise.all([deliverDueNotices(h.db), deliverDueNotices(h.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const recipients = await told(id);
    expect(recipients).toContain(ids.renter);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(await deliverDueNotices(h.db)).toBe(0);
    expect(await told(cancelled)).toEqual([]);
    expect((await h.api(`/notices/${id}/cancel`, { token: t.landlord, method: 'POST' })).status).toBe(409);
  });

  it('tells a few hundred renters in one statement, quickly', async () => {
    const [room] = await h.db
      .insert(rooms)
      .values({ landlordId: ids.landlordId, objectId: ids.object2, number: '99', floor: 7, area: '20' })
      .returning({ id: rooms.id });
    const crowd = await addRenters(400, room?.id ?? '');
    const started = Date.now();
    const res = await send(h, t.landlord, '/notices', [
      ['title', 'Всем'],
      ['message', 'Этаж 7'],
      ['target', 'floor'],
      ['object_id', ids.object2],
      ['floor', '7'],
    ]);
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await told(res.body.id)).toEqual([...crowd].sort());
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
