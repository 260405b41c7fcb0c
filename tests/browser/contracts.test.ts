import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import { contracts, objects } from '#server/db/schema';
import { signIn, useBrowser } from '../support/browser';
import { docxWith, textOf } from '../support/docx';

const NUMBER = 'А-2026/17';
const nbsp = '\u00a0';

// The landlord lets two units of the demo centre to its tenant, signs the lease, sees the units occupied
// and the rent roll's totals; the tenant finds the lease among its own, read-only, on a phone.
describe('leases in Chromium', () => {
  const ctx = useBrowser();

  it('the landlord creates a lease for two units and activates it', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-contracts').click();
    await page.getByRole('heading', { name: 'Договоры аренды', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Новый договор аренды' }).click();

    const form = page.getByTestId('contract-form');
    expect(await form.getByTestId('contract-renter').locator('option').first().textContent()).toBe('Выберите арендатора');
    await form.getByLabel('Номер договора').fill(NUMBER);
    await form.getByTestId('contract-renter').selectOption({ label: 'ИП «Dana Fashion» (Dana Fashion)' });
    // The landlord has one centre: it is chosen already, and its units are offered.
    await expect.poll(() => form.getByTestId('contract-object').locator('option:checked').textContent()).toBe('ТРЦ «Mega Center»');
    await form.getByTestId('contract-object').selectOption({ label: 'ТРЦ «Mega Center»' });
    await form.getByLabel('№102 · 1 этаж · 55,5 м²').check();
    await form.getByLabel('№103 · 1 этаж · 71 м²').check();
    await form.getByLabel('Начало аренды').fill(almatyDay(0));
    await form.getByLabel('Окончание аренды').fill(almatyDay(364));
    await form.getByLabel('Ставка, ₸ за м² в месяц').fill('10000,50');
    // 126.5 m² × 10 000.50 = 1 265 063.25, shown before saving as the server will store it.
    await expect.poll(() => form.getByTestId('contract-total').inputValue()).toBe(`1${nbsp}265${nbsp}063,25`);
    // The picker offers no end before the start; a day of payment past 31 is told by its range.
    expect(await form.getByLabel('Окончание аренды').getAttribute('min')).toBe(almatyDay(0));
    await form.getByLabel('День оплаты').fill('35');
    await form.getByLabel('Окончание аренды').fill(almatyDay(-1));
    await form.getByRole('button', { name: 'Создать договор' }).click();
    // Both on the first submit: a field's own rule and the rule between two fields.
    await form.getByText('День оплаты — число от 1 до 31').waitFor();
    await form.getByText('Окончание не раньше начала').waitFor();
    await form.getByLabel('Окончание аренды').fill(almatyDay(364));
    await form.getByLabel('День оплаты').fill('5');
    // The billing terms: a service charge per m² and a late fee with its cap.
    await form.getByLabel('Эксплуатационные, ₸ за м² в месяц').fill('1500');
    await form.getByLabel('Пеня, % в день').fill('0,1');
    await form.getByLabel('Предел пени, % от суммы счёта').fill('10');
    await form.getByRole('button', { name: 'Создать договор' }).click();

    await page.waitForURL(/\/contracts\/view\/[0-9a-f-]{36}$/);
    const view = page.getByTestId('contract-view');
    await view.getByTestId('contract-status').getByText('Черновик').waitFor();
    expect(await view.getByTestId('contract-field-monthly_total').textContent()).toBe(`1${nbsp}265${nbsp}063,25`);
    expect(await view.getByTestId('contract-field-service_rate').textContent()).toBe(`1${nbsp}500,00`);
    expect(await view.getByTestId('contract-field-late_fee_percent').textContent()).toBe('0,10');
    expect(await view.getByTestId('contract-field-late_fee_cap').textContent()).toBe('10,00');
    // The draft's edit form, opened afresh (its lists not loaded yet), shows its tenant and centre chosen.
    const viewPath = new URL(page.url()).pathname;
    await page.goto(viewPath.replace('/view/', '/edit/'));
    const edit = page.getByTestId('contract-form');
    await expect.poll(() => edit.getByTestId('contract-renter').locator('option:checked').textContent()).toBe('ИП «Dana Fashion» (Dana Fashion)');
    await expect.poll(() => edit.getByTestId('contract-object').locator('option:checked').textContent()).toBe('ТРЦ «Mega Center»');
    await page.goto(viewPath);
    await view.getByTestId('contract-status').getByText('Черновик').waitFor();
    await page.getByTestId('action-activate').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('button', { name: 'Ввести в действие' }).click();
    await view.getByTestId('contract-status').getByText('Действует').waitFor();
    // Signed: no longer edited, terminated or renewed instead.
    expect(await page.getByRole('button', { name: 'Редактировать' }).count()).toBe(0);
    await page.getByTestId('action-terminate').click();
    // Without a renewal draft, terminating asks nothing about one.
    await page.getByTestId('contract-dialog').getByLabel('Причина расторжения').waitFor();
    expect(await page.getByTestId('terminate-renewal').count()).toBe(0);
    await page.getByTestId('contract-dialog').getByRole('button', { name: 'Отмена' }).click();
    await page.getByTestId('contract-dialog').waitFor({ state: 'detached' });
    // Its edit address, opened from an old link, says why and leads back to the lease.
    await page.goto(viewPath.replace('/view/', '/edit/'));
    await page.getByText('Действие недоступно в текущем состоянии записи').waitFor();
    await page.getByTestId('not-editable-back').click();
    await page.waitForURL(`**${viewPath}`);
    await view.getByTestId('contract-status').getByText('Действует').waitFor();
  });

  it('the units show as occupied and the rent roll counts them', async () => {
    const page = ctx.page;
    const [centre] = await ctx.h.db.select({ id: objects.id }).from(objects).where(eq(objects.name, 'ТРЦ «Mega Center»'));
    await signIn(page, 'landlord');
    await page.goto(`/objects/${centre?.id}`);
    // The two units of the new lease and unit 101, leased to the tenant by the demo data.
    const occupied = page.getByTestId('room-lease').filter({ hasText: 'Занято: ИП «Dana Fashion»' });
    await expect.poll(() => occupied.count()).toBe(3);
    expect(await page.getByTestId('room-lease').filter({ hasText: 'Свободно' }).count()).toBe(3);

    await page.goto('/contracts');
    await page.getByTestId('open-rent-roll').click();
    const totals = page.getByTestId('rent-roll-totals');
    await totals.waitFor();
    expect(await totals.getByTestId('total-leased_rooms').textContent()).toBe('3');
    expect(await totals.getByTestId('total-no_lease_rooms').textContent()).toBe('0');
    expect(await totals.getByTestId('total-vacant_rooms').textContent()).toBe('3');
    // 40 + 55.5 + 71 + 86.5 + 102 + 117.5 = 472.5 m², 166.5 of them let (the demo's 40 m² of unit 101 too).
    expect(await totals.getByTestId('total-area').textContent()).toBe('472,50');
    expect(await totals.getByTestId('total-vacant_area').textContent()).toBe('306,00');
    // 1 265 063.25 of the new lease and the demo lease's 40 m² × 8 000 = 320 000.
    expect(await totals.getByTestId('total-monthly_rent').textContent()).toBe(`1${nbsp}585${nbsp}063,25`);
    // Expiries by month name, no ISO months and no rows of zeros.
    const ends = page.getByTestId('rent-roll-expiries');
    expect(await ends.textContent()).not.toMatch(/\d{4}-\d{2}/);
    expect(
      await ends
        .locator('tr')
        .filter({ hasText: /^\D+ \d{4}0/ })
        .count(),
    ).toBe(0);
  });

  it('the landlord uploads a lease template in Settings and generates the lease’s document into its files', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/settings');
    const card = page.getByTestId('contract-template');
    await card.getByText('Шаблон ещё не загружен').waitFor();
    await card.getByText('{monthly_total}').waitFor();
    // A misspelt placeholder is caught by the preview before anything is saved.
    await card.getByLabel('Проверить шаблон на образце договора (без сохранения)').setInputFiles({
      name: 'опечатка.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docxWith('Договор {no_such_field}'),
    });
    await expect.poll(() => card.getByTestId('contract-template-error').textContent()).toContain('{no_such_field}');
    expect(await card.getByTestId('contract-template-current').textContent()).toBe('Шаблон ещё не загружен');
    await card.getByLabel('Загрузить шаблон').setInputFiles({
      name: 'шаблон договора.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docxWith('Договор {number}: {renter_name}, {monthly_total} ₸ в месяц'),
    });
    await expect.poll(() => card.getByTestId('contract-template-current').textContent()).toMatch(/^Текущий шаблон: шаблон договора\.docx, загружен /);

    const [lease] = await ctx.h.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.number, NUMBER));
    await page.goto(`/contracts/view/${lease?.id}`);
    await page.getByTestId('contract-generate').click();
    // The number's slash cannot be in a file name.
    const file = page.getByTestId('contract-file').filter({ hasText: 'А-2026_17.docx' });
    await file.waitFor();
    const got = await page.request.get((await file.getAttribute('href')) as string);
    expect(got.status()).toBe(200);
    expect(textOf(await got.body())).toBe(`Договор ${NUMBER}: ИП «Dana Fashion», 1${nbsp}265${nbsp}063,25 ₸ в месяц`);
  });

  it('the landlord’s lease screens fit a phone without sideways scrolling', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'landlord');
    const [lease] = await ctx.h.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.number, NUMBER));
    for (const [url, ready] of [
      ['/contracts', 'contract-link'],
      ['/contracts/rent-roll', 'rent-roll-totals'],
      ['/contracts/create', 'contract-form'],
      [`/contracts/view/${lease?.id}`, 'contract-history'],
      ['/settings', 'contract-template'],
    ] as const) {
      await page.goto(url);
      await page.getByTestId(ready).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
    }
    await context.close();
  });

  it('the tenant sees its lease read-only, on a phone without sideways scrolling', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'renter');
    await page.goto('/contracts');
    await page.getByRole('heading', { name: 'Мои договоры аренды', level: 1 }).waitFor();
    await page.getByTestId('contract-link').filter({ hasText: NUMBER }).click();
    const view = page.getByTestId('contract-view');
    await view.getByTestId('contract-status').getByText('Действует').waitFor();
    const [lease] = await ctx.h.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.number, NUMBER));
    expect(page.url()).toContain(`/contracts/view/${lease?.id}`);
    expect(await page.getByTestId('contract-actions').count()).toBe(0);
    expect(await page.getByTestId('contract-files-input').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Редактировать' }).count()).toBe(0);
    const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    expect(inner).toBe(390);
    expect(scroll).toBeLessThanOrEqual(390);
    await page.goto('/contracts');
    await page.getByTestId('contract-link').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Drafts are the staff's: the tenant is not offered them to filter by.
    expect(await page.getByTestId('filter-status').locator('option').allTextContents()).not.toContain('Черновик');
    await context.close();
  });

  it('a renewal opens its new draft and says so', async () => {
    const page = ctx.page;
    const [lease] = await ctx.h.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.number, NUMBER));
    await signIn(page, 'landlord');
    await page.goto(`/contracts/view/${lease?.id}`);
    await page.getByTestId('action-renew').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Продлить' }).click();
    await page.waitForURL((url) => /\/contracts\/view\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(lease?.id ?? ''));
    await page
      .getByTestId('toast')
      .getByText(/^Создан следующий договор: /)
      .first()
      .waitFor();
    await page.getByTestId('contract-status').getByText('Черновик').waitFor();
  });

  it('terminating the lease asks what to do with its renewal draft, and deletes it when told to', async () => {
    const page = ctx.page;
    const [lease] = await ctx.h.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.number, NUMBER));
    const renewalOf = () =>
      ctx.h.db
        .select({ id: contracts.id })
        .from(contracts)
        .where(eq(contracts.previousId, lease?.id ?? ''));
    expect(await renewalOf()).toHaveLength(1);
    await signIn(page, 'landlord');
    await page.goto(`/contracts/view/${lease?.id}`);
    await page.getByTestId('action-terminate').click();
    const dialog = page.getByTestId('contract-dialog');
    const question = dialog.getByTestId('terminate-renewal');
    await question.getByText('У договора есть черновик продления. Что с ним сделать?').waitFor();
    // Nothing given: the reason and the choice are both asked for on the first submit.
    await dialog.getByTestId('contract-dialog-submit').click();
    await question.getByText('Обязательное поле').waitFor();
    await expect.poll(() => dialog.getByText('Обязательное поле').count()).toBe(2);
    await dialog.getByLabel('Причина расторжения').fill('Арендатор съезжает раньше срока');
    // No choice is made for the user.
    await dialog.getByTestId('contract-dialog-submit').click();
    await question.getByText('Обязательное поле').waitFor();
    expect(await renewalOf()).toHaveLength(1);
    await question.getByLabel('Удалить черновик').check();
    await dialog.getByTestId('contract-dialog-submit').click();
    await page.getByTestId('toast').getByText('Удалён черновик продления').waitFor();
    await page.getByTestId('contract-status').getByText('Расторгнут').waitFor();
    await page.getByTestId('contract-history').getByText('Удалён черновик продления').waitFor();
    expect(await renewalOf()).toEqual([]);
  });
});
