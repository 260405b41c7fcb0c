import { describe, expect, it } from 'vitest';
import { formatDay } from '#/i18n/formatters';
import { almatyToday } from '#/shared/almaty';
import { addMonths } from '#/shared/days';
import { Harness } from '../support/api-harness';
import { signedLease } from '../support/billing';
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
    // What they owe, aged by due day: the tenants with their totals.
    await page.getByRole('button', { name: 'Задолженность' }).click();
    await page.getByRole('heading', { name: 'Задолженность', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('arrears-total').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('arrears-totals').textContent()).toMatch(/^Итого: [\d\s\u00a0]+,\d\d ₸/);
  });

  it('a tenant on a 390 px phone opens its invoice: the rent line, the total, no sideways scroll', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'renter');
    await page.goto('/invoices');
    // Its balance over all its invoices and payments.
    await page
      .getByTestId('invoices-balance')
      .getByText(/^К оплате: [\d\s\u00a0]+,\d\d ₸$/)
      .waitFor();
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

  it('staff record a payment of what is owed: the invoice turns paid and lists the payment', async () => {
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    const token = await api.login('landlord');
    const next = addMonths(`${almatyToday().slice(0, 7)}-01`, 1);
    expect((await api.api('/billing/runs', { token, body: { period: next } })).status).toBe(200);
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/invoices?state=issued');
    await page.getByTestId('invoice-link').first().click();
    await page.getByTestId('invoice-payments-none').waitFor();
    await page.getByTestId('invoice-pay').click();
    const dialog = page.getByTestId('payment-dialog');
    await dialog.getByLabel('Номер платёжного поручения или чека').fill('п/п 42');
    await dialog.getByRole('button', { name: 'Записать оплату' }).click();
    await page
      .getByTestId('toast')
      .getByText(/^Оплата записана: [\d\s\u00a0]+,\d\d ₸$/)
      .waitFor();
    const view = page.getByTestId('invoice-view');
    await view.getByTestId('invoice-status').getByText('Оплачен').waitFor();
    await view.getByText('п/п 42').waitFor();
    expect(await page.getByTestId('invoice-pay').count()).toBe(0);
  });

  it('Home shows what is overdue and opens the arrears; the money report charts billed against collected', async () => {
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    const token = await api.login('landlord');
    const renterId = (await api.api('/renters/me', { token: await api.login('renter') })).body.id;
    // A lease from three months back, its first month billed now: due long ago, so overdue.
    const past = addMonths(`${almatyToday().slice(0, 7)}-01`, -3);
    await signedLease(api, token, { number: 'H-1', renterId, areas: [12], rate: '5000', startsOn: past, endsOn: addMonths(past, 24), paymentDay: 5 });
    expect((await api.api('/billing/runs', { token, body: { period: past } })).status).toBe(200);

    const page = ctx.page;
    await signIn(page, 'landlord');
    const overdue = page.getByTestId('home-figures').getByTestId('home-figure-overdue_sum');
    await expect.poll(() => overdue.textContent()).toMatch(/^[1-9][\d\s\u00a0]*(,\d\d?)?\u00a0₸$/);
    await page.getByRole('link', { name: 'Просроченная задолженность' }).click();
    await page.getByRole('heading', { name: 'Задолженность', level: 1 }).waitFor();

    await page.goto('/reports?report=billing');
    await page.getByTestId('report-tab-billing').waitFor();
    await expect.poll(() => page.getByTestId('figure-overdue_sum').textContent()).toMatch(/^[1-9][\d\s\u00a0]*(,\d\d?)? ₸$/);
    await page.getByTestId('report-table-billed_collected').waitFor();
    expect(await page.getByTestId('report-table-ageing').getByTestId('report-row').count()).toBe(5);
  });

  it('the statement of account: a tenant on a phone from its balance, staff from the arrears', async () => {
    // A month two ahead billed now: the tenant owes it, whatever the tests before paid.
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    const token = await api.login('landlord');
    expect((await api.api('/billing/runs', { token, body: { period: addMonths(`${almatyToday().slice(0, 7)}-01`, 2) } })).status).toBe(200);
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const phone = await context.newPage();
    phone.setDefaultTimeout(10_000);
    await signIn(phone, 'renter');
    await phone.goto('/invoices');
    const owed = await phone.getByTestId('invoices-balance').textContent();
    expect(owed).toMatch(/^К оплате: [\d\s\u00a0]+,\d\d ₸$/);
    await phone.getByRole('link', { name: 'Акт сверки' }).click();
    await phone.getByRole('heading', { name: 'Акт сверки', level: 1 }).waitFor();
    // From the first of January: nothing before it, the closing balance is what the tenant owes today.
    await phone
      .getByTestId('statement-opening')
      .getByText(/: Задолженности нет$/)
      .waitFor();
    await expect.poll(() => phone.getByTestId('statement-closing').textContent()).toBe(`Сальдо на ${formatDay(almatyToday(), 'ru')}: ${owed}`);
    expect(await phone.getByRole('link', { name: /^Счёт № / }).count()).toBeGreaterThan(0);
    const [inner, scroll] = await phone.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    expect(scroll).toBeLessThanOrEqual(inner);
    await context.close();

    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/invoices/arrears');
    await page.getByRole('link', { name: 'Акт сверки' }).first().click();
    await page.getByRole('heading', { name: 'Акт сверки', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByTestId('statement-closing').textContent())
      .toMatch(/^Сальдо на \d\d\.\d\d\.\d{4}: (К оплате|Аванс): [\d\s\u00a0]+,\d\d ₸$/);
  });
});
