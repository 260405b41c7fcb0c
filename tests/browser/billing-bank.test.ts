import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { almatyToday } from '#/shared/almaty';
import { landlords, users } from '#server/db/schema';
import { Harness } from '../support/api-harness';
import { statementOf } from '../support/bank';
import { signIn, useBrowser } from '../support/browser';

const PHONE = { width: 390, height: 844 };

// Staff bill the month, import the bank's statement on the import page: the tenant's payment pays its invoice
// and its debt leaves the arrears; a payment from an unknown payer waits in the queue and is allocated by hand.
describe('bank statements in Chromium', () => {
  const ctx = useBrowser();

  it('a statement imported on /imports pays the named invoice; a waiting line is allocated from the queue', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/invoices/run');
    await page.getByRole('heading', { name: 'Начисления за месяц', level: 1 }).waitFor();
    await page.getByTestId('billing-run-submit').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Начислить и выставить счета' }).click();
    await page
      .getByTestId('toast')
      .getByText(/^Начислено строк: \d+, выставлено счетов: \d+$/)
      .waitFor();

    // What the bank would export: the tenant pays this month's invoice by its number; someone unknown pays 5,000.
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    const renter = (await api.api('/renters/me', { token: await api.login('renter') })).body;
    const token = await api.login('landlord');
    const period = `${almatyToday().slice(0, 7)}-01`;
    const [invoice] = (await api.api(`/invoices?renter_id=${renter.id}&period=${period}`, { token })).body.data as {
      id: string;
      number: string;
      total: string;
    }[];
    expect(invoice).toBeDefined();
    const [landlord] = await ctx.h.db
      .select({ bin: landlords.bin })
      .from(users)
      .innerJoin(landlords, eq(landlords.id, users.landlordId))
      .where(eq(users.username, 'landlord'));
    const day = almatyToday().split('-').reverse().join('.');
    const line = (n: string, amount: string, payer: string, name: string, purpose: string) => ({
      Номер: n,
      Дата: day,
      Сумма: amount,
      ПлательщикБИН: payer,
      Плательщик1: name,
      ПлательщикИИК: `KZ00${payer}`,
      ПолучательБИН: landlord?.bin ?? '',
      ПолучательИИК: 'KZ00LANDLORD',
      НазначениеПлатежа: purpose,
    });
    const file = statementOf([
      line('311', invoice?.total ?? '', renter.bin_iin, renter.legal_name, `Оплата по счёту № ${invoice?.number} за аренду`),
      line('312', '5000.00', '880101300555', 'ИП Неизвестный', 'Оплата аренды'),
    ]);

    await page.goto('/imports?entity=bank_statement');
    expect(await page.getByTestId('import-template').count()).toBe(0);
    await page.getByTestId('import-file').setInputFiles({ name: 'выписка.txt', mimeType: 'text/plain', buffer: file });
    await page.getByRole('button', { name: 'Проверить файл' }).click();
    await expect.poll(() => page.getByTestId('import-count-total').textContent()).toBe('2');
    expect(await page.getByTestId('import-count-new').textContent()).toBe('1');
    expect(await page.getByTestId('import-count-changed').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Загрузить' }).click();
    await page.getByTestId('toast').getByText('Выписка загружена: оплат от арендаторов 1, в очередь разбора 1').waitFor();

    await page.goto(`/invoices/${invoice?.id}`);
    const view = page.getByTestId('invoice-view');
    await view.getByTestId('invoice-status').getByText('Оплачен', { exact: true }).waitFor();
    await view.getByText('п/п 311').waitFor();
    await page.goto('/invoices/arrears');
    await page.getByRole('heading', { name: 'Задолженность', level: 1 }).waitFor();
    await page
      .getByTestId('arrears')
      .getByText(/Задолженности нет|Итого/)
      .first()
      .waitFor();
    expect(await page.getByTestId('arrears').getByText(renter.legal_name).count()).toBe(0);

    // The waiting line, on a phone first: a card, no sideways scroll.
    const phone = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const small = await phone.newPage();
    small.setDefaultTimeout(10_000);
    await signIn(small, 'landlord');
    await small.goto('/invoices/bank');
    await small.getByTestId('bank-queue').getByText('ИП Неизвестный').first().waitFor();
    const [inner, scroll] = await small.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    expect(scroll).toBeLessThanOrEqual(inner as number);
    await phone.close();

    await page.goto('/invoices');
    await page.getByTestId('invoices-bank').click();
    await page.getByRole('heading', { name: 'Разбор выписки', level: 1 }).waitFor();
    const queue = page.getByTestId('bank-queue');
    await queue.getByText('Оплата аренды').first().waitFor();
    await queue.getByTestId('bank-allocate').first().click();
    const dialog = page.getByTestId('bank-allocate-dialog');
    await dialog.getByTestId('bank-renter').selectOption({ label: `${renter.legal_name} (${renter.trade_point_name})` });
    await dialog.getByRole('button', { name: 'Разнести' }).click();
    await page
      .getByTestId('toast')
      .getByText(/^Поступление разнесено: 5[\s\u00a0]000,00 ₸$/)
      .waitFor();
    await queue.getByText('Очередь пуста: все поступления разнесены').waitFor();
  });
});
