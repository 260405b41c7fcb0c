import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from '../support/browser';

// Issue 2's main path: landing -> demo order -> sign-in -> home -> Kazakh -> logout -> guard.
describe('walking skeleton in Chromium', () => {
  let h: BrowserHarness;
  let page: Page;

  beforeAll(async () => {
    h = await startBrowserHarness();
    page = await h.browser.newPage({ baseURL: h.baseUrl });
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('orders a demo from the landing page: a bad email is refused, a good one is sent', async () => {
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('CRM для торговых центров и коммерческой недвижимости');
    const form = page.getByTestId('demo-form');
    await form.getByLabel('Имя').fill('Айгерим');
    await form.getByLabel('Email').fill('aigerim@');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await form.getByText('Введите корректный email').waitFor();

    await form.getByLabel('Email').fill('aigerim@mall.kz');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await form.getByText('Заявка отправлена, с вами скоро свяжутся').waitFor();
    const rows = (await h.db.execute(sql`select name, email from demo_requests`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([{ name: 'Айгерим', email: 'aigerim@mall.kz' }]);
  });

  it('signs the employee in: a wrong password is refused with the spec text, the right one opens Home', async () => {
    await page.goto('/auth');
    await page.getByLabel('Логин').fill('employee');
    await page.getByLabel('Пароль').fill('not-the-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByTestId('form-message').getByText('Неверный пароль').waitFor();

    await page.getByLabel('Пароль').fill('demo1234');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: 'Главная', level: 1 }).waitFor();
    for (const tile of ['Заявки', 'Анкеты', 'Задачи', 'Уведомления', 'Календарь']) {
      await expect(page.getByTestId('home').getByText(tile, { exact: true }).count()).resolves.toBe(1);
    }
  });

  it('switches to Kazakh, and the choice survives a reload', async () => {
    await page.getByTestId('language-switch').getByRole('button', { name: 'KK' }).click();
    await page.getByRole('heading', { name: 'Басты бет', level: 1 }).waitFor();
    await page.getByTestId('home').getByText('Сауалнамалар', { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Басты бет', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('kk');
  });

  it('logs out, and the guard then sends /home to sign-in', async () => {
    await page.getByTestId('logout').click();
    await page.waitForURL('**/auth');
    await page.getByRole('heading', { name: 'Жүйеге кіру' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null]);
    await page.goto('/home');
    await page.waitForURL('**/auth');
    await expect(page.getByRole('button', { name: 'Кіру' }).isVisible()).resolves.toBe(true);
  });
});
