import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

async function apiToken(page: Page, username: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password: 'demo1234' } });
  return ((await res.json()) as { token: string }).token;
}

/** A renter's new request, through the API. */
async function newRequest(page: Page) {
  const headers = { authorization: `Bearer ${await apiToken(page, 'renter')}` };
  const types = (await (await page.request.get('/api/type-request/kind/12', { headers })).json()) as { id: string }[];
  const created = await page.request.post('/api/requests', { headers, data: { type_id: types[0]?.id, description: 'Не горит свет у входа' } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; number: number };
}

/** The employee takes it into work, elsewhere (through the API, as another browser would). */
async function take(page: Page, id: string) {
  const headers = { authorization: `Bearer ${await apiToken(page, 'employee')}` };
  const res = await page.request.post(`/api/requests/${id}/transitions`, { headers, data: { event: 'request.take' } });
  expect(res.status(), await res.text()).toBe(200);
}

// Live notifications: the renter stays on Home; when the employee takes its request, the bell and a
// toast say so at once, without a reload, and the toast leads to the request.
describe('live notifications in Chromium', () => {
  const ctx = useBrowser();

  it("the renter's bell and a toast change without a reload when the employee takes its request", async () => {
    const page = ctx.page;
    const { id, number } = await newRequest(page);
    await signIn(page, 'renter');
    const bell = page.getByTestId('topbar').getByTestId('bell');
    await bell.waitFor();
    expect(await bell.getByTestId('bell-count').count()).toBe(0);
    // Nothing reloads the page from here: a marker on window would be lost.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await take(page, id);
    const toast = page.getByTestId('toast').filter({ hasText: `Заявка №${number}: статус «В работе»` });
    await toast.waitFor({ timeout: 3000 });
    await bell.getByTestId('bell-count').getByText('1', { exact: true }).waitFor({ timeout: 3000 });
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(page.url()).toMatch(/\/home$/);

    await toast.getByTestId('toast-link').click();
    await page.waitForURL(`**/requests-journal/view/${id}`);
    await page.getByTestId('request-status').getByText('В работе').waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
  });

  it('at 390 px the toast does not make the page scroll sideways', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const { id, number } = await newRequest(page);
    await signIn(page, 'renter');
    await page.getByTestId('topbar').getByTestId('bell').waitFor();
    await take(page, id);
    const toast = page.getByTestId('toast').filter({ hasText: `Заявка №${number}` });
    await toast.waitFor({ timeout: 3000 });
    const box = await toast.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
