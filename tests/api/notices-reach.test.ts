import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rooms, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { type Field, noticeFixture, send } from '../support/notices';

// The notice form's "reaches N tenants": the count the delivery's own query gives, before sending.
describeEachDatabase('notices: reach', (h) => {
  const { t, ids, told, addRenters } = noticeFixture(h);
  const reach = (token: string, query: string) => h.api(`/notices/reach?${query}`, { token });

  it('counts exactly the inbox rows a notice to that audience writes when sent', async () => {
    const roomsOf = await h.db.select({ id: rooms.id, floor: rooms.floor }).from(rooms).where(eq(rooms.objectId, ids.object));
    const floor2 = roomsOf.find((r) => r.floor === 2)?.id ?? '';
    const [room3] = await h.db
      .insert(rooms)
      .values({ landlordId: ids.landlordId, objectId: ids.object, number: 'R-3', floor: 3, area: '15' })
      .returning({ id: rooms.id });
    const onFloor2 = await addRenters(3, floor2);
    const onFloor3 = await addRenters(2, room3?.id ?? '');
    await addRenters(1, floor2, false); // a deleted renter is neither counted nor told
    // One whose login is switched off is neither counted nor told.
    await h.db
      .update(users)
      .set({ active: false })
      .where(eq(users.id, onFloor2[0] ?? ''));

    const audiences: Array<[string, Field[]]> = [
      ['target=all', [['target', 'all']]],
      [
        `target=object&object_id=${ids.object}`,
        [
          ['target', 'object'],
          ['object_id', ids.object],
        ],
      ],
      [
        `target=floor&object_id=${ids.object}&floor=2`,
        [
          ['target', 'floor'],
          ['object_id', ids.object],
          ['floor', '2'],
        ],
      ],
      [
        `target=floor&object_id=${ids.object}&floor=3`,
        [
          ['target', 'floor'],
          ['object_id', ids.object],
          ['floor', '3'],
        ],
      ],
      [
        `target=renters&renter_ids=${onFloor3[0]}&renter_ids=${ids.renter}`,
        [
          ['target', 'renters'],
          ['recipients', onFloor3[0] ?? ''],
          ['recipients', ids.renter],
        ],
      ],
    ];
    const counts: number[] = [];
    for (const [query, fields] of audiences) {
      const counted = await reach(t.landlord, query);
      expect(counted.status, query).toBe(200);
      const sent = await send(h, t.landlord, '/notices', [['title', 'Уборка'], ['message', 'Завтра с 8:00'], ...fields]);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect((await told(sent.body.id)).length, query).toBe(counted.body.renters);
      counts.push(counted.body.renters);
    }
    // Floor 2: two of the three added (one login is off); floor 3: its two; the two chosen.
    expect(counts.slice(2)).toEqual([2, 2, 2]);
    // Nobody chosen yet reaches nobody.
    expect((await reach(t.landlord, 'target=renters')).body).toEqual({ renters: 0 });
  });

  it("another landlord's object is 404; a floor without its object, or no floor, is 400; only senders may ask", async () => {
    expect((await reach(t.landlord2, `target=object&object_id=${ids.object}`)).status).toBe(404);
    expect((await reach(t.landlord2, `target=floor&object_id=${ids.object}&floor=1`)).status).toBe(404);
    const noObject = await reach(t.landlord, 'target=floor&floor=1');
    expect(noObject.status).toBe(400);
    expect(noObject.body.error.fields).toHaveProperty('object_id');
    const noFloor = await reach(t.landlord, `target=floor&object_id=${ids.object}`);
    expect(noFloor.status).toBe(400);
    expect(noFloor.body.error.fields).toHaveProperty('floor');
    expect((await reach(t.landlord, 'target=floor&object_id=x&floor=1')).status).toBe(400);
    expect((await reach(t.renter, 'target=all')).status).toBe(403);
    expect((await reach(t.superadmin, 'target=all')).status).toBe(403);
    expect((await reach('', 'target=all')).status).toBe(401);
  });
});
