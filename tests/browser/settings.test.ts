import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

/** Chooses the employee in Settings and answers its access panel. */
async function accessOf(page: Page, name: string) {
  await page.getByLabel('Сотрудник', { exact: true }).selectOption({ label: name });
  const panel = page.getByTestId('employee-access').filter({ hasText: name });
  await panel.waitFor();
  return panel;
}

// The landlord grants access per module in Settings; the server enforces it on the employee's next call.
describe('settings: employee access in Chromium', () => {
  const ctx = useBrowser();

  it("takes the demo employee's access to Employees away and saves the row with a toast", async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'landlord');
    await page.getByTestId('nav-settings').click();
    await page.getByRole('heading', { name: 'Настройки', level: 1 }).waitFor();
    let row = await accessOf(page, 'Нурлан Абенов');
    // Every module's level is in view on a laptop: no column runs off the page.
    const levels = row.getByRole('combobox');
    expect(await levels.count()).toBe(14);
    for (const level of await levels.all()) {
      const box = await level.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    const employees = row.getByLabel('Сотрудники', { exact: true });
    expect(await employees.inputValue()).toBe('creator');
    // The access levels' labels, in the user's language.
    expect(await employees.locator('option').allTextContents()).toEqual([
      'Нет доступа',
      'Просмотр',
      'Исполнитель',
      'Сотрудник',
      'Создатель',
      'Промежуточный',
      'Главный',
    ]);
    const save = row.getByRole('button', { name: 'Сохранить' });
    expect(await save.isDisabled()).toBe(true);

    await employees.selectOption({ label: 'Нет доступа' });
    await row.getByLabel('Может отправлять уведомления').check();
    await save.click();
    await page.getByTestId('toast').getByText('Доступ сотрудника Нурлан Абенов сохранён').waitFor();
    await page.reload();
    row = await accessOf(page, 'Нурлан Абенов');
    expect(await row.getByLabel('Сотрудники', { exact: true }).inputValue()).toBe('none');
    expect(await row.getByLabel('Может отправлять уведомления').isChecked()).toBe(true);
    expect(await row.getByLabel('Заявки', { exact: true }).inputValue()).toBe('creator');
  });

  it('sends the employee Home from the Employees page it may no longer open, and keeps its other modules', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    expect(await page.getByTestId('nav-employees').count()).toBe(0);
    // A route the user may not open sends it Home.
    await page.goto('/employees');
    await page.waitForURL('**/home');
    await page.getByTestId('home').waitFor();
    // Requests are still granted: Home keeps the module.
    await page.goto('/home');
    await page.getByTestId('tile-applications').waitFor();
    expect(await page.getByTestId('no-bid-access').count()).toBe(0);
  });

  it('offers a view-only employee no create, edit or delete on Renters', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-settings').click();
    const row = await accessOf(page, 'Нурлан Абенов');
    await row.getByLabel('Арендаторы', { exact: true }).selectOption({ label: 'Просмотр' });
    await row.getByLabel('Подрядчики', { exact: true }).selectOption({ label: 'Нет доступа' });
    await row.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('toast').getByText('Доступ сотрудника Нурлан Абенов сохранён').waitFor();

    await signIn(page, 'employee');
    await page.goto('/renters');
    const renter = page.getByTestId('data-row').filter({ hasText: 'Dana Fashion' });
    await renter.waitFor();
    // It reads the register, and is offered nothing the server would refuse it.
    expect(await page.getByRole('button', { name: 'Добавить' }).count()).toBe(0);
    expect(await renter.getByRole('button', { name: 'Изменить' }).count()).toBe(0);
    expect(await renter.getByRole('button', { name: 'Удалить' }).count()).toBe(0);
    // No access to contractors: the menu does not offer them; renters (view) it keeps.
    expect(await page.getByTestId('nav-renters').count()).toBe(1);
    expect(await page.getByTestId('nav-contractors').count()).toBe(0);
  });

  it('answers a refusal the session did not foresee with a plain no-access page, without filters or retry', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.getByTestId('nav-renters').waitFor();
    // Meanwhile the landlord takes Renters away from the signed-in employee.
    const landlord = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
    await signIn(landlord, 'landlord');
    await landlord.getByTestId('nav-settings').click();
    const row = await accessOf(landlord, 'Нурлан Абенов');
    await row.getByLabel('Арендаторы', { exact: true }).selectOption({ label: 'Нет доступа' });
    await row.getByRole('button', { name: 'Сохранить' }).click();
    await landlord.getByTestId('toast').getByText('Доступ сотрудника Нурлан Абенов сохранён').waitFor();
    await landlord.close();

    await page.getByTestId('nav-renters').click();
    const denied = page.getByTestId('no-access');
    await denied.getByText('Недостаточно прав').waitFor();
    expect(await page.getByRole('searchbox').count()).toBe(0);
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Повторить' }).count()).toBe(0);
    expect(await denied.getByRole('link', { name: 'На главную' }).count()).toBe(1);
  });
});
