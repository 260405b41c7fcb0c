import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

const PHONE = { width: 390, height: 844 };

// A landlord bills the month from the preview; a tenant on a phone reads its invoice; staff void one with a reason.
describe('billing in Chromium', () => {
  const ctx = useBrowser();

  it('a landlord previews and runs the month; the invoices are listed as issued', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-invoices').click();
    await page.getByRole('heading', { name: 'Счета на оплату', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Начислить за месяц' }).click();
    await page.getByRole('heading', { name: 'Начисления за месяц', level: 1 }).waitFor();
    // The demo's signed leases let this month: their rent is what the run posts.
    const totals = page.getByTestId('billing-totals');
    await expect.poll(() => totals.textContent()).toMatch(/^К начислению: договоров \d+ на [\d\s\u00a0]+,\d\d ₸, НДС 0,00 ₸$/);
    await page.getByTestId('billing-run-submit').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Начислить и выставить счета' }).click();
    await page
      .getByTestId('toast')
      .getByText(/^Начислено строк: \d+, выставлено счетов: \d+$/)
      .waitFor();
    // Run again: nothing is left to charge this month.
    await expect.poll(() => totals.textContent()).toBe('Нечего начислять: все договоры этого месяца уже начислены');

    await page.getByRole('link', { name: 'Счета на оплату' }).click();
    const statuses = page.getByTestId('invoices-list').getByTestId('invoice-status');
    await expect.poll(async () => (await statuses.allTextContents()).length).toBeGreaterThan(0);
    expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Выставлен']));
  });

  it('a tenant on a 390 px phone opens its invoice: the rent line, the total, no sideways scroll', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'renter');
    await page.goto('/invoices');
    await page.getByTestId('invoice-link').first().click();
    const view = page.getByTestId('invoice-view');
    await view.getByTestId('invoice-status').getByText('Выставлен').waitFor();
    await view.getByText('Аренда', { exact: true }).waitFor();
    expect(await page.getByTestId('invoice-actions').count()).toBe(0);
    const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    expect(inner).toBe(PHONE.width);
    expect(scroll).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('staff void an invoice with a reason; it stays in the list as void', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/invoices');
    await page.getByTestId('invoice-link').first().click();
    await page.getByTestId('invoice-void').click();
    const dialog = page.getByTestId('invoice-void-dialog');
    await dialog.getByRole('button', { name: 'Аннулировать' }).click();
    await dialog.getByText('Обязательное поле').waitFor();
    await dialog.getByLabel('Причина').fill('Неверная площадь');
    await dialog.getByRole('button', { name: 'Аннулировать' }).click();
    await page.getByTestId('toast').getByText('Счёт аннулирован').waitFor();
    const view = page.getByTestId('invoice-view');
    await view.getByTestId('invoice-status').getByText('Аннулирован').waitFor();
    expect(await view.getByTestId('invoice-field-void_reason').textContent()).toBe('Неверная площадь');
  });
});
