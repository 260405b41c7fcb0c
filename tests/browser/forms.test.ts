import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

/** The field's wrapper (label, control, texts) of a labelled control. */
const fieldOf = (control: Locator) => control.locator('xpath=ancestor::div[1]');

// The one form pattern: required fields are marked before anything is sent, every error is said once
// (under its field, or in the form's message when it belongs to no field), all of them on the first submit.
describe('forms in Chromium', () => {
  const ctx = useBrowser();

  it('marks required fields before the first submit and says the server’s field error once, under its field', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/employees/create');
    const form = page.getByTestId('employee-form');
    const name = form.getByLabel('ФИО', { exact: true });
    await name.waitFor();
    // Marked before any submit: an asterisk beside the label, `required` on the control.
    for (const label of ['ФИО', 'Email', 'Логин']) {
      const control = form.getByLabel(label, { exact: true });
      expect(await control.getAttribute('required')).not.toBeNull();
      expect(await fieldOf(control).getByTestId('required-mark').count()).toBe(1);
    }
    expect(
      await fieldOf(form.getByLabel('Отдел', { exact: true }))
        .getByTestId('required-mark')
        .count(),
    ).toBe(0);

    await name.fill('Гульнара Искакова');
    await form.getByLabel('Email', { exact: true }).fill('gulnara@example.kz');
    await form.getByLabel('Логин', { exact: true }).fill('employee'); // the demo employee's login
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Такой логин уже занят').waitFor();
    expect(await page.getByText('Такой логин уже занят').count()).toBe(1);
    expect(await form.getByTestId('form-message').count()).toBe(0);
    expect(await form.getByLabel('Логин', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows every error of the demo form on the first submit', async () => {
    const page = ctx.page;
    await page.goto('/');
    const form = page.getByTestId('demo-form');
    const email = form.getByLabel('Email', { exact: true });
    await email.waitFor();
    expect(await fieldOf(email).getByTestId('required-mark').count()).toBe(1);
    await form.getByLabel('Телефон').fill('7012');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await form.getByText('Укажите имя или компанию').waitFor();
    await form.getByText('Обязательное поле').waitFor();
    await form.getByText('Введите корректный номер телефона').waitFor();
    expect(await form.locator('[role="alert"]').count()).toBe(3);
    expect(await form.getByTestId('form-message').count()).toBe(0);
  });
});
