import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { landlords, notifications, requests, telegramLinks, telegramLinkTokens, users } from '#server/db/schema';
import { translatorIn } from '#server/http/i18n';
import { notifyEach } from '#server/modules/notifications/notify';
import { escapeHtml } from '#server/modules/push/message';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { until } from '../support/push';
import { createAsRenter, firstRenterType } from '../support/requests';
import { fakeTelegram, postUpdate, updates } from '../support/telegram';

const telegram = await fakeTelegram();
afterAll(() => telegram.close());
const secret = 'test-webhook-secret-0123456789';
const publicUrl = 'https://crm.example.kz';
const en = translatorIn('en');
const ru = translatorIn('ru');
const hintIn = (ll: typeof en) => `${ll.telegram.bot.about({ product: 'Mall CRM' })}\n\n${ll.telegram.bot.howToLink({ url: publicUrl })}`;

/** The deep link's token, made from the profile. */
const linkToken = async (h: Harness, token: string) => {
  const res = await h.api('/me/telegram/link', { token, method: 'POST' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const url = new URL(res.body.url);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${telegram.username}`);
  return url.searchParams.get('start') ?? '';
};

/** What the bot said to a chat after `since`, waited for. */
const saidTo = async (chatId: number, since: number, count = 1) =>
  until(
    () => telegram.sentTo(chatId).filter((c) => c.at >= since),
    (sent) => sent.length >= count,
  );

describeEachDatabase(
  'Telegram bot',
  (h) => {
    const t = { renter: '', employee: '', landlord: '' };
    const chat = { renter: 0, stranger: 0, other: 0, staff: 0 };
    let renterName = '';
    let typeId = '';

    beforeAll(async () => {
      for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
      renterName = (await h.api('/user', { token: t.renter })).body.full_name;
      typeId = await firstRenterType(h, t.renter);
      // A chat of its own per suite run: each database's server throttles its own chats.
      const base = h.kind === 'pglite' ? 1000 : 2000;
      Object.assign(chat, { renter: base + 1, stranger: base + 2, other: base + 3, staff: base + 4 });
    });

    it('starts in webhook mode: getMe, then setWebhook with the secret at the public address', async () => {
      expect(telegram.callsTo('getMe').length).toBeGreaterThan(0);
      const hook = telegram.callsTo('setWebhook').at(-1);
      expect(hook?.params).toMatchObject({ url: `${publicUrl}/api/telegram/webhook`, secret_token: secret });
      const res = await h.api('/me/telegram', { token: t.renter });
      expect(res.body).toEqual({ configured: true, bot_username: telegram.username, linked: null });
    });

    it('refuses an update without the webhook secret or with a wrong one', async () => {
      const before = telegram.calls.length;
      expect((await postUpdate(h, updates.text(chat.stranger, '/start'), 'wrong-secret-wrong-secret')).status).toBe(401);
      expect((await h.api('/telegram/webhook', { body: updates.text(chat.stranger, '/start') })).status).toBe(401);
      expect(telegram.calls.length).toBe(before);
    });

    it('links the chat from the profile: /start with the token answers with the name, and the profile shows the link', async () => {
      const token = await linkToken(h, t.renter);
      const since = Date.now();
      expect((await postUpdate(h, updates.text(chat.renter, `/start ${token}`))).status).toBe(200);
      const [reply] = await saidTo(chat.renter, since);
      expect(reply?.params.text).toBe(`${ru.telegram.bot.linked({ name: renterName })}\n\n${ru.telegram.bot.commands()}`);
      const me = await h.api('/me/telegram', { token: t.renter });
      expect(me.body.linked).toEqual({ username: `user${chat.renter}`, linked_at: expect.any(String) });
      // The token is used up: another chat cannot take the account with it.
      const again = Date.now();
      await postUpdate(h, updates.text(chat.other, `/start ${token}`));
      const [refused] = await saidTo(chat.other, again);
      expect(refused?.params.text).toBe(`${ru.telegram.bot.badToken()}\n\n${ru.telegram.bot.howToLink({ url: publicUrl })}`);
      const [link] = await h.db.select().from(telegramLinks).innerJoin(users, eq(users.id, telegramLinks.userId)).where(eq(users.username, 'renter'));
      expect(link?.telegram_links.chatId).toBe(chat.renter);
    });

    it('refuses an expired token and links nothing', async () => {
      const token = await linkToken(h, t.employee);
      const [employee] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'employee'));
      await h.db
        .update(telegramLinkTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(telegramLinkTokens.userId, employee?.id ?? ''));
      const since = Date.now();
      await postUpdate(h, updates.text(chat.staff, `/start ${token}`, 'en'));
      const [refused] = await saidTo(chat.staff, since);
      expect(refused?.params.text).toBe(`${en.telegram.bot.badToken()}\n\n${en.telegram.bot.howToLink({ url: publicUrl })}`);
      expect((await h.api('/me/telegram', { token: t.employee })).body.linked).toBeNull();
    });

    it("moves a chat linked to one person to another whose link it starts; staff's /mine lists their requests", async () => {
      const first = await linkToken(h, t.employee);
      await postUpdate(h, updates.text(chat.staff, `/start ${first}`));
      expect((await h.api('/me/telegram', { token: t.employee })).body.linked).not.toBeNull();
      const second = await linkToken(h, t.landlord);
      const since = Date.now();
      await postUpdate(h, updates.text(chat.staff, `/start ${second}`));
      const [reply] = await saidTo(chat.staff, since);
      const landlordName = (await h.api('/user', { token: t.landlord })).body.full_name;
      expect(reply?.params.text).toBe(`${ru.telegram.bot.linked({ name: landlordName })}\n\n${ru.telegram.bot.commandsStaff()}`);
      expect((await h.api('/me/telegram', { token: t.employee })).body.linked).toBeNull();
      expect((await h.api('/me/telegram', { token: t.landlord })).body.linked).not.toBeNull();

      // The landlord's open requests, newest first, each with its number, type and status.
      const r = await createAsRenter(h, t.renter, typeId);
      const later = Date.now();
      await postUpdate(h, updates.text(chat.staff, '/mine'));
      // The new request's notification may reach the landlord's chat too: the answer is the list.
      const mine = (await saidTo(chat.staff, later)).find((m) => String(m.params.text).startsWith(ru.telegram.bot.mine()));
      expect(mine?.params.text).toContain(`${ru.telegram.bot.mine()}\n<a href="${publicUrl}/requests-journal/view/${r.id}">№${r.number}</a> · `);
      expect(mine?.params.text).toContain(` · ${ru.requests.statuses.new()}`);
      // A staff member files requests in the app, not in the bot.
      const after = Date.now();
      await postUpdate(h, updates.text(chat.staff, '/new'));
      expect((await saidTo(chat.staff, after)).map((m) => m.params.text)).toContain(ru.telegram.bot.onlyTenants());
    });

    it('tells an unlinked chat only what the bot is and how to link, in its Telegram language', async () => {
      const since = Date.now();
      await postUpdate(h, updates.text(chat.stranger, '/mine', 'en'));
      const [reply] = await saidTo(chat.stranger, since);
      expect(reply?.params.text).toBe(hintIn(en));
      const later = Date.now();
      await postUpdate(h, updates.text(chat.stranger, 'Покажите заявки', 'kk'));
      const [second] = await saidTo(chat.stranger, later);
      expect(second?.params.text).toBe(hintIn(translatorIn('kk')));
      expect(second?.params.text).not.toContain(renterName);
    });

    it("sends a notification in the person's language, with the landlord's name and a button to the record", async () => {
      expect((await h.api('/user/language', { token: t.renter, method: 'PUT', body: { language: 'en' } })).status).toBe(204);
      const r = await createAsRenter(h, t.renter, typeId);
      const since = Date.now();
      expect((await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.take' } })).status).toBe(200);
      const [sent] = await saidTo(chat.renter, since);
      const [landlord] = await h.db
        .select({ name: landlords.name })
        .from(users)
        .innerJoin(landlords, eq(landlords.id, users.landlordId))
        .where(eq(users.username, 'renter'));
      const said = en.notifications.kinds.request.status({ number: String(r.number), status: en.requests.statuses.in_progress() });
      expect(sent?.params.text).toBe(`<b>${escapeHtml(landlord?.name ?? '')}</b>\n${escapeHtml(said)}`);
      expect(sent?.params.parse_mode).toBe('HTML');
      expect(sent?.params.reply_markup).toEqual({ inline_keyboard: [[{ text: en.telegram.bot.open(), url: `${publicUrl}/requests-journal/view/${r.id}` }]] });
    });

    it('spaces a burst to one chat by a second at least (Telegram allows one message a second per chat)', async () => {
      const [renter] = await h.db.select({ id: users.id, landlordId: users.landlordId }).from(users).where(eq(users.username, 'renter'));
      const since = Date.now();
      await notifyEach(
        h.db,
        [1, 2, 3].map((n) => ({
          recipients: [renter?.id],
          notice: {
            kind: 'request.assigned',
            landlordId: renter?.landlordId ?? null,
            subject: { type: 'request', id: crypto.randomUUID() },
            params: { number: 9000 + n },
            actor: { userId: null, name: 'test' },
          },
        })),
      );
      const sent = await saidTo(chat.renter, since, 3);
      expect(sent.length).toBe(3);
      // Unthrottled, the three would arrive within milliseconds. Arrival times jitter with a loaded event loop
      // (a late first arrival shortens the first gap), so: no two close together, and two seconds in all.
      const at = sent.map((m) => m?.at ?? 0);
      for (let i = 1; i < at.length; i++) expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(500);
      expect((at[2] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(1_700);
    });

    it('files a request from the bot, with its photo, through the journal: same deadline rules, visible in the API and in /mine', async () => {
      let since = Date.now();
      await postUpdate(h, updates.text(chat.renter, '/new'));
      const [choose] = await saidTo(chat.renter, since);
      expect(choose?.params.text).toBe(en.telegram.bot.chooseType());
      const buttons = ((choose?.params.reply_markup?.inline_keyboard ?? []) as { text: string; callback_data: string }[][]).flat();
      const types = (await h.api('/type-request/kind/12', { token: t.renter, lang: 'en' })).body as { id: string; name: string }[];
      expect(buttons.map((b) => b.text)).toEqual([...types.map((x) => x.name), en.telegram.bot.cancel()]);

      since = Date.now();
      await postUpdate(h, updates.callback(chat.renter, `t:${typeId}`));
      const typeName = types.find((x) => x.id === typeId)?.name ?? '';
      expect((await saidTo(chat.renter, since))[0]?.params.text).toBe(en.telegram.bot.writeText({ type: typeName }));
      expect(telegram.callsTo('answerCallbackQuery').length).toBeGreaterThan(0);

      since = Date.now();
      await postUpdate(h, updates.text(chat.renter, 'The tap in the kitchen is leaking'));
      expect((await saidTo(chat.renter, since))[0]?.params.text).toBe(en.telegram.bot.addPhotos({ max: 10 }));

      since = Date.now();
      await postUpdate(h, updates.photo(chat.renter, `photo-${h.kind}`));
      expect((await saidTo(chat.renter, since))[0]?.params.text).toBe(en.telegram.bot.photoAdded({ count: 1, max: 10 }));

      since = Date.now();
      await postUpdate(h, updates.callback(chat.renter, 'send'));
      const [created] = await saidTo(chat.renter, since);
      const number = Number(/#(\d+)/.exec(created?.params.text ?? '')?.[1]);
      expect(created?.params.text).toBe(en.telegram.bot.created({ number }));
      // The largest size of the photo was fetched from the API root's file address.
      expect(telegram.callsTo('getFile').some((c) => c.params.file_id === `photo-${h.kind}`)).toBe(true);
      expect(telegram.callsTo('file').some((c) => c.params.path === `photos/photo-${h.kind}.jpg`)).toBe(true);

      const [row] = await h.db
        .select({ id: requests.id })
        .from(requests)
        .innerJoin(users, eq(users.id, requests.createdBy))
        .where(and(eq(users.username, 'renter'), eq(requests.number, number)));
      const detail = await h.api(`/requests/${row?.id}`, { token: t.renter });
      expect(detail.status).toBe(200);
      expect(detail.body.description).toBe('The tap in the kitchen is leaking');
      expect(detail.body.status).toBe('new');
      const photos = (detail.body.files ?? detail.body.photos) as { content_type?: string }[];
      expect(photos.length).toBe(1);
      // The deadline as POST /requests sets it: the same type filed through the API gets the same span.
      const api = await createAsRenter(h, t.renter, typeId);
      const viaApi = (await h.api(`/requests/${api.id}`, { token: t.renter })).body;
      const span = (b: { created_at: string; deadline_at: string }) => Date.parse(b.deadline_at) - Date.parse(b.created_at);
      expect(span(detail.body)).toBe(span(viaApi));

      since = Date.now();
      await postUpdate(h, updates.text(chat.renter, '/mine'));
      const [mine] = await saidTo(chat.renter, since);
      expect(mine?.params.text).toContain(
        `<a href="${publicUrl}/requests-journal/view/${row?.id}">№${number}</a> · ${typeName} · ${en.requests.statuses.new()}`,
      );
    });

    it('a chat that blocked the bot loses its link; unlinking from the profile works and the chat is a stranger again', async () => {
      const me = await h.api('/me/telegram', { token: t.renter });
      expect(me.body.linked).not.toBeNull();
      expect((await h.api('/me/telegram', { token: t.renter, method: 'DELETE' })).status).toBe(204);
      expect((await h.api('/me/telegram', { token: t.renter })).body.linked).toBeNull();
      const since = Date.now();
      await postUpdate(h, updates.text(chat.renter, '/mine', 'ru'));
      expect((await saidTo(chat.renter, since))[0]?.params.text).toBe(hintIn(ru));

      // Linked again, then blocked: the next notification finds Telegram refusing, and the link goes.
      const token = await linkToken(h, t.renter);
      await postUpdate(h, updates.text(chat.renter, `/start ${token}`));
      telegram.blocked.add(chat.renter);
      const r = await createAsRenter(h, t.renter, typeId);
      await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.take' } });
      const gone = await until(
        () => h.api('/me/telegram', { token: t.renter }),
        (res) => res.body.linked === null,
        10_000,
      );
      expect(gone.body.linked).toBeNull();
      telegram.blocked.delete(chat.renter);
      expect(await h.db.select().from(notifications).where(eq(notifications.subjectId, r.id))).not.toHaveLength(0);
    });
  },
  {
    config: {
      telegramBotToken: telegram.token,
      telegramApiRoot: telegram.apiRoot,
      telegramWebhookSecret: secret,
      publicUrl,
      deliveryIntervalMs: 50,
    },
  },
);

describeEachDatabase('Telegram not configured', (h) => {
  it('the profile says so, a link is refused 409 and the webhook is not there', async () => {
    const token = await h.login('renter');
    expect((await h.api('/me/telegram', { token })).body).toEqual({ configured: false, bot_username: null, linked: null });
    const link = await h.api('/me/telegram/link', { token, method: 'POST', lang: 'en' });
    expect(link.status).toBe(409);
    expect(link.body.error).toEqual({ code: 'telegram_not_configured', message: en.errors.telegram_not_configured() });
    expect((await h.api('/telegram/webhook', { body: updates.text(1, '/start') })).status).toBe(404);
    expect((await h.api('/me/telegram', { token, method: 'DELETE' })).status).toBe(204);
  });

  it('makes at most 10 links a person in 15 minutes', async () => {
    const token = await h.login('employee');
    for (let i = 0; i < 10; i++) expect((await h.api('/me/telegram/link', { token, method: 'POST' })).status).toBe(409);
    const refused = await h.api('/me/telegram/link', { token, method: 'POST', lang: 'en' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });
});
