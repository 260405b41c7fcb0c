import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

// Issue 3: the landlord keeps its employees: create (the form refuses a bad IIN first), find,
// delete with the confirmation dialog and a toast, see it among the deleted, restore it.
describe('employees register in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });

  it('creates an employee, refusing a wrong IIN first, and finds it by search', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-employees').click();
    await page.getByRole('heading', { name: 'Сотрудники', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(13); // the demo employee and 12 colleagues
    await page.getByRole('button', { name: 'Добавить' }).click();

    const form = page.getByTestId('employee-form');
    await form.getByLabel('ФИО').fill('Ержан Сулейменов');
    await form.getByLabel('ИИН').fill('880202300014');
    await form.getByLabel('Email').fill('yerzhan@example.kz');
    await form.getByLabel('Логин').fill('yerzhan');
    await form.getByLabel('Должность').fill('Техник');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой').waitFor();

    await form.getByLabel('ИИН').fill('880202300013');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL('**/employees');
    await page.getByTestId('toast').getByText('Запись создана').waitFor();

    await page.getByLabel('Поиск').fill('сулейм');
    await page.waitForURL(/search=/);
    await page.getByTestId('data-row').first().getByText('Ержан Сулейменов').waitFor();
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(1);
  });

  it('deletes it after the confirmation dialog, shows it among the deleted and restores it', async () => {
    const page = ctx.page;
    const row = page.getByTestId('data-row').filter({ hasText: 'Ержан Сулейменов' });
    await row.getByRole('button', { name: 'Удалить' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('Удалить сотрудника Ержан Сулейменов?').waitFor();
    await dialog.getByRole('button', { name: 'Да' }).click();
    await page.getByTestId('toast').getByText('Запись удалена').waitFor();
    await page.getByText('Ничего не найдено').waitFor();
    // The search narrowed it: the empty list says what to do.
    await page.getByText('Измените условия поиска или добавьте запись').waitFor();

    await page.getByLabel('Статус').selectOption('deleted');
    await page.waitForURL(/status=deleted/);
    await row.waitFor();
    await row.getByRole('button', { name: 'Восстановить' }).click();
    await page.getByTestId('toast').getByText('Запись восстановлена').waitFor();

    await page.getByLabel('Статус').selectOption('active');
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Удалить' }).isVisible()).toBe(true);
  });

  it("edits it: the change is saved and listed (only the form's own fields are sent)", async () => {
    const page = ctx.page;
    const row = page.getByTestId('data-row').filter({ hasText: 'Ержан Сулейменов' });
    await row.getByRole('button', { name: 'Изменить' }).click();
    const form = page.getByTestId('employee-form');
    await form.getByLabel('Должность').fill('Старший техник');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('toast').getByText('Изменения сохранены').waitFor();
    await page.waitForURL(/\/employees(\?|$)/);
    await row.getByText('Старший техник').waitFor();
  });
});
