import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';
import { company } from '../support/contractors';
import { PNG } from '../support/requests';

async function apiToken(page: Page, username: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password: 'demo1234' } });
  return ((await res.json()) as { token: string }).token;
}

/**
 * A renter's request taken (or given to `contractor`), its report shown and done, then confirmed with
 * `rating` (none by default; `false`: left done), through the API.
 */
async function closedRequest(page: Page, rating: number | null | false = null, contractor?: string): Promise<{ id: string; number: number }> {
  const renter = { authorization: `Bearer ${await apiToken(page, 'renter')}` };
  const employee = { authorization: `Bearer ${await apiToken(page, 'employee')}` };
  const types = (await (await page.request.get('/api/type-request/kind/12', { headers: renter })).json()) as { id: string }[];
  const created = await page.request.post('/api/requests', { headers: renter, data: { type_id: types[0]?.id, description: 'Дует из окна' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, number } = (await created.json()) as { id: string; number: number };
  const move = async (headers: Record<string, string>, event: string, more: Record<string, unknown> = {}) => {
    const res = await page.request.post(`/api/requests/${id}/transitions`, { headers, data: { event, ...more } });
    expect(res.status(), await res.text()).toBe(200);
  };
  if (contractor) await move(employee, 'request.assign', { assignee_contractor_id: contractor });
  else await move(employee, 'request.take');
  const report = await page.request.post(`/api/requests/${id}/files`, {
    headers: employee,
    multipart: { kind: 'report', file: { name: 'report.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(report.status(), await report.text()).toBe(201);
  await move(employee, 'request.complete');
  if (rating !== false) await move(renter, 'request.confirm', rating === null ? {} : { rating });
  return { id, number };
}

const figure = async (page: Page, key: string) => (await page.getByTestId(`figure-${key}`).textContent())?.trim();

// A tenant on a phone rates its closed request 2 with one tap; the landlord is told, opens the request
// with its reopen action, and the scorecards count the rating.
describe('a low rating from a phone, in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });

  it('the tenant rates a closed request 2 at 390 px; the landlord sees the alert and the scorecard change', async () => {
    const landlord = ctx.page;
    const { id, number } = await closedRequest(landlord);
    await signIn(landlord, 'landlord');
    await landlord.goto('/reports?report=scorecards');
    await landlord.getByTestId('report-tab-scorecards').waitFor();
    await expect.poll(() => figure(landlord, 'rated')).toBe('0');
    expect(await figure(landlord, 'low_ratings')).toBe('0');

    const phone = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'renter');
    await page.goto(`/requests-journal/view/${id}`);
    const card = page.getByTestId('request-rating');
    await card.getByText('Заявка закрыта без оценки. Оценить можно до', { exact: false }).waitFor();
    const stars = card.getByRole('button', { name: /из 5$/ });
    expect(await stars.count()).toBe(5);
    // Each star a large target, all five on the screen; nothing scrolls sideways.
    for (let i = 0; i < 5; i++) {
      const box = await stars.nth(i).boundingBox();
      expect(box && box.height >= 44 && box.width >= 44 && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    expect(inner).toBe(390);
    expect(scroll).toBeLessThanOrEqual(390);

    await card.getByLabel('Комментарий к оценке (необязательно)').fill('Всё равно дует');
    await card.getByRole('button', { name: '2 из 5' }).tap();
    await page.getByTestId('toast').getByText('Спасибо за оценку').waitFor();
    await card.getByTestId('request-rating-value').getByText('Оценка: 2 из 5').waitFor();
    await card.getByText('Всё равно дует').waitFor();
    expect(await card.getByRole('button', { name: /из 5$/ }).count()).toBe(0);
    await phone.close();

    // The landlord's bell and inbox: the alert leads to the request, which it may reopen.
    await landlord.goto('/notifications');
    const alert = landlord.getByTestId('notification').filter({ hasText: `Заявка №${number} оценена на 2 из 5 — её можно открыть заново` });
    await alert.waitFor();
    await alert.click();
    await landlord.waitForURL(`**/requests-journal/view/${id}`);
    await landlord.getByTestId('request-rating').getByText('Низкая оценка: заявку можно открыть заново').waitFor();
    await landlord.getByTestId('action-reopen').getByText('Открыть заново').waitFor();

    await landlord.goto('/reports?report=scorecards');
    await expect.poll(() => figure(landlord, 'low_ratings')).toBe('1');
    expect(await figure(landlord, 'rated')).toBe('1');
    expect(await figure(landlord, 'avg_rating')).toBe('2');
    const employee = landlord.getByTestId('report-table-by_executor').getByTestId('report-row');
    await employee.first().waitFor();
    expect(await employee.count()).toBeGreaterThan(0);
  });

  it('the notification that asks to confirm opens the request with its stars; one tap confirms and rates', async () => {
    const { id, number } = await closedRequest(ctx.page, false);
    const phone = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'renter');
    await page.goto('/notifications');
    await page
      .getByTestId('notification')
      .filter({ hasText: `Заявка №${number}: статус «Выполнена»` })
      .click();
    await page.waitForURL(`**/requests-journal/view/${id}?rate=1`);
    const card = page.getByTestId('request-rating');
    await card.getByText('Поставьте оценку от 1 до 5 — заявка будет подтверждена и закрыта').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('1 из 5');
    await card.getByRole('button', { name: '5 из 5' }).tap();
    await page.getByTestId('request-status').getByText('Закрыта').waitFor();
    await card.getByTestId('request-rating-value').getByText('Оценка: 5 из 5').waitFor();
    await phone.close();
  });

  it("a contractor's card shows its own scorecard", async () => {
    const page = ctx.page;
    const headers = { authorization: `Bearer ${await apiToken(page, 'landlord')}` };
    const made = await page.request.post('/api/contractors', { headers, data: company() });
    expect(made.status(), await made.text()).toBe(201);
    const contractor = ((await made.json()) as { id: string }).id;
    await closedRequest(page, 4, contractor);
    await signIn(page, 'landlord');
    await page.goto(`/contractors/view/${contractor}`);
    const card = page.getByTestId('contractor-scorecard');
    await card.getByText('Оценки работы за 12 месяцев').waitFor();
    expect(await card.getByTestId('scorecard-requests').textContent()).toBe('1');
    expect(await card.getByTestId('scorecard-avg_rating').textContent()).toBe('4');
    expect(await card.getByTestId('scorecard-rating_4').textContent()).toBe('1');
  });
});
