import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

/** The texts of the column headers a user sees on the page (hidden ones left out). */
const visibleHeaders = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="data-table"] th')]
      .filter((th) => (th as HTMLElement).offsetParent !== null && th.getBoundingClientRect().width > 0)
      .map((th) => th.textContent?.trim() ?? ''),
  );

// What a new user ran into on a first walk through the SPA.
describe('rough edges in Chromium', () => {
  const ctx = useBrowser();

  it('the landing heading keeps every word whole on a 390 px phone', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const measured = await heading.evaluate((h1) => {
      const text = h1.firstChild as Text;
      const split: string[] = [];
      for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        // A word on two lines has a box on each of them.
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) split.push(m[0]);
      }
      return { split, scroll: h1.scrollWidth, client: h1.clientWidth };
    });
    expect(measured.split).toEqual([]);
    expect(measured.scroll).toBeLessThanOrEqual(measured.client);
  });

  it('lists without row actions have no empty "Действия" column', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'landlord');
    const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
    const headers = { authorization: `Bearer ${token}` };
    const employees = (await (await page.request.get('/api/user/all?role=employee', { headers })).json()) as { id: string }[];
    const sent = await page.request.post('/api/employee-notifications', {
      headers,
      multipart: { message: 'Планёрка', 'recipients[0]': employees[0]?.id ?? '' },
    });
    expect(sent.status()).toBe(201);

    await page.goto('/employee-notifications');
    await page.getByTestId('employee-notice-link').first().waitFor();
    expect(await visibleHeaders(page)).toEqual(['Текст', 'Получатели', 'Автор', 'Дата']);

    await page.goto('/contracts/rent-roll');
    await page.getByTestId('rent-roll-totals').waitFor();
    const shown = await visibleHeaders(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).not.toContain('');
    expect(shown).not.toContain('Действия');
  });

  it('/auth while signed in sends the user Home', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/auth');
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: 'Главная', level: 1 }).waitFor();
  });

  it('a record that is not there offers the way Home', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/contracts/view/00000000-0000-4000-8000-000000000000');
    await page.getByTestId('record-missing').getByText('Запись не найдена').waitFor();
    await page.getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL('**/home');
  });
});
