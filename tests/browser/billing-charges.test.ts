import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { almatyToday } from '#/shared/almaty';
import { addMonths } from '#/shared/days';
import { decimal, hundredths } from '#/shared/money';
import { employeeAccess, employees, users } from '#server/db/schema';
import { Harness } from '../support/api-harness';
import { signIn, useBrowser } from '../support/browser';

const PHONE = { width: 390, height: 844 };
const RENTER = 'ИП «Dana Fashion» (Dana Fashion)';
const NEXT = addMonths(`${almatyToday().slice(0, 7)}-01`, 1);
/** "50 000,00" as the SPA writes tenge (any space the locale puts between thousands). */
const tenge = (value: string) => value.replace(/[\s\u00a0\u202f]/g, ' ');
/** The tenge of a field's text ("12 345,67" → "12345.67"). */
const amountOf = (text: string | null) => decimal(hundredths((text ?? '').replace(/[^\d,]/g, '').replace(',', '.')));

// Staff put a one-off charge on a tenant's account, the month's run bills it, a credit note takes part of it back.
describe('one-off charges and credit notes in Chromium', () => {
  const ctx = useBrowser();
  const landlordApi = async () => {
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    return { api, token: await api.login('landlord') };
  };

  it("staff add a one-off charge for next month from the invoices list; it waits among the tenant's charges", async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/invoices');
    await page.getByTestId('invoices-add-charge').click();
    const dialog = page.getByTestId('charge-dialog');
    await dialog.getByLabel('Арендатор').selectOption({ label: RENTER });
    // The tenant's leases are offered; none is the default.
    const lease = dialog.getByLabel('Договор');
    await expect.poll(() => lease.locator('option').count()).toBeGreaterThan(1);
    expect(await lease.inputValue()).toBe('');
    await lease.selectOption({ index: 1 });
    const leaseNumber = ((await lease.locator('option').nth(1).textContent()) ?? '').split(' · ')[0];
    await dialog.getByLabel('Месяц').fill(NEXT.slice(0, 7));
    await dialog.getByLabel('Описание').fill('Реклама на фасаде');
    await dialog.getByLabel('Сумма без НДС, ₸').fill('50000');
    await dialog.getByRole('button', { name: 'Добавить начисление' }).click();
    await page.getByTestId('toast').getByText('Начисление добавлено: оно попадёт в следующий счёт арендатора').waitFor();
    const waiting = dialog.getByTestId('charges-waiting');
    await expect
      .poll(async () => tenge((await waiting.locator('li').allTextContents()).join('|')))
      .toMatch(new RegExp(`Разовое начисление: Реклама на фасаде · Договор ${leaseNumber} · 50 000,00 ₸`));
  });

  it("on a 390 px phone the dialog and the tenant's pending charges fit without sideways scroll", async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'landlord');
    await page.goto('/invoices');
    await page.getByTestId('invoices-add-charge').click();
    const dialog = page.getByTestId('charge-dialog');
    await dialog.getByLabel('Арендатор').selectOption({ label: RENTER });
    const charge = dialog.getByTestId('charges-waiting').getByText(/Реклама на фасаде/);
    await charge.waitFor();
    await dialog.getByRole('button', { name: 'Удалить' }).waitFor();
    const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    expect(inner).toBe(PHONE.width);
    expect(scroll).toBeLessThanOrEqual(PHONE.width);
    // The charge's line wraps within the dialog rather than running past its edge.
    const [line, box] = await Promise.all([charge.boundingBox(), dialog.boundingBox()]);
    expect((line?.x ?? 0) + (line?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    await context.close();
  });

  it("the month's invoice carries the charge; a credit note of part of it lowers what is owed and is listed", async () => {
    const { api, token } = await landlordApi();
    expect((await api.api('/billing/runs', { token, body: { period: NEXT } })).status).toBe(200);
    const renterId = (await api.api('/renters/me', { token: await api.login('renter') })).body.id;
    const charges = (await api.api(`/charges?renter_id=${renterId}`, { token })).body.data as { description: string | null; invoice_id: string | null }[];
    const invoiceId = charges.find((c) => c.description === 'Реклама на фасаде')?.invoice_id;
    expect(invoiceId).toBeTruthy();

    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto(`/invoices/${invoiceId}`);
    const view = page.getByTestId('invoice-view');
    await view.getByTestId('invoice-status').getByText('Выставлен').waitFor();
    await view.getByText('Разовое начисление: Реклама на фасаде', { exact: true }).waitFor();
    const owed = view.getByTestId('invoice-field-owed');
    const before = amountOf(await owed.textContent());
    expect(before).toBe(amountOf(await view.getByTestId('invoice-field-total').textContent()));
    expect(await page.getByTestId('invoice-credit-notes').count()).toBe(0);

    await page.getByTestId('invoice-credit-note').click();
    const dialog = page.getByTestId('credit-note-dialog');
    await dialog.getByLabel('Сумма с НДС, ₸').fill('20000');
    await dialog.getByRole('button', { name: 'Кредит-нота' }).click();
    await dialog.getByText('Обязательное поле').waitFor();
    await dialog.getByLabel('Основание').fill('Реклама снята досрочно');
    await dialog.getByRole('button', { name: 'Кредит-нота' }).click();
    await page
      .getByTestId('toast')
      .getByText(/^Кредит-нота КН-\d{4}-\d{4} выписана$/)
      .waitFor();
    await expect.poll(async () => amountOf(await owed.textContent())).toBe(decimal(hundredths(before) - 2_000_000n));
    const notes = page.getByTestId('invoice-credit-notes');
    await notes.getByText('Реклама снята досрочно').waitFor();
    expect(tenge((await notes.textContent()) ?? '')).toMatch(/КН-\d{4}-\d{4}.*20 000,00/);
  });

  it('an employee without billing update is offered neither "Add charge" nor "Credit note"', async () => {
    const [employee] = await ctx.h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    // May read and record payments (create), not change billing (update).
    await ctx.h.db
      .update(employeeAccess)
      .set({ level: 'employee' })
      .where(and(eq(employeeAccess.employeeId, employee?.id ?? ''), eq(employeeAccess.module, 'billing')));
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.goto('/invoices');
    await page.getByRole('heading', { name: 'Счета на оплату', level: 1 }).waitFor();
    // The invoice the credit note left partly paid: still owed, so theirs to record a payment on.
    await page.getByTestId('invoice-link').first().waitFor();
    expect(await page.getByTestId('invoices-add-charge').count()).toBe(0);
    await page.goto('/invoices?state=partly_paid');
    await page.getByTestId('invoice-link').first().click();
    // The page's actions are drawn (recording a payment is theirs), the credit note is not among them.
    await page.getByTestId('invoice-pay').waitFor();
    expect(await page.getByTestId('invoice-credit-note').count()).toBe(0);
  });
});
