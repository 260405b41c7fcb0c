import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserHarness, signIn, startBrowserHarness } from '../support/browser';

// The shell's own behaviour (spec §1, §3, §4, §8, §9): dialog, toasts, 404, profile, 401, version, shortcuts.
describe('shell in Chromium', () => {
  let h: BrowserHarness;
  let page: Page;

  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  beforeEach(async () => {
    page = await h.browser.newPage({ baseURL: h.baseUrl });
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('asks with the spec §8 defaults in a 400px dialog and answers yes or no', async () => {
    await page.goto('/test');
    await page.getByRole('button', { name: 'Открыть диалог подтверждения' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Действие');
    await dialog.getByText('Вы действительно хотите удалить?').waitFor();
    expect((await dialog.boundingBox())?.width).toBe(400);
    await dialog.getByRole('button', { name: 'Нет' }).click();
    expect(await page.getByTestId('test-answer').textContent()).toBe('Ответ диалога: нет');

    await page.getByRole('button', { name: 'Открыть диалог подтверждения' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Да' }).click();
    expect(await page.getByTestId('test-answer').textContent()).toBe('Ответ диалога: да');
    expect(await page.getByTestId('confirm-dialog').count()).toBe(0);
  });

  it('shows a toast and removes it by itself after its 5 seconds', async () => {
    await page.goto('/test');
    await page.getByRole('button', { name: 'Показать уведомление' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Приложение работает').waitFor();
    expect(await toast.getAttribute('data-type')).toBe('success');
    const shownAt = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 9_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);
  });

  it('answers an unknown path with the 404 page', async () => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    expect(await page.getByTestId('not-found').isVisible()).toBe(true);
  });

  it('shows the renter its profile with its centre logo as the avatar', async () => {
    await signIn(page, 'renter');
    await page.getByTestId('nav-profile').click();
    await page.getByRole('heading', { name: 'Профиль' }).waitFor();
    await page.getByTestId('profile').getByText('Арендатор', { exact: true }).waitFor();
    const src = await page.getByTestId('profile').getByTestId('avatar').locator('img').getAttribute('src');
    expect(src).toMatch(/^\/storage\/logos\/.+\.svg$/);
    const logo = await page.request.get(src as string);
    expect(logo.status()).toBe(200);
  });

  it('sends a stale token back to sign-in and clears it from both stores', async () => {
    await page.goto('/test');
    await page.getByTestId('test-locale').waitFor();
    await page.evaluate(() => {
      localStorage.setItem('token', 'stale-token');
      sessionStorage.setItem('token', 'stale-token');
    });
    await page.goto('/home');
    await page.waitForURL('**/auth');
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null]);
  });

  it('wipes the stores when the stored app version is not 0.0.340', async () => {
    await page.goto('/test');
    await page.getByTestId('test-locale').waitFor(); // the first visit's own wipe has finished
    await page.evaluate(() => {
      localStorage.setItem('appVersion', '0.0.339');
      localStorage.setItem('leftover', 'x');
      sessionStorage.setItem('leftover', 'x');
    });
    await page.reload();
    await page.getByTestId('test-locale').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('appVersion'), localStorage.getItem('leftover'), sessionStorage.getItem('leftover')])).toEqual([
      '0.0.340',
      null,
      null,
    ]);
  });

  it('clears the cache on Ctrl+Shift+Alt+C but keeps the session and the language', async () => {
    await signIn(page, 'landlord');
    await page.getByTestId('language-switch').getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.keyboard.press('Control+Shift+Alt+KeyC');
    await page.getByTestId('toast').getByText('Cache cleared').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });
});
