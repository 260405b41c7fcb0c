import { describe, expect, it } from 'vitest';
import { almatyToday } from '#/shared/almaty';
import { DEMO_PASSWORD } from '#server/seed/demo';
import { signIn, useBrowser } from '../support/browser';

const PHONE = { width: 390, height: 844 };
const PAGE = 'https://pay.example.kz/checkout';

// A landlord picks the reminder days; a tenant on a phone pays its invoice online through the provider's page.
describe('billing reminders and paying online in Chromium', () => {
  const ctx = useBrowser({ config: { paymentProvider: { name: 'hmac', url: PAGE, secret: 'browser-provider-secret' } } });

  it('the landlord turns the 30-day reminder off in Settings; it stays off', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/settings');
    const reminders = page.getByTestId('billing-reminders');
    await reminders.getByText('Напоминать арендатору об оплате счёта').waitFor();
    const late30 = reminders.getByLabel('Через 30 дней после срока');
    await expect.poll(() => late30.isChecked()).toBe(true);
    await late30.uncheck();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/billing/settings') && r.request().method() === 'PUT');
    await page.getByTestId('billing-settings').getByRole('button', { name: 'Сохранить' }).click();
    expect(((await (await saved).json()) as { reminders: number[] }).reminders).toEqual([-3, 0, 7]);
    await page.reload();
    // The saved days replace the form's defaults once they are read.
    await expect.poll(() => page.getByTestId('billing-reminders').getByLabel('Через 30 дней после срока').isChecked()).toBe(false);
    expect(await page.getByTestId('billing-reminders').getByLabel('Через 7 дней после срока').isChecked()).toBe(true);
  });

  it('a tenant on a 390 px phone presses "Оплатить онлайн" and lands on the provider page for what it owes', async () => {
    const login = await fetch(`${ctx.h.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'landlord', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const run = await fetch(`${ctx.h.baseUrl}/api/billing/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ period: `${almatyToday().slice(0, 7)}-01` }),
    });
    expect(run.status).toBe(200);

    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // The provider's page, as the provider would serve it.
    await page.route(`${PAGE}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Kaspi</h1>' }));
    await signIn(page, 'renter');
    await page.goto('/invoices');
    await page.getByTestId('invoice-link').first().click();
    const view = page.getByTestId('invoice-view');
    await view.getByTestId('invoice-status').getByText('Выставлен').waitFor();
    const total = ((await view.getByTestId('invoice-field-total').textContent()) ?? '').replace(/[^\d,]/g, '').replace(',', '.');
    const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    expect(scroll).toBeLessThanOrEqual(inner as number);
    await view.getByRole('button', { name: 'Оплатить онлайн' }).click();
    await page.waitForURL(`${PAGE}**`);
    const url = new URL(page.url());
    expect(url.searchParams.get('amount')).toBe(total);
    expect(url.searchParams.get('return_url')).toMatch(/\/invoices\/[0-9a-f-]{36}$/);
    await context.close();
  });

  it('staff are not offered the tenant\'s "Оплатить онлайн"', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/invoices');
    await page.getByTestId('invoice-link').first().click();
    await page.getByTestId('invoice-view').getByTestId('invoice-status').waitFor();
    await page.getByTestId('invoice-pay').waitFor();
    expect(await page.getByTestId('invoice-pay-online').count()).toBe(0);
  });
});
