import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { notificationKinds } from '#/shared/notification-sentence';
import { deliveries, notifications, users } from '#server/db/schema';
import { deliverDue } from '#server/modules/deliveries/worker';
import { notifyAudience, notifyEach } from '#server/modules/notifications/notify';
import { pushChannel } from '#server/modules/push/channel';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { device, pause, pushConfig, pushRecorder, saveToken, tokensOf, until } from '../support/push';
import { createAsRenter, firstRenterType } from '../support/requests';

const { sent, transport, to } = pushRecorder();
const queuedFor = async (h: Harness, ids: number[]) =>
  ids.length
    ? h.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.channel, 'push'), inArray(deliveries.notificationId, ids)))
    : [];
const lastNotificationOf = async (h: Harness, username: string) => {
  const rows = await h.db
    .select({ id: notifications.id, kind: notifications.kind })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(users.username, username));
  return rows.sort((a, b) => b.id - a.id)[0];
};

describeEachDatabase(
  'push notifications',
  (h) => {
    const t = { landlord: '', employee: '', renter: '', renter2: '' };
    let typeId = '';

    beforeAll(async () => {
      for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
      typeId = await firstRenterType(h, t.renter);
    });

    // The worker reads a user's browsers when it sends: a push left from the previous test would reach this one's.
    beforeEach(async () => {
      await until(
        () =>
          h.db
            .select()
            .from(deliveries)
            .where(and(eq(deliveries.channel, 'push'), lte(deliveries.notBefore, sql`now()`))),
        (due) => due.length === 0,
      );
    });

    /** A renter's request taken by the employee: the renter is told its status. */
    const takenRequest = async () => {
      const r = await createAsRenter(h, t.renter, typeId);
      expect((await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.take' } })).status).toBe(200);
      return r;
    };

    it("an event pushes once to the recipient's browser, in the recipient's own language, with the record's link", async () => {
      const phone = device();
      // The browser registered in Russian; the person reads Kazakh (its account's language).
      expect((await saveToken(h, t.renter, phone, 'ru')).status).toBe(204);
      expect((await h.api('/user/language', { token: t.renter, method: 'PUT', body: { language: 'kk' } })).status).toBe(204);
      const r = await takenRequest();
      const inboxRow = await lastNotificationOf(h, 'renter');
      await until(
        () => to(phone),
        (s) => s.length > 0,
      );
      await pause(300); // a second worker run, had the push been left in the outbox
      expect(to(phone)).toHaveLength(1);
      expect(to(phone)[0]?.message).toEqual({
        title: expect.any(String),
        body: `№${r.number} өтінім: мәртебесі «Жұмыста»`,
        link: `/requests-journal/view/${r.id}`,
        notificationId: inboxRow?.id,
      });
      expect(to(phone)[0]?.message.title).not.toBe('');
      expect(await queuedFor(h, [inboxRow!.id])).toEqual([]);
      await h.api('/user/language', { token: t.renter, method: 'PUT', body: { language: 'ru' } });
    });

    it('nothing is queued for a user without a browser to reach, though the inbox row is written', async () => {
      expect(await tokensOf(h, 'employee')).toEqual([]);
      const r = await createAsRenter(h, t.renter, typeId);
      const { body } = await h.api('/employee?per_page=50', { token: t.landlord });
      const employeeId = (body.data as Array<{ id: string; username: string }>).find((e) => e.username === 'employee')?.id;
      expect(
        (await h.api(`/requests/${r.id}/transitions`, { token: t.landlord, body: { event: 'request.assign', assignee_employee_id: employeeId } })).status,
      ).toBe(200);
      const row = await lastNotificationOf(h, 'employee');
      expect(row?.kind).toBe('request.assigned');
      expect(await queuedFor(h, [row!.id])).toEqual([]);
    });

    it('a kind turned off is not pushed, but still reaches the inbox', async () => {
      const phone = device();
      await saveToken(h, t.renter, phone);
      const off = await h.api('/notifications/preferences', { token: t.renter, method: 'PUT', body: { kinds: [{ kind: 'request.status', push: false }] } });
      expect(off.status).toBe(200);
      // Its other channels keep their defaults: Telegram on, e-mail off for a request's status.
      expect(off.body.kinds).toContainEqual({ kind: 'request.status', push: false, email: false, telegram: true });
      expect(off.body.kinds).toContainEqual({ kind: 'task.assigned', push: true, email: false, telegram: true });
      expect(off.body.kinds).toContainEqual({ kind: 'invoice.issued', push: true, email: true, telegram: true });
      await takenRequest();
      const row = await lastNotificationOf(h, 'renter');
      expect(row?.kind).toBe('request.status');
      expect(await queuedFor(h, [row!.id])).toEqual([]);
      await pause(200);
      expect(to(phone)).toEqual([]);
      // Back on: the next one is pushed again.
      await h.api('/notifications/preferences', { token: t.renter, method: 'PUT', body: { kinds: [{ kind: 'request.status', push: true }] } });
      expect((await h.api('/notifications/preferences', { token: t.renter })).body.kinds).toContainEqual({
        kind: 'request.status',
        push: true,
        email: false,
        telegram: true,
      });
      await takenRequest();
      expect(
        await until(
          () => to(phone).length,
          (n) => n === 1,
        ),
      ).toBe(1);
    });

    it('a token FCM no longer knows is removed after the send; a failed send is queued again for that browser only', async () => {
      const dead = device('dead');
      const flaky = device('flaky');
      const good = device();
      for (const token of [dead, flaky, good]) await saveToken(h, t.renter, token);
      await takenRequest();
      const row = await lastNotificationOf(h, 'renter');
      await until(
        () => tokensOf(h, 'renter'),
        (tokens) => !tokens.includes(dead),
      );
      expect(await tokensOf(h, 'renter')).not.toContain(dead);
      expect(await tokensOf(h, 'renter')).toContain(good);
      expect(to(good)).toHaveLength(1);
      const [retry] = await until(
        () => queuedFor(h, [row!.id]),
        (q) => q.length === 1,
      );
      expect(retry).toMatchObject({ payload: { tokens: [flaky] }, attempts: 1 });
      expect(retry!.notBefore.getTime()).toBeGreaterThan(Date.now());
      await h.api('/set-fcm-token', { token: t.renter, method: 'DELETE', body: { fcm_token: flaky } });
    });

    it('several workers at once never send one push twice', async () => {
      const phone = device();
      await saveToken(h, t.renter, phone);
      const [renter] = await h.db.select({ id: users.id, landlordId: users.landlordId }).from(users).where(eq(users.username, 'renter'));
      const events = Array.from({ length: 150 }, (_, i) => ({
        recipients: [renter!.id],
        notice: {
          kind: 'task.assigned',
          landlordId: renter!.landlordId,
          subject: { type: 'task', id: randomUUID() },
          params: { title: `Task ${i}` },
          actor: { userId: null, name: '' },
        },
      }));
      await notifyEach(h.db, events);
      // Two more workers beside the server's own, each with its own transport.
      const [a, b] = [pushRecorder(), pushRecorder()];
      const workers = [a.transport, b.transport];
      await Promise.all(
        workers.map(async (w) => {
          for (let i = 0; i < 10; i++) await deliverDue(h.db, { ...pushChannel(h.db, w), batch: 20 });
        }),
      );
      const all = await until(
        () => [...sent, ...a.sent, ...b.sent].filter((s) => s.token === phone),
        (s) => s.length >= 150,
      );
      await pause(200);
      const ids = [...sent, ...a.sent, ...b.sent].filter((s) => s.token === phone).map((s) => s.message.notificationId);
      expect(all.length).toBeGreaterThanOrEqual(150);
      expect(ids).toHaveLength(150);
      expect(new Set(ids).size).toBe(150);
    });

    it("a notice to an audience (one INSERT ... SELECT) is pushed to each recipient's browsers once", async () => {
      const phone = device();
      expect((await saveToken(h, t.renter, phone, 'en')).status).toBe(204);
      const [renter] = await h.db.select({ id: users.id, landlordId: users.landlordId }).from(users).where(eq(users.username, 'renter'));
      const told = await h.db.transaction((tx) =>
        notifyAudience(tx, sql`select id from users where username in ('renter', 'renter2')`, {
          kind: 'notice.renters',
          landlordId: renter?.landlordId ?? null,
          subject: { type: 'notice', id: randomUUID() },
          params: { title: 'Water off on floor 2' },
          actor: { userId: null, name: '' },
        }),
      );
      expect(told).toBe(2);
      const got = await until(
        () => to(phone),
        (s) => s.length > 0,
      );
      await pause(200);
      expect(to(phone)).toHaveLength(1);
      expect(got[0]?.message.body).toContain('Water off on floor 2');
    });

    it('preferences list the kinds of the caller’s role and refuse an unknown or another role’s one in the error shape', async () => {
      const fresh = await h.api('/notifications/preferences', { token: t.landlord });
      expect(fresh.status).toBe(200);
      // Staff: every kind but those written to renters only (their notice, their invoices and payments, their readings and window).
      const renterOnly = [
        'notice.renters',
        'invoice.issued',
        'invoice.reminder',
        'payment.received',
        'meter_reading.accepted',
        'meter_reading.returned',
        'meter.window_open',
        'meter.window_closing',
      ];
      expect(fresh.body.kinds.map((k: { kind: string }) => k.kind)).toEqual(notificationKinds.filter((k) => !renterOnly.includes(k)));
      expect(fresh.body.kinds.every((k: { push: boolean }) => k.push)).toBe(true);
      const renters = (await h.api('/notifications/preferences', { token: t.renter })).body.kinds.map((k: { kind: string }) => k.kind);
      expect(renters).toContain('notice.renters');
      expect(renters).not.toContain('questionnaire.new');
      expect(renters).toContain('meter_reading.returned');
      expect(renters).not.toContain('meter_reading.flagged');
      const staffOnly = await h.api('/notifications/preferences', {
        token: t.renter,
        method: 'PUT',
        body: { kinds: [{ kind: 'questionnaire.new', push: false }] },
      });
      expect(staffOnly.status).toBe(400);
      expect(staffOnly.body.error.fields).toHaveProperty('kinds');
      const bad = await h.api('/notifications/preferences', { token: t.landlord, method: 'PUT', body: { kinds: [{ kind: 'lease.signed', push: false }] } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
      expect((await h.api('/notifications/preferences', { method: 'PUT', body: { kinds: [] } })).status).toBe(401);
    });
  },
  { push: transport, config: pushConfig },
);
