import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationKinds } from '#/shared/notification-sentence';
import { fcmTokens, users } from '#server/db/schema';
import { signIn, useBrowser } from '../support/browser';

const PHONE = { width: 390, height: 844 };

async function fitsThePhone(page: Page) {
  const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
  expect(inner).toBe(PHONE.width);
  expect(scroll).toBeLessThanOrEqual(PHONE.width);
}

// The browser harness has no FCM credentials: push says so, and the preferences still work (they
// hold for every device of the user, on the server).
describe('push notifications in Chromium, on a 390 px phone', () => {
  const ctx = useBrowser({ pagePerTest: false });
  let page: Page;
  // A phone's page: with isMobile Chromium would widen its layout to fit content wider than the screen.
  beforeAll(async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  });

  it('/fcm-test tells staff that push is not set up and whom to ask, without the server variables', async () => {
    await signIn(page, 'employee');
    await page.goto('/fcm-test');
    await page.getByRole('heading', { name: 'Проверка push-уведомлений', level: 1 }).waitFor();
    const message = page.getByTestId('push-not-configured');
    await message.getByText('обратитесь к администратору системы').waitFor();
    expect(await message.textContent()).not.toContain('FCM_');
    expect(await page.getByTestId('push-test-send').count()).toBe(0);
    await fitsThePhone(page);
  });

  it("the profile's channels table keeps a switch per kind and channel across a reload, and leads to the test page", async () => {
    await page.goto('/profile');
    const section = page.getByTestId('channels-section');
    await section.getByRole('heading', { name: 'Уведомления', level: 2 }).waitFor();
    const push = section.getByTestId('push-section');
    await push.getByRole('heading', { name: 'Push-уведомления' }).waitFor();
    await push.getByTestId('push-state').getByText('Push-уведомления не настроены на сервере').waitFor();
    expect(await push.getByTestId('push-on').count()).toBe(0);

    const table = section.getByTestId('channel-table');
    const taskAssigned = table.getByRole('checkbox', { name: 'Вам поставлена задача Push' });
    await taskAssigned.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Уведомление', 'Push', 'Почта', 'Telegram']);
    // Staff get a row for every kind but those written to renters only (their notice, invoices and payments,
    // readings decided and the window's reminders), with three switches each.
    expect(await table.getByRole('row').count()).toBe(notificationKinds.length - 8 + 1);
    expect(await table.getByRole('checkbox').count()).toBe((notificationKinds.length - 8) * 3);
    expect(await taskAssigned.isChecked()).toBe(true);
    expect(await table.getByRole('checkbox', { name: 'Вам поставлена задача Почта' }).isChecked()).toBe(false);
    expect(await table.getByRole('checkbox', { name: 'Договор аренды истекает Почта' }).isChecked()).toBe(true);
    const saved = page.waitForResponse((r) => r.url().includes('/api/notifications/preferences') && r.request().method() === 'PUT');
    await taskAssigned.uncheck();
    expect((await saved).status()).toBe(200);
    await fitsThePhone(page);
    if (process.env.SHOTS) await page.screenshot({ path: '/tmp/push-profile.png', fullPage: true });

    await page.reload();
    await table.getByTestId('channel-push-task.assigned').waitFor();
    expect(await table.getByTestId('channel-push-task.assigned').isChecked()).toBe(false);
    expect(await table.getByTestId('channel-push-task.accept').isChecked()).toBe(true);

    // A save that fails puts the switch back and says so.
    await page.route('**/api/notifications/preferences', (route) => (route.request().method() === 'PUT' ? route.abort('failed') : route.continue()));
    await table.getByTestId('channel-push-task.accept').click();
    await page.getByTestId('toast').getByText('Не удалось сохранить настройку').waitFor();
    await expect.poll(() => table.getByTestId('channel-push-task.accept').isChecked()).toBe(true);
    await page.unroute('**/api/notifications/preferences');

    await push.getByRole('link', { name: 'Проверка push-уведомлений' }).click();
    await page.waitForURL('**/fcm-test');
    await page.getByTestId('push-not-configured').waitFor();
  });

  it("the renter's table: e-mail on for invoices, off for a request's status; a switch turned off survives a reload; what each channel reaches", async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    phone.setDefaultTimeout(10_000);
    await signIn(phone, 'renter');
    await phone.goto('/profile');
    const section = phone.getByTestId('channels-section');
    const table = section.getByTestId('channel-table');
    const invoiceMail = table.getByTestId('channel-email-invoice.issued');
    await invoiceMail.waitFor();
    expect(await table.getByTestId('channel-row-invoice.issued').getByRole('rowheader').textContent()).toBe('Выставлен счёт');
    expect(await invoiceMail.isChecked()).toBe(true);
    expect(await table.getByTestId('channel-email-request.status').isChecked()).toBe(false);
    expect(await table.getByTestId('channel-push-request.status').isChecked()).toBe(true);
    // A renter is not offered staff's kinds.
    expect(await table.getByTestId('channel-row-questionnaire.new').count()).toBe(0);
    // This server has no bot: Telegram's switches are shown, not offered, and the section says why.
    expect(await table.getByTestId('channel-telegram-invoice.issued').isDisabled()).toBe(true);
    await section.getByTestId('telegram-reach').getByText('На этом сервере нет Telegram-бота').waitFor();
    const [renter] = await ctx.h.db.select({ email: users.email }).from(users).where(eq(users.username, 'renter'));
    await section.getByTestId('email-reach').getByText(`Письма приходят на ${renter?.email}`).waitFor();
    await fitsThePhone(phone);
    // Every switch sits inside the screen: none is pushed off its right edge.
    const right = await table.evaluate((t) => Math.max(...[...t.querySelectorAll('input')].map((i) => i.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(PHONE.width);
    if (process.env.SHOTS) await phone.screenshot({ path: '/tmp/channels-renter.png', fullPage: true });

    const saved = phone.waitForResponse((r) => r.url().includes('/api/notifications/preferences') && r.request().method() === 'PUT');
    await invoiceMail.tap();
    expect((await saved).status()).toBe(200);
    expect(await invoiceMail.isChecked()).toBe(false);
    await phone.reload();
    await table.getByTestId('channel-email-invoice.issued').waitFor();
    expect(await table.getByTestId('channel-email-invoice.issued').isChecked()).toBe(false);
    expect(await table.getByTestId('channel-push-invoice.issued').isChecked()).toBe(true);
    expect(await table.getByTestId('channel-email-invoice.reminder').isChecked()).toBe(true);

    // Mail to the address refused: the section says nothing is sent until it changes.
    await ctx.h.db.update(users).set({ emailBouncedAt: new Date() }).where(eq(users.username, 'renter'));
    await phone.reload();
    await section.getByTestId('email-bounced').getByText('Пока адрес не изменится, письма не отправляются').waitFor();
    await ctx.h.db.update(users).set({ emailBouncedAt: null }).where(eq(users.username, 'renter'));
    await context.close();
  });

  it("logout makes the server forget this browser's token, so the next user of the browser gets none of ours", async () => {
    const token = `web-${Date.now()}-this-browser`;
    const saved = await page.evaluate(async (fcm_token) => {
      const auth = localStorage.getItem('token') ?? sessionStorage.getItem('token');
      const res = await fetch('/api/set-fcm-token', {
        method: 'POST',
        headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fcm_token }),
      });
      localStorage.setItem('fcm_token', JSON.stringify({ token: fcm_token, userId: 'employee' }));
      return res.status;
    }, token);
    expect(saved).toBe(204);
    expect(await ctx.h.db.select().from(fcmTokens).where(eq(fcmTokens.token, token))).toHaveLength(1);
    await page.getByTestId('logout').click();
    await page.waitForURL('**/auth');
    expect(await ctx.h.db.select().from(fcmTokens).where(eq(fcmTokens.token, token))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('fcm_token'))).toBeNull();
  });

  it('a language switch is kept on the account (its pushes speak it, a new sign-in elsewhere opens in it); a new start registers the token again', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl });
    const desk = await context.newPage();
    desk.setDefaultTimeout(10_000);
    await signIn(desk, 'employee');
    const token = `web-${Date.now()}-language`;
    // Push turned on (what the profile's switch does, without FCM here).
    const saved = await desk.evaluate(async (fcm_token) => {
      const auth = localStorage.getItem('token') ?? sessionStorage.getItem('token');
      const headers = { authorization: `Bearer ${auth}`, 'content-type': 'application/json', 'accept-language': 'ru' };
      const me = (await (await fetch('/api/user', { headers })).json()) as { id: string };
      localStorage.setItem('fcm_token', JSON.stringify({ token: fcm_token, userId: me.id }));
      return (await fetch('/api/set-fcm-token', { method: 'POST', headers, body: JSON.stringify({ fcm_token }) })).status;
    }, token);
    expect(saved).toBe(204);
    const languageOf = async () => (await ctx.h.db.select({ language: users.language }).from(users).where(eq(users.username, 'employee')))[0]?.language;
    expect(await languageOf()).toBe('ru');
    await desk.getByTestId('language-switch').getByRole('button', { name: 'KK' }).click();
    await expect.poll(languageOf).toBe('kk');
    await desk.getByTestId('language-switch').getByRole('button', { name: 'EN' }).click();
    await expect.poll(languageOf).toBe('en');
    // The app starting again (a reload, a new sign-in) registers it again for this session: a token the
    // server forgot (signed out everywhere elsewhere) comes back with the browser's own session.
    await ctx.h.db.delete(fcmTokens).where(eq(fcmTokens.token, token));
    await desk.reload();
    await desk.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await expect
      .poll(async () => (await ctx.h.db.select({ sessionId: fcmTokens.sessionId }).from(fcmTokens).where(eq(fcmTokens.token, token)))[0]?.sessionId)
      .toEqual(expect.any(String));
    expect(await languageOf()).toBe('en');
    // Another browser, still in Russian: signing in opens the app in the account's language.
    const phone = await (await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl })).newPage();
    phone.setDefaultTimeout(10_000);
    await signIn(phone, 'employee');
    await phone.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    expect(await phone.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('en');
    await phone.getByTestId('language-switch').getByRole('button', { name: 'RU' }).click();
    await expect.poll(languageOf).toBe('ru');
    await ctx.h.db.delete(fcmTokens).where(eq(fcmTokens.token, token));
    await phone.context().close();
    await context.close();
  });

  it('the service worker shows a push while no page of the app is in front, with its text and link', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl });
    await context.grantPermissions(['notifications'], { origin: ctx.h.baseUrl });
    const app = await context.newPage();
    app.setDefaultTimeout(10_000);
    await signIn(app, 'employee');
    await app.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(app);
    const registrations: Array<{ registrationId: string; isDeleted: boolean }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => !r.isDeleted)).toBe(true);
    const registrationId = registrations.find((r) => !r.isDeleted)!.registrationId;
    // What FCM delivers for the server's data-only message (server/modules/push/fcm.ts).
    const deliver = (id: number, link: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: ctx.h.baseUrl,
        registrationId,
        data: JSON.stringify({
          data: { title: 'ТОО «Mega Center Group»', body: `Заявка №${id}: статус «В работе»`, link, notification_id: String(id) },
          from: '1',
        }),
      });
    const shown = () =>
      app.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        return (await registration!.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
      });

    // The app in front has its bell: nothing is shown.
    await deliver(1, '/requests-journal');
    await new Promise((r) => setTimeout(r, 500));
    expect(await shown()).toEqual([]);

    // Only a file of the site is open (no page of the app): the push is shown; a foreign link would not be followed.
    await app.goto('/icons/icon-192.png');
    // Until the worker no longer counts the app page that just went, it stays silent: deliver again (a
    // notification's tag is its id, so a second delivery replaces the first) until both are shown.
    await expect
      .poll(async () => {
        await deliver(2, 'https://elsewhere.example/');
        await deliver(3, '/requests-journal');
        return (await shown()).length;
      })
      .toBe(2);
    const byTag = (await shown()).sort((a, b) => a.tag.localeCompare(b.tag));
    expect(byTag).toEqual([
      { title: 'ТОО «Mega Center Group»', body: 'Заявка №2: статус «В работе»', tag: 'notification-2', data: { link: '/home' } },
      { title: 'ТОО «Mega Center Group»', body: 'Заявка №3: статус «В работе»', tag: 'notification-3', data: { link: '/requests-journal' } },
    ]);
    await context.close();
  });

  it('/fcm-test tells a renter only that push is not set up, not the server variables', async () => {
    const renter = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
    await signIn(renter, 'renter');
    await renter.goto('/fcm-test');
    await renter.getByTestId('push-not-configured').getByText('Push-уведомления не настроены на сервере').waitFor();
    expect(await renter.getByTestId('push-not-configured').textContent()).not.toContain('FCM_');
    await renter.close();
  });

  it('/fcm-test and the profile name the variables to set to the superadmin, who can set them', async () => {
    const admin = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
    await signIn(admin, 'superadmin');
    await admin.goto('/fcm-test');
    const message = admin.getByTestId('push-not-configured');
    await message.waitFor();
    for (const name of ['FCM_SERVICE_ACCOUNT', 'FIREBASE_WEB_CONFIG', 'FCM_VAPID_KEY']) expect(await message.textContent()).toContain(name);
    await admin.goto('/profile');
    await admin.getByTestId('push-state').getByText('FCM_SERVICE_ACCOUNT').waitFor();
    await admin.close();
  });
});
