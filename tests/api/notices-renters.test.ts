import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { notices, rooms, users } from '#server/db/schema';
import { deliverDueNotices } from '#server/modules/notices/delivery';
import { describeEachDatabase } from '../support/api-harness';
import { type Field, noticeFixture, send } from '../support/notices';
import { PDF } from '../support/requests';

// Notices to renters: audiences, what a renter may read, scheduled delivery, a large audience.
describeEachDatabase('notices to renters', (h) => {
  const { t, ids, inboxOf, unread, told, addRenters } = noticeFixture(h);

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
});
