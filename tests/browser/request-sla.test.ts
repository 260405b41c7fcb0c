import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

const rowOf = (page: Page, n: number) => page.getByTestId('data-row').filter({ has: page.getByTestId('request-link').getByText(`№${n}`, { exact: true }) });

// Issue 32: a request's priority in the journal, and the SLA in Settings.
describe('request priority and SLA in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });
  let number = 0;

  it('a renter flags an emergency; staff raise another to high and find it by the journal filter', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    await page.goto('/requests-journal');
    await page.getByRole('button', { name: 'Новая заявка' }).click();
    await page.getByTestId('request-type-tile').first().click();
    const form = page.getByTestId('request-form');
    await form.getByLabel('Описание').fill('Течёт потолок над витриной');
    await form.getByTestId('request-emergency').check();
    await form.getByRole('button', { name: 'Отправить' }).click();
    await page.waitForURL(/\/requests-journal\/view\/[0-9a-f-]{36}$/);
    await page.getByTestId('request-view').getByTestId('request-priority').getByText('Аварийная').waitFor();
    // A second, ordinary request.
    await page.goto('/requests-journal');
    await page.getByRole('button', { name: 'Новая заявка' }).click();
    await page.getByTestId('request-type-tile').first().click();
    await form.getByLabel('Описание').fill('Скрипит дверь склада');
    await form.getByRole('button', { name: 'Отправить' }).click();
    await page.waitForURL(/\/requests-journal\/view\/[0-9a-f-]{36}$/);
    const toast = await page
      .getByTestId('toast')
      .getByText(/^Заявка №\d+ отправлена$/)
      .first()
      .textContent();
    number = Number(/№(\d+)/.exec(toast ?? '')?.[1]);
    const view = new URL(page.url()).pathname;
    await page.getByTestId('request-view').getByTestId('request-priority').getByText('Обычный').waitFor();

    await page.context().clearCookies();
    await signIn(page, 'employee');
    await page.goto(view);
    await page.getByTestId('request-priority-select').selectOption({ label: 'Высокий' });
    await page.getByTestId('toast').getByText('Приоритет изменён').waitFor();
    expect(await page.getByTestId('request-history').getByText('Изменён приоритет').count()).toBe(1);

    await page.goto('/requests-journal');
    await page.getByTestId('filter-priority').selectOption({ label: 'Высокий' });
    await page.waitForURL(/priority=high/);
    await rowOf(page, number).getByTestId('request-priority').getByText('Высокий').waitFor();
    await page.getByTestId('filter-priority').selectOption({ label: 'Аварийная' });
    await page.waitForURL(/priority=emergency/);
    await page.getByTestId('data-row').first().getByTestId('request-priority').getByText('Аварийная').waitFor();
    expect(await rowOf(page, number).count()).toBe(0);
  });

  it('the landlord sets a type’s hours per priority and the working day in Settings, kept after a reload', async () => {
    const page = ctx.page;
    await page.context().clearCookies();
    await signIn(page, 'landlord');
    await page.goto('/settings');
    const sla = page.getByTestId('sla-settings');
    // Kazakhstan's holidays are listed from the start.
    await sla.getByTestId('sla-holidays').getByText('Наурыз мейрамы').first().waitFor();
    await sla.getByLabel('Конец рабочего дня').fill('17:30');
    await sla.getByTestId('sla-week-save').click();
    await page.getByTestId('toast').getByText('Настройки сроков сохранены').waitFor();

    const types = sla.getByTestId('sla-types');
    const typeName = (await types.getByLabel('Тип заявки').locator('option:checked').textContent()) ?? '';
    const emergency = types.getByTestId('sla-target-emergency');
    await emergency.getByLabel('Взять в работу, ч').fill('0,5');
    await emergency.getByLabel('Выполнить, ч').fill('4');
    await types.getByTestId('sla-type-save').click();
    await page.getByTestId('toast').getByText(`Сроки типа «${typeName}» сохранены`).waitFor();

    await page.reload();
    const again = page.getByTestId('sla-settings');
    expect(await again.getByLabel('Конец рабочего дня').inputValue()).toBe('17:30');
    const row = again.getByTestId('sla-types').getByTestId('sla-target-emergency');
    expect(await row.getByLabel('Взять в работу, ч').inputValue()).toBe('0.5');
    expect(await row.getByLabel('Выполнить, ч').inputValue()).toBe('4');
  });
});
