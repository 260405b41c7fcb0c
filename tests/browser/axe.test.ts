import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // axe-core/playwright is typed against @playwright/test's Page; playwright-core's is the same object.
  const result = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

// A person who uses a screen reader or needs contrast meets these screens first.
describe('accessibility (axe): no serious or critical violations', () => {
  const ctx = useBrowser();
  // AxeBuilder opens a blank page beside the tested one, which a page of browser.newPage() may not do.
  beforeEach(async () => {
    await ctx.page.close();
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl });
    ctx.page = await context.newPage();
    ctx.page.setDefaultTimeout(10_000);
  });

  it('on the landing page', async () => {
    await ctx.page.goto('/');
    await ctx.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await seriousViolations(ctx.page)).toEqual([]);
  });

  it('on the sign-in page', async () => {
    await ctx.page.goto('/auth');
    await ctx.page.getByLabel('Логин').waitFor();
    expect(await seriousViolations(ctx.page)).toEqual([]);
  });

  it('on Home and the request log', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByRole('heading', { name: 'Главная', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('nav-requests').click();
    await page.getByRole('heading', { name: 'Журнал заявок', level: 1 }).waitFor();
    await page.locator('[data-testid="data-row"], [data-testid="empty-state"]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('on a form with its errors shown', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/employees/create');
    await page.getByRole('heading', { name: 'Новый сотрудник', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Обязательное поле').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('on a request view with a toast shown', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    await page.goto('/requests-journal');
    await page.getByRole('button', { name: 'Новая заявка' }).click();
    await page.getByTestId('request-type-tile').first().click();
    const form = page.getByTestId('request-form');
    await form.getByLabel('Описание').fill('Не работает кондиционер');
    await form.getByRole('button', { name: 'Отправить' }).click();
    await page.waitForURL(/\/requests-journal\/view\//);
    await page.getByTestId('toast').first().waitFor();
    await page.getByTestId('request-view').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The log with a row in it (the demo landlord's log starts empty).
    await page.goto('/requests-journal');
    await page.getByTestId('data-row').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
