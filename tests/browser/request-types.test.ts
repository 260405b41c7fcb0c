import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

// Issue 4: the landlord sets up its request types in Settings; the superadmin keeps the catalogue.
describe('request types in Chromium', () => {
  const ctx = useBrowser();

  it('lets the landlord hide a type and set its responsible employee and hours, kept after a reload', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-settings').click();
    const section = page.getByTestId('request-types-settings');
    await section.getByRole('heading', { name: 'Типы заявок' }).waitFor();
    const row = section.getByTestId('data-row').filter({ hasText: 'Сантехника' });
    await row.waitFor();
    // Both kinds are listed, named by /get-kind.
    expect(await section.getByTestId('data-row').count()).toBe(14);

    const shown = row.getByLabel('Показывать');
    expect(await shown.isChecked()).toBe(true);
    await shown.uncheck();
    await page.getByTestId('toast').getByText('Тип «Сантехника» скрыт').waitFor();

    const save = row.getByRole('button', { name: 'Сохранить' });
    expect(await save.isDisabled()).toBe(true);
    const hours = row.getByLabel('Часов на решение');
    expect(await hours.inputValue()).toBe('24');
    await hours.fill('0');
    await row.getByText('От 1 до 8760 часов').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await hours.fill('12');
    await row.getByLabel('Ответственный').selectOption({ label: 'Нурлан Абенов' });
    await save.click();
    await page.getByTestId('toast').getByText('Настройки типа «Сантехника» сохранены').waitFor();

    await page.reload();
    await row.waitFor();
    expect(await row.getByLabel('Показывать').isChecked()).toBe(false);
    expect(await row.getByLabel('Часов на решение').inputValue()).toBe('12');
    expect(await row.getByLabel('Ответственный').locator('option:checked').textContent()).toBe('Нурлан Абенов');
    // The employees' access above keeps its own panel.
    await page.getByTestId('employee-access').waitFor();
  });

  it('lets the superadmin add a type to the catalogue in three languages and rename it', async () => {
    const page = ctx.page;
    await signIn(page, 'superadmin');
    await page.getByTestId('nav-requestTypes').click();
    await page.getByRole('heading', { name: 'Каталог типов заявок', level: 1 }).waitFor();
    await page.getByTestId('data-row').first().waitFor();
    expect(await page.getByTestId('data-row').count()).toBe(14);

    const form = page.getByTestId('request-type-form');
    await form.getByLabel('Название (рус.)').fill('Потерянные вещи');
    await form.getByLabel('Название (каз.)').fill('Жоғалған заттар');
    await form.getByLabel('Название (англ.)').fill('Lost property');
    await form.getByLabel('Вид').selectOption('13');
    await form.getByLabel('Часов на решение по умолчанию').fill('6');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('toast').getByText('Тип заявки добавлен').waitFor();
    const row = page.getByTestId('data-row').filter({ hasText: 'Потерянные вещи' });
    await row.waitFor();
    expect(await row.textContent()).toContain('6');

    await row.getByRole('button', { name: 'Изменить' }).click();
    expect(await form.getByLabel('Название (англ.)').inputValue()).toBe('Lost property');
    await form.getByLabel('Название (рус.)').fill('Бюро находок');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('toast').getByText('Тип заявки сохранён').waitFor();
    await page.getByTestId('data-row').filter({ hasText: 'Бюро находок' }).waitFor();
    expect(await page.getByTestId('data-row').filter({ hasText: 'Потерянные вещи' }).count()).toBe(0);
  });
});
