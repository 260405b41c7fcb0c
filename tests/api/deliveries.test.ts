import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { kindsFor, notificationKinds } from '#/shared/notification-sentence';
import { deliveries, fcmTokens, notifications, renters, telegramLinks, users } from '#server/db/schema';
import { notifyAudience } from '#server/modules/notifications/notify';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { noticeFixture, send } from '../support/notices';
import { createAsRenter, firstRenterType } from '../support/requests';
import { createViolation, violationInputs } from '../support/violations';

/** The kinds mailed without a choice of the person's: money asked for, a lease running out, violations, a request rated 1 or 2. */
const mailedByDefault = [
  'invoice.issued',
  'invoice.reminder',
  'contract.expiring',
  'contract.ends_soon',
  'request.rating',
  ...notificationKinds.filter((kind) => kind.startsWith('violation.')),
];
const defaultsOf = (role: string) => kindsFor(role).map((kind) => ({ kind, push: true, email: mailedByDefault.includes(kind), telegram: true }));

/** The outbox's rows for these inbox rows, as `channel → user` sorted. */
const queued = async (h: Harness, notificationIds: number[]) =>
  notificationIds.length === 0
    ? []
    : (await h.db.select().from(deliveries).where(inArray(deliveries.notificationId, notificationIds))).map((d) => `${d.channel} → ${d.userId}`).sort();

describeEachDatabase('deliveries: channel preferences and the outbox', (h) => {
  const { t, ids, addRenters } = noticeFixture(h);
  let typeId = '';

  beforeAll(async () => {
    typeId = await firstRenterType(h, t.renter);
  });

  const prefs = (token: string, lang?: string) => h.api('/notifications/preferences', { token, lang });
  const put = (token: string, kinds: Array<Record<string, unknown>>, lang?: string) =>
    h.api('/notifications/preferences', { token, method: 'PUT', body: { kinds }, lang });
  const inboxRows = async (user: string, kind: string) =>
    (
      await h.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, user), eq(notifications.kind, kind)))
    ).map((n) => n.id);
  /** The renter's request taken by the employee: the renter is told its status (`request.status`); its new inbox row. */
  const statusTold = async () => {
    const before = new Set(await inboxRows(ids.renter, 'request.status'));
    const r = await createAsRenter(h, t.renter, typeId);
    expect((await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.take' } })).status).toBe(200);
    const fresh = (await inboxRows(ids.renter, 'request.status')).filter((id) => !before.has(id));
    expect(fresh).toHaveLength(1);
    return fresh;
  };
  const linkTelegram = (user: string) =>
    h.db
      .insert(telegramLinks)
      .values({ userId: user, chatId: Math.floor(Math.random() * 1e12) })
      .onConflictDoNothing();
  const unlinkTelegram = (user: string) => h.db.delete(telegramLinks).where(eq(telegramLinks.userId, user));
  const addBrowser = (user: string) => h.db.insert(fcmTokens).values({ userId: user, token: `web-${randomUUID()}` });
  const dropBrowsers = (user: string) => h.db.delete(fcmTokens).where(eq(fcmTokens.userId, user));
  const setMail = (user: string, email: string | null, bounced = false) =>
    h.db
      .update(users)
      .set({ email, emailBouncedAt: bounced ? new Date() : null })
      .where(eq(users.id, user));
  const emailOf = async (user: string) => (await h.db.select({ email: users.email }).from(users).where(eq(users.id, user)))[0]?.email ?? null;

  it("lists every kind of the caller's role with the defaults: push and Telegram on, e-mail on for money, leases and violations", async () => {
    const renter = await prefs(t.renter);
    expect(renter.status).toBe(200);
    expect(renter.body.kinds).toEqual(defaultsOf('renter'));
    expect(renter.body.kinds).toContainEqual({ kind: 'invoice.issued', push: true, email: true, telegram: true });
    expect(renter.body.kinds).toContainEqual({ kind: 'request.status', push: true, email: false, telegram: true });
    const landlord = await prefs(t.landlord);
    expect(landlord.body.kinds).toEqual(defaultsOf('landlord'));
    expect(landlord.body.kinds.map((k: { kind: string }) => k.kind)).not.toContain('invoice.issued');
    expect(landlord.body.kinds).toContainEqual({ kind: 'contract.expiring', push: true, email: true, telegram: true });
    expect(landlord.body.kinds).toContainEqual({ kind: 'task.assigned', push: true, email: false, telegram: true });
    // This server runs no bot: Telegram is reported as not configured, and nobody is linked.
    expect(renter.body.channels).toEqual({
      email: { address: await emailOf(ids.renter), bounced: false },
      telegram: { configured: false, linked: false },
    });
    expect(renter.body.channels.email.address).toMatch(/@/);
  });

  it('reports what each channel reaches: the address, a refused address, no address, a linked Telegram', async () => {
    const address = await emailOf(ids.renter);
    await setMail(ids.renter, address, true);
    expect((await prefs(t.renter)).body.channels.email).toEqual({ address, bounced: true });
    await setMail(ids.renter, null);
    expect((await prefs(t.renter)).body.channels.email).toEqual({ address: null, bounced: false });
    await setMail(ids.renter, '');
    expect((await prefs(t.renter)).body.channels.email).toEqual({ address: null, bounced: false });
    await setMail(ids.renter, address);
    await linkTelegram(ids.renter);
    expect((await prefs(t.renter)).body.channels.telegram).toEqual({ configured: false, linked: true });
    // Only the caller's own link counts.
    expect((await prefs(t.renter2)).body.channels.telegram).toEqual({ configured: false, linked: false });
    await unlinkTelegram(ids.renter);
    expect((await prefs(t.renter)).body.channels.telegram.linked).toBe(false);
  });

  it('a partial PUT changes only the switches it names, and answers what a GET then reads', async () => {
    const one = await put(t.renter, [{ kind: 'request.status', email: true }]);
    expect(one.status).toBe(200);
    const expected = defaultsOf('renter').map((k) => (k.kind === 'request.status' ? { ...k, email: true } : k));
    expect(one.body.kinds).toEqual(expected);
    const two = await put(t.renter, [
      { kind: 'request.status', push: false },
      { kind: 'invoice.issued', telegram: false },
    ]);
    expect(two.body.kinds).toEqual(
      expected.map((k) => (k.kind === 'request.status' ? { ...k, push: false } : k.kind === 'invoice.issued' ? { ...k, telegram: false } : k)),
    );
    expect((await prefs(t.renter)).body).toEqual(two.body);
    // A kind named twice: the last word holds, whatever it says of a channel the first named too.
    const twice = await put(t.renter, [
      { kind: 'task.assigned', push: false, email: true },
      { kind: 'task.assigned', push: true },
    ]);
    expect(twice.status).toBe(200);
    expect(twice.body.kinds).toContainEqual({ kind: 'task.assigned', push: true, email: true, telegram: true });
    await put(t.renter, [{ kind: 'task.assigned', email: false }]);
    // An empty list changes nothing.
    expect((await put(t.renter, [])).body).toEqual(two.body);
    // Back to the defaults, by naming them.
    await put(t.renter, [
      { kind: 'request.status', push: true, email: false },
      { kind: 'invoice.issued', telegram: true },
    ]);
    expect((await prefs(t.renter)).body.kinds).toEqual(defaultsOf('renter'));
  });

  it("refuses an unknown kind or another role's, in the error shape and the caller's language, writing nothing", async () => {
    const staffOnly = await put(t.renter, [
      { kind: 'request.status', push: false },
      { kind: 'questionnaire.new', push: false },
    ]);
    expect(staffOnly.status).toBe(400);
    expect(staffOnly.body.error).toMatchObject({ code: 'validation_failed', message: 'Проверьте заполнение полей', fields: { kinds: 'Не найдено' } });
    // The kind it could set was not written either.
    expect((await prefs(t.renter)).body.kinds).toEqual(defaultsOf('renter'));
    const renterOnly = await put(t.landlord, [{ kind: 'invoice.issued', email: false }], 'en');
    expect(renterOnly.status).toBe(400);
    expect(renterOnly.body.error).toMatchObject({ code: 'validation_failed', message: 'Please check the fields', fields: { kinds: 'Not found' } });
    const unknown = await put(t.landlord, [{ kind: 'lease.signed', push: false }], 'en');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    const badChannel = await put(t.landlord, [{ kind: 'task.assigned', sms: false }]);
    expect(badChannel.status).toBe(400);
    expect((await prefs(t.landlord)).body.kinds).toEqual(defaultsOf('landlord'));
    expect((await h.api('/notifications/preferences', { method: 'PUT', body: { kinds: [] } })).status).toBe(401);
    expect((await h.api('/notifications/preferences')).status).toBe(401);
  });

  it("one person's switches never touch another's", async () => {
    await put(t.renter, [{ kind: 'request.status', push: false, email: true, telegram: false }]);
    expect((await prefs(t.renter)).body.kinds).toContainEqual({ kind: 'request.status', push: false, email: true, telegram: false });
    expect((await prefs(t.renter2)).body.kinds).toEqual(defaultsOf('renter'));
    expect((await prefs(t.employee)).body.kinds).toEqual(defaultsOf('employee'));
    await put(t.renter2, [{ kind: 'request.status', email: false }]);
    expect((await prefs(t.renter)).body.kinds).toContainEqual({ kind: 'request.status', push: false, email: true, telegram: false });
    await put(t.renter, [{ kind: 'request.status', push: true, email: false, telegram: true }]);
    expect((await prefs(t.renter)).body.kinds).toEqual(defaultsOf('renter'));
  });

  it('an action queues a channel only where it can reach the person and the kind is on for it; the inbox row always', async () => {
    // The demo renter has an address, no browser, no Telegram; a request's status is not mailed by default.
    expect(await emailOf(ids.renter)).toMatch(/@/);
    expect(await queued(h, await statusTold())).toEqual([]);
    // A linked Telegram and a browser: both queued; still no mail.
    await linkTelegram(ids.renter);
    await addBrowser(ids.renter);
    expect(await queued(h, await statusTold())).toEqual([`push → ${ids.renter}`, `telegram → ${ids.renter}`]);
    // Mail turned on for the kind: mailed too.
    await put(t.renter, [{ kind: 'request.status', email: true }]);
    expect(await queued(h, await statusTold())).toEqual([`email → ${ids.renter}`, `push → ${ids.renter}`, `telegram → ${ids.renter}`]);
    // A refused address is not mailed, nor is a person without one.
    await setMail(ids.renter, (await emailOf(ids.renter)) as string, true);
    expect(await queued(h, await statusTold())).toEqual([`push → ${ids.renter}`, `telegram → ${ids.renter}`]);
    const address = (await emailOf(ids.renter)) as string;
    await setMail(ids.renter, null);
    expect(await queued(h, await statusTold())).toEqual([`push → ${ids.renter}`, `telegram → ${ids.renter}`]);
    await setMail(ids.renter, address);
    // Turned off everywhere: nothing is queued, and the inbox still has it.
    await put(t.renter, [{ kind: 'request.status', push: false, email: false, telegram: false }]);
    const silent = await statusTold();
    expect(silent).toHaveLength(1);
    expect(await queued(h, silent)).toEqual([]);
    const inbox = (await h.api('/notifications/inbox', { token: t.renter })).body.data as Array<{ id: number }>;
    expect(inbox.map((n) => n.id)).toContain(silent[0]);
    // Telegram unlinked: no Telegram row even with the kind on.
    await put(t.renter, [{ kind: 'request.status', push: true, telegram: true }]);
    await unlinkTelegram(ids.renter);
    expect(await queued(h, await statusTold())).toEqual([`push → ${ids.renter}`]);
    await dropBrowsers(ids.renter);
    expect(await queued(h, await statusTold())).toEqual([]);
    await put(t.renter, [{ kind: 'request.status', push: true, email: false, telegram: true }]);
  });

  it('a kind mailed by default is mailed to an address not refused, and not once the person turns it off', async () => {
    const inputs = await violationInputs(h, t.employee);
    // The demo renter's record: a violation is issued to the renter, told to its login.
    const [record] = await h.db.select({ id: renters.id }).from(renters).where(eq(renters.userId, ids.renter));
    const renter = ids.renter;
    const address = await emailOf(renter);
    expect(address).toMatch(/@/);
    const issue = async () => {
      const v = await createViolation(h, t.employee, {
        renter_id: record?.id ?? '',
        type_id: inputs.typeId,
        occurred_at: '2026-11-20T09:30:00Z',
        description: 'Товар выставлен в проходе у входа',
      });
      expect((await h.api(`/violations/${v.id}/transitions`, { token: t.employee, body: { event: 'violation.issue' } })).status).toBe(200);
      const rows = await h.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.subjectType, 'violation'), eq(notifications.subjectId, v.id), eq(notifications.userId, renter)));
      expect(rows).toHaveLength(1);
      return rows.map((r) => r.id);
    };
    expect(await queued(h, await issue())).toEqual([`email → ${renter}`]);
    await setMail(renter, address, true);
    expect(await queued(h, await issue())).toEqual([]);
    await setMail(renter, address);
    expect(await queued(h, await issue())).toEqual([`email → ${renter}`]);
    await put(t.renter, [{ kind: 'violation.issue', email: false }]);
    expect(await queued(h, await issue())).toEqual([]);
    await put(t.renter, [{ kind: 'violation.issue', email: true }]);
  });

  it("a notice to renters queues each channel's rows in the notice's own transaction, by each renter's choice", async () => {
    const [room] = await h.db.select({ id: users.roomId }).from(users).where(eq(users.id, ids.renter));
    const [mailed, linked, browser, silent] = await addRenters(4, room?.id ?? '');
    for (const [i, id] of [mailed, linked, browser, silent].entries()) await setMail(id as string, `notice-${i}-${randomUUID().slice(0, 6)}@example.kz`);
    // A notice is not mailed by default: one renter turns it on, one turns everything off (and has every channel).
    const login = async (id: string) => {
      const [u] = await h.db.select({ username: users.username }).from(users).where(eq(users.id, id));
      return h.login(u?.username ?? '');
    };
    expect((await put(await login(mailed as string), [{ kind: 'notice.renters', email: true }])).status).toBe(200);
    const silentToken = await login(silent as string);
    expect((await put(silentToken, [{ kind: 'notice.renters', push: false, email: false, telegram: false }])).status).toBe(200);
    await linkTelegram(linked as string);
    await addBrowser(browser as string);
    await linkTelegram(silent as string);
    await addBrowser(silent as string);
    const res = await send(h, t.landlord, '/notices', [
      ['title', 'Отключение воды'],
      ['message', 'С 10:00 до 12:00'],
      ['target', 'renters'],
      ...[mailed, linked, browser, silent].map((id) => ['recipients', id as string] as [string, string]),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const told = await h.db
      .select({ id: notifications.id, to: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.subjectType, 'notice'), eq(notifications.subjectId, res.body.id)));
    // Every renter has the notice in the inbox, the silent one too.
    expect(told.map((n) => n.to).sort()).toEqual([mailed, linked, browser, silent].sort());
    // Its deliveries are there as soon as the notice is answered (the job is off: nothing has sent them).
    const rows = await queued(
      h,
      told.map((n) => n.id),
    );
    expect(rows).toEqual([`email → ${mailed}`, `push → ${browser}`, `telegram → ${linked}`]);
    const byChannel = await h.db
      .select({ channel: deliveries.channel, n: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(
        inArray(
          deliveries.notificationId,
          told.map((n) => n.id),
        ),
      )
      .groupBy(deliveries.channel)
      .orderBy(deliveries.channel);
    expect(byChannel).toEqual([
      { channel: 'email', n: 1 },
      { channel: 'push', n: 1 },
      { channel: 'telegram', n: 1 },
    ]);
    // A refused notice writes neither inbox rows nor deliveries.
    const before = (await h.db.select({ n: sql<number>`count(*)::int` }).from(deliveries))[0]?.n;
    const refused = await send(h, t.landlord, '/notices', [
      ['title', 'x'],
      ['message', 'x'],
      ['target', 'renters'],
      ['recipients', mailed as string],
      ['recipients', ids.renter2],
    ]);
    expect(refused.status).toBe(400);
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(deliveries))[0]?.n).toBe(before);
    // An audience told in a transaction that then fails: its inbox rows and their deliveries go together.
    const subject = randomUUID();
    await expect(
      h.db.transaction(async (tx) => {
        const n = await notifyAudience(tx, sql`select id from users where id in (${linked}::uuid, ${browser}::uuid)`, {
          kind: 'notice.renters',
          landlordId: ids.landlordId,
          subject: { type: 'notice', id: subject },
          params: { title: 'Отменено' },
          actor: { userId: null, name: '' },
        });
        expect(n).toBe(2);
        expect((await tx.select({ n: sql<number>`count(*)::int` }).from(deliveries))[0]?.n).toBe((before ?? 0) + 2);
        throw new Error('refused after');
      }),
    ).rejects.toThrow('refused after');
    expect(await h.db.select().from(notifications).where(eq(notifications.subjectId, subject))).toEqual([]);
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(deliveries))[0]?.n).toBe(before);
  });
});
