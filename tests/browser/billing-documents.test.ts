import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { almatyToday } from '#/shared/almaty';
import { Harness } from '../support/api-harness';
import { signIn, useBrowser } from '../support/browser';
import { docxWith } from '../support/docx';

const PHONE = { width: 390, height: 844 };

// A tenant on a phone downloads its invoice as a PDF and its statement of account as Excel; the landlord
// puts its own АВР template in Settings.
describe('billing documents in Chromium', () => {
  const ctx = useBrowser();

  it('a tenant on a 390 px phone downloads its invoice as a PDF and its statement as Excel, with no sideways scroll', async () => {
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    const token = await api.login('landlord');
    expect((await api.api('/billing/runs', { token, body: { period: `${almatyToday().slice(0, 7)}-01` } })).status).toBe(200);

    const context = await ctx.h.browser.newContext({
      baseURL: ctx.h.baseUrl,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'renter');
    await page.goto('/invoices');
    await page.getByTestId('invoice-link').first().click();
    const view = page.getByTestId('invoice-view');
    await view.getByTestId('invoice-status').getByText('Выставлен').waitFor();
    const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/№\s*(\S+)/)?.[1];
    expect(number).toBeTruthy();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`Счёт ${number}.pdf`);
    expect((await readFile(await pdf.path())).subarray(0, 4).toString()).toBe('%PDF');
    const wide = async () => page.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth }));
    const onInvoice = await wide();
    expect(onInvoice.inner).toBe(PHONE.width);
    expect(onInvoice.scroll).toBeLessThanOrEqual(PHONE.width);

    // The statement of account from the tenant's balance, as a workbook (a zip: "PK") of the period on screen.
    await page.goto('/invoices');
    await page.getByTestId('invoices-balance').waitFor();
    await page.getByRole('link', { name: 'Акт сверки' }).click();
    await page.getByTestId('statement-closing').waitFor();
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-xlsx').click()]);
    expect(xlsx.suggestedFilename()).toBe(`Акт-сверки ${almatyToday().slice(0, 4)}-01-01—${almatyToday()}.xlsx`);
    expect((await readFile(await xlsx.path())).subarray(0, 2).toString()).toBe('PK');
    expect((await wide()).scroll).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('the landlord uploads its own АВР template in Settings and sees its name; a misspelt placeholder is refused', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.setViewportSize(PHONE);
    await page.goto('/settings');
    const card = page.getByTestId('act-template');
    await card.getByTestId('act-template-current').getByText('Используется стандартный шаблон').waitFor();
    await card.getByTestId('act-template-placeholders').getByText('{grand_total}').waitFor();
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

    await card.getByTestId('act-template-input').setInputFiles({ name: 'опечатка.docx', mimeType: docx, buffer: docxWith('{numbr}') });
    await card
      .getByTestId('act-template-error')
      .getByText('В шаблоне АВР неизвестные заполнители: {numbr}. Проверьте написание: список доступных — в настройках начислений')
      .waitFor();

    await card.getByTestId('act-template-input').setInputFiles({ name: 'Наш АВР.docx', mimeType: docx, buffer: docxWith('Акт {number} — {grand_total}') });
    await page.getByTestId('toast').getByText('Шаблон АВР сохранён').waitFor();
    await card.getByTestId('act-template-current').getByText('Свой шаблон: Наш АВР.docx').waitFor();
    expect(await card.getByTestId('act-template-error').count()).toBe(0);
    // The file back, as it was uploaded.
    const [back] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Скачать свой шаблон' }).click()]);
    expect(back.suggestedFilename()).toBe('Наш АВР.docx');
    // The placeholders wrap on a phone rather than scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Removed: the standard template again, after a reload too.
    await card.getByRole('button', { name: 'Вернуть стандартный шаблон' }).click();
    await page.getByTestId('toast').getByText('Снова используется стандартный шаблон АВР').waitFor();
    await page.reload();
    await page.getByTestId('act-template-current').getByText('Используется стандартный шаблон').waitFor();
  });
});
