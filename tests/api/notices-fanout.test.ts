import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { liveUsers, notices, notifications, rooms } from '#server/db/schema';
import { deliverDueNotices } from '#server/modules/notices/delivery';
import { describeEachDatabase } from '../support/api-harness';
import { noticeFixture, send } from '../support/notices';
import { openSse } from '../support/sse';

const until = async (done: () => Promise<boolean>, ms = 10_000) => {
  for (const start = Date.now(); !(await done()); ) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * A notice to more people than NOTICE_INLINE_RECIPIENTS (3 here): its POST tells those who have the
 * app open, and the job everyone else right after the answer, each person once.
 */
describeEachDatabase(
  'a notice to many',
  (h) => {
    const { t, ids, told, addRenters } = noticeFixture(h);

    it('tells the renter whose tab is open in its POST, then every other renter once; the notice reads as sent at once', async () => {
      const [room] = await h.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.objectId, ids.object)).limit(1);
      const others = await addRenters(6, room?.id ?? '');
      const ticket = (await h.api('/notifications/stream-ticket', { token: t.renter, method: 'POST' })).body.ticket as string;
      const stream = await openSse(`${h.baseUrl}/api/notifications/stream?ticket=${ticket}`);
      await stream.next((e) => e.event === 'counts', 5_000);
      const [present] = await h.db.select().from(liveUsers).where(eq(liveUsers.userId, ids.renter));
      expect(present).toBeDefined();

      const res = await send(h, t.landlord, '/notices', [
        ['title', 'Отключение воды'],
        ['message', 'С 10:00 до 12:00'],
        ['target', 'all'],
      ]);
      expect(res.status).toBe(201);
      const id = res.body.id as string;
      const shown = await stream.next((e) => e.event === 'notification', 5_000);
      expect(shown.data).toMatchObject({ kind: 'notice.renters', params: { title: 'Отключение воды' }, subject: { type: 'notice', id } });
      expect((await h.api(`/notices/${id}`, { token: t.landlord })).body).toMatchObject({ can_cancel: false });
      expect((await h.api(`/notices/${id}`, { token: t.landlord })).body.sent_at).not.toBeNull();

      await until(async () => (await h.db.select().from(notices).where(eq(notices.id, id)))[0]?.deliveredAt != null);
      const recipients = await told(id);
      expect(recipients).toEqual(expect.arrayContaining([ids.renter, ...others]));
      expect(new Set(recipients).size).toBe(recipients.length);
      expect(await deliverDueNotices(h.db)).toBe(0);
      stream.close();
    });

    it('with two processes running the job, each step of a scheduled notice runs once: nobody is told twice', async () => {
      const at = new Date(Date.now() + 3_600_000).toISOString();
      const res = await send(h, t.landlord, '/notices', [
        ['title', 'Санитарный день'],
        ['message', 'Центр закрыт'],
        ['target', 'all'],
        ['send_at', at],
      ]);
      const id = res.body.id as string;
      // The renter's tab is open: the first step is hers.
      await h.db
        .insert(liveUsers)
        .values({ userId: ids.renter, seenAt: new Date() })
        .onConflictDoUpdate({ target: liveUsers.userId, set: { seenAt: new Date() } });
      await h.db.update(notices).set({ sendAt: sql`now() - interval '1 second'` }).where(eq(notices.id, id));
      const runs = await Promise.all([deliverDueNotices(h.db), deliverDueNotices(h.db), deliverDueNotices(h.db)]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      const rows = await h.db
        .select({ to: notifications.userId, id: notifications.id })
        .from(notifications)
        .where(sql`${notifications.subjectType} = 'notice' and ${notifications.subjectId} = ${id}`)
        .orderBy(notifications.id);
      expect(rows[0]?.to).toBe(ids.renter);
      expect(new Set(rows.map((r) => r.to)).size).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(3);
      expect(await deliverDueNotices(h.db)).toBe(0);
    });
  },
  { config: { noticeInlineRecipients: 3 } },
);
