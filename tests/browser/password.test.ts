import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, signIn, startBrowserHarness } from '../support/browser';
import { lastMailTo, linkOf } from '../support/outbox';

// Forgot password -> mailed link (local outbox) -> shared set-password screen -> sign in with it.
describe('password restore in Chromium', () => {
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

  it('mails a link that sets a new password once', async () => {
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await page.getByLabel('Логин или email').fill('renter2');
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await page.getByText('Если такой пользователь есть, ссылка отправлена на его почту').waitFor();

    const mail = await lastMailTo(h.outboxDir, 'renter2@example.kz');
    expect(mail?.subject).toBe('Mall CRM: установка пароля');
    const { url } = linkOf(mail!);
    expect(url.pathname).toBe('/auth/refresh-password');
    await page.goto(url.pathname + url.search);
    await page.getByRole('heading', { name: 'Новый пароль' }).waitFor();
    await page.getByText('Пользователь: renter2').waitFor();
    await page.getByLabel('Новый пароль').fill('short');
    await page.getByLabel('Повторите пароль').fill('short');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Не короче 8 символов').waitFor();

    await page.getByLabel('Новый пароль').fill('keruen-2026');
    await page.getByLabel('Повторите пароль').fill('keruen-2026');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.waitForURL('**/auth');
    await page.getByTestId('toast').getByText('Пароль сохранён. Войдите с новым паролем').waitFor();
    await signIn(page, 'renter2', 'keruen-2026');
    await page.getByTestId('current-user').getByText('Тимур Ахметов').waitFor();

    // The same link a second time: refused, with a way to ask for a new one.
    await page.goto(url.pathname + url.search);
    await page.getByText('Ссылка недействительна или уже использована').waitFor();
  });
});
