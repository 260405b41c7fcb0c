import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

async function apiToken(page: Page, username: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password: 'demo1234' } });
  return ((await res.json()) as { token: string }).token;
}

/** A request's transition by `username` through the API (the employee's own screens are requests.test.ts's). */
async function move(page: Page, username: string, id: string, event: string) {
  const headers = { authorization: `Bearer ${await apiToken(page, username)}` };
  const res = await page.request.post(`/api/requests/${id}/transitions`, { headers, data: { event } });
  expect(res.status(), await res.text()).toBe(200);
}

// Everyone's inbox: an employee takes the renter's request into work, the renter hears of it by the
// bell, opens the inbox and the request from there; "mark all as read" empties the unread ones.
describe('the inbox in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });
  let id = '';
  let number = 0;

  it('tells the renter that its request was taken into work, and leads to it', async () => {
    const page = ctx.page;
    const headers = { authorization: `Bearer ${await apiToken(page, 'renter')}` };
    const types = (await (await page.request.get('/api/type-request/kind/12', { headers })).json()) as { id: string }[];
    const created = await page.request.post('/api/requests', { headers, data: { type_id: types[0]?.id, description: 'Не горит свет у входа' } });
    expect(created.status(), await created.text()).toBe(201);
    ({ id, number } = (await created.json()) as { id: string; number: number });
    await move(page, 'employee', id, 'request.take');

    await signIn(page, 'renter');
    const bell = page.getByTestId('topbar').getByTestId('bell');
    await bell.getByTestId('bell-count').getByText('1', { exact: true }).waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Уведомления: 1 непрочитанное');
    await bell.click();
    await page.waitForURL('**/notifications');
    await page.getByRole('heading', { name: 'Уведомления', level: 1 }).waitFor();

    const item = page.getByTestId('notification').filter({ hasText: `Заявка №${number}: статус «В работе»` });
    await item.waitFor();
    // Unread shows as a word, not by colour alone.
    expect(await item.getAttribute('data-unread')).toBe('true');
    await item.getByText('Не прочитано').waitFor();
    // Who acted and when, in Almaty time as every date of the product.
    expect(await item.textContent()).toMatch(/[А-ЯЁA-Z][^·]* · \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    expect(await item.getByText('Система').count()).toBe(0);
    await item.click();
    await page.waitForURL(`**/requests-journal/view/${id}`);
    await page.getByTestId('request-status').getByText('В работе').waitFor();

    await bell.click();
    await page.waitForURL('**/notifications');
    await page
      .locator('[data-testid="notification"][data-unread="false"]')
      .filter({ hasText: `Заявка №${number}` })
      .waitFor();
    await bell.getByTestId('bell-count').waitFor({ state: 'detached' });
    expect(await bell.getAttribute('aria-label')).toBe('Уведомления');
    expect(await page.getByText('Не прочитано').count()).toBe(0);
  });

  it('keeps the unread ones on request and marks them all read at once', async () => {
    const page = ctx.page;
    await move(page, 'employee', id, 'request.pause');
    await page.reload();
    const bell = page.getByTestId('topbar').getByTestId('bell');
    await bell.getByTestId('bell-count').getByText('1', { exact: true }).waitFor();
    await page
      .getByTestId('notification')
      .filter({ hasText: `Заявка №${number}: статус «Приостановлена»` })
      .waitFor();

    await page.getByLabel('Только непрочитанные').check();
    await page.locator('[data-testid="notification"][data-unread="true"]').waitFor();
    await expect.poll(() => page.getByTestId('notification').count()).toBe(1);

    await page.getByRole('button', { name: 'Отметить все как прочитанные' }).click();
    await page.getByTestId('empty-state').getByText('Нет новых уведомлений').waitFor();
    await bell.getByTestId('bell-count').waitFor({ state: 'detached' });
    await page.getByLabel('Только непрочитанные').uncheck();
    await expect.poll(() => page.getByTestId('notification').count()).toBe(2);
    // The whole list is fetched again after marking all read; until then it may show what it held.
    await expect.poll(() => page.locator('[data-testid="notification"][data-unread="true"]').count()).toBe(0);
  });

  it('fits a 390 px phone, bell included', async () => {
    const context = await ctx.h.browser.newContext({
      baseURL: ctx.h.baseUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'renter');
    await page.goto('/notifications');
    await page.getByTestId('notification').first().waitFor();
    expect(await page.getByTestId('topbar').getByTestId('bell').isVisible()).toBe(true);
    expect(await page.getByTestId('topbar').getByTestId('logout').isVisible()).toBe(true);
    const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    expect(inner).toBe(390);
    expect(scroll).toBeLessThanOrEqual(390);
    await context.close();
  });
});
