import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deliveries, notifications, users } from '#server/db/schema';
import type { ChannelAdapter, Outcome, Outgoing } from '#server/modules/deliveries/channel';
import { deliverDue, dropUncarried } from '#server/modules/deliveries/worker';
import { notifyEach } from '#server/modules/notifications/notify';
import { describeEachDatabase } from '../support/api-harness';
import { noticeFixture } from '../support/notices';

type Row = typeof deliveries.$inferSelect;

/** A channel that records what it is given and answers what `outcome` says of each message. */
function recorder(channel: ChannelAdapter['channel'], outcome: (item: Outgoing) => Outcome, over: Partial<ChannelAdapter> = {}) {
  const sent: Outgoing[] = [];
  const adapter: ChannelAdapter = {
    channel,
    batch: 50,
    maxAttempts: 3,
    maxAgeMs: 60 * 60_000,
    async send(items) {
      sent.push(...items);
      // A real channel takes its time: a second run started meanwhile must take other rows.
      await new Promise((r) => setTimeout(r, 5));
      return items.map(outcome);
    },
    ...over,
  };
  return { sent, adapter };
}

describeEachDatabase('deliveries: the outbox worker', (h) => {
  const { ids, userId, addRenters } = noticeFixture(h);

  // The worker, run here by hand on a channel no module of this server carries (no bot: Telegram).
  const telegramRows = (rows: Row[]) => rows.filter((r) => r.channel === 'telegram');
  const inbox = async (n: number) => {
    const renter = await userId('renter');
    const subject = randomUUID();
    await notifyEach(
      h.db,
      Array.from({ length: n }, (_, i) => ({
        recipients: [renter],
        notice: {
          kind: 'task.assigned',
          landlordId: ids.landlordId,
          subject: { type: 'task', id: subject },
          params: { title: `T${i}` },
          actor: { userId: null, name: '' },
        },
      })),
      { deliver: false },
    );
    const rows = await h.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.subjectType, 'task'), eq(notifications.subjectId, subject)));
    return rows.map((r) => r.id).sort((a, b) => a - b);
  };
  const enqueue = (notificationIds: number[], over: Partial<typeof deliveries.$inferInsert> = {}) =>
    h.db
      .insert(deliveries)
      .values(notificationIds.map((notificationId) => ({ channel: 'telegram' as const, userId: ids.renter, notificationId, kind: 'task.assigned', ...over })))
      .returning();
  const outbox = async () => telegramRows(await h.db.select().from(deliveries));

  it('deliverDue: a sent row is deleted; a failed one comes back later with attempts + 1 and the channel’s payload; “gone” is dropped', async () => {
    await h.db.delete(deliveries);
    const [sentId, failedId, goneId] = await inbox(3);
    await enqueue([sentId as number]);
    await enqueue([failedId as number], { payload: { try: 0 } });
    await enqueue([goneId as number]);
    const { sent, adapter } = recorder('telegram', (item) =>
      item.source?.id === failedId ? { status: 'failed', payload: { try: 1 } } : item.source?.id === goneId ? { status: 'gone' } : { status: 'sent' },
    );
    const started = Date.now();
    expect(await deliverDue(h.db, adapter)).toEqual({ claimed: 3, sent: 1, dropped: 1, retried: 1 });
    expect(sent.map((s) => s.source?.id).sort()).toEqual([sentId, failedId, goneId].sort());
    // What the adapter is given: the inbox row, its person's language, name, address and chat.
    const item = sent.find((s) => s.source?.id === sentId);
    expect(item).toMatchObject({ userId: ids.renter, kind: 'task.assigned', attempts: 0, source: { kind: 'task.assigned', params: { title: 'T0' } } });
    expect(item?.recipient).toMatchObject({ language: expect.any(String), fullName: expect.any(String), email: expect.stringMatching(/@/) });
    const left = await outbox();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ notificationId: failedId, attempts: 1, payload: { try: 1 } });
    expect(left[0]!.notBefore.getTime()).toBeGreaterThan(started + 10_000);
    // Not due yet: a second run sends nothing.
    expect(await deliverDue(h.db, adapter)).toEqual({ claimed: 0, sent: 0, dropped: 0, retried: 0 });
    expect(sent).toHaveLength(3);
  });

  it('deliverDue: a row is dropped after the channel’s last attempt, and a row older than its age limit is dropped unsent', async () => {
    await h.db.delete(deliveries);
    const [lastTry, secondTry, stale] = await inbox(3);
    await enqueue([lastTry as number], { attempts: 2 });
    await enqueue([secondTry as number], { attempts: 1 });
    await enqueue([stale as number], { createdAt: new Date(Date.now() - 2 * 60 * 60_000) });
    const { sent, adapter } = recorder('telegram', () => ({ status: 'failed' }));
    expect(await deliverDue(h.db, adapter)).toEqual({ claimed: 3, sent: 0, dropped: 2, retried: 1 });
    expect(sent.map((s) => s.source?.id).sort()).toEqual([lastTry, secondTry].sort());
    const left = await outbox();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ notificationId: secondTry, attempts: 2, payload: {} });
    // Due again: its third failure is its last.
    await h.db.update(deliveries).set({ notBefore: new Date(Date.now() - 1000) });
    expect(await deliverDue(h.db, adapter)).toEqual({ claimed: 1, sent: 0, dropped: 1, retried: 0 });
    expect(await outbox()).toEqual([]);
  });

  it('deliverDue: an adapter that throws fails the batch (tried again), and a row whose person left is dropped', async () => {
    await h.db.delete(deliveries);
    const [a] = await inbox(1);
    await enqueue([a as number]);
    const throwing: ChannelAdapter = { ...recorder('telegram', () => ({ status: 'sent' })).adapter, send: () => Promise.reject(new Error('down')) };
    expect(await deliverDue(h.db, throwing)).toEqual({ claimed: 1, sent: 0, dropped: 0, retried: 1 });
    expect(await outbox()).toMatchObject([{ notificationId: a, attempts: 1 }]);
    await h.db.delete(deliveries);
    const [gone] = await addRenters(1, (await h.db.select({ id: users.roomId }).from(users).where(eq(users.id, ids.renter)))[0]?.id ?? '');
    await h.db.insert(deliveries).values({ channel: 'telegram', userId: gone as string, notificationId: a as number, kind: 'task.assigned' });
    await h.db
      .update(users)
      .set({ active: false })
      .where(eq(users.id, gone as string));
    const { sent, adapter } = recorder('telegram', () => ({ status: 'sent' }));
    expect(await deliverDue(h.db, adapter)).toEqual({ claimed: 1, sent: 0, dropped: 1, retried: 0 });
    expect(sent).toEqual([]);
  });

  it('deliverDue: two runs at once never send one row twice', async () => {
    await h.db.delete(deliveries);
    const notificationIds = await inbox(120);
    await enqueue(notificationIds);
    const [a, b] = [recorder('telegram', () => ({ status: 'sent' }), { batch: 15 }), recorder('telegram', () => ({ status: 'sent' }), { batch: 15 })];
    const drain = async (adapter: ChannelAdapter) => {
      while ((await deliverDue(h.db, adapter)).claimed > 0);
    };
    await Promise.all([drain(a!.adapter), drain(b!.adapter)]);
    const all = [...a!.sent, ...b!.sent].map((s) => s.id);
    expect(all).toHaveLength(120);
    expect(new Set(all).size).toBe(120);
    expect(await outbox()).toEqual([]);
  });

  it('dropUncarried removes the rows of every channel no adapter here carries, and keeps the others', async () => {
    await h.db.delete(deliveries);
    const [one, two, three] = await inbox(3);
    await enqueue([one as number], { channel: 'push' });
    await enqueue([two as number], { channel: 'email' });
    await enqueue([three as number], { channel: 'telegram' });
    await dropUncarried(h.db, ['push', 'email']);
    expect((await h.db.select().from(deliveries)).map((d) => d.channel).sort()).toEqual(['email', 'push']);
    await dropUncarried(h.db, ['push', 'email', 'telegram']);
    expect(await h.db.select().from(deliveries)).toHaveLength(2);
    await dropUncarried(h.db, []);
    expect(await h.db.select().from(deliveries)).toEqual([]);
  });
});
