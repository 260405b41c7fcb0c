import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

// The shell's own behaviour: dialog, toasts, 404, profile, 401, version, shortcuts.
describe('shell in Chromium', () => {
  const ctx = useBrowser();

  it('asks with the default texts in a 400px dialog and answers yes or no', async () => {
    await ctx.page.goto('/test');
    await ctx.page.getByRole('button', { name: 'Открыть диалог подтверждения' }).click();
    const dialog = ctx.page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Действие');
    await dialog.getByText('Вы действительно хотите удалить?').waitFor();
    expect((await dialog.boundingBox())?.width).toBe(400);
    await dialog.getByRole('button', { name: 'Нет' }).click();
    expect(await ctx.page.getByTestId('test-answer').textContent()).toBe('Ответ диалога: нет');

    await ctx.page.getByRole('button', { name: 'Открыть диалог подтверждения' }).click();
    await ctx.page.getByTestId('confirm-dialog').getByRole('button', { name: 'Да' }).click();
    expect(await ctx.page.getByTestId('test-answer').textContent()).toBe('Ответ диалога: да');
    expect(await ctx.page.getByTestId('confirm-dialog').count()).toBe(0);
  });

  it('a cut or stale link to a record says it is not found, once, with nothing to retry', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/requests/') && asked.push(r.url()));
    for (const path of ['/requests-journal/view/abc', '/requests-journal/view/00000000-0000-4000-8000-000000000000']) {
      await page.goto(path);
      await page.getByTestId('record-missing').getByText('Запись не найдена: она удалена или ссылка неверна').waitFor();
      expect(await page.getByRole('button', { name: 'Повторить' }).count()).toBe(0);
    }
    // A refusal is not asked again.
    expect(asked).toHaveLength(2);
  });

  it('shows a toast and removes it by itself after its 5 seconds', async () => {
    await ctx.page.goto('/test');
    await ctx.page.getByRole('button', { name: 'Показать уведомление' }).click();
    const toast = ctx.page.getByTestId('toast');
    await toast.getByText('Приложение работает').waitFor();
    expect(await toast.getAttribute('data-type')).toBe('success');
    const shownAt = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 9_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);
  });

  it('answers an unknown path with the 404 page, in the public frame with the brand and the language switch', async () => {
    await ctx.page.goto('/no-such-page');
    await ctx.page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    const page = ctx.page.getByTestId('not-found');
    expect(await page.getByRole('link', { name: 'Mall CRM' }).isVisible()).toBe(true);
    await page.getByTestId('language-switch').getByRole('button', { name: 'KK' }).click();
    await ctx.page.getByRole('heading', { name: 'Бет табылмады' }).waitFor();
    await page.getByTestId('language-switch').getByRole('button', { name: 'RU' }).click();
    await ctx.page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
  });

  it('answers an unknown path below a signed-in section with the 404 page too, to a guest and to a signed-in user', async () => {
    await ctx.page.goto('/home/zzz');
    await ctx.page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    expect(new URL(ctx.page.url()).pathname).toBe('/home/zzz');
    await signIn(ctx.page, 'renter');
    await ctx.page.goto('/renters/nonsense/x');
    await ctx.page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    expect(new URL(ctx.page.url()).pathname).toBe('/renters/nonsense/x');
  });

  it('shows the renter its profile with its centre logo as the avatar', async () => {
    await signIn(ctx.page, 'renter');
    await ctx.page.getByTestId('nav-profile').click();
    await ctx.page.getByRole('heading', { name: 'Профиль' }).waitFor();
    await ctx.page.getByTestId('profile').getByText('Арендатор', { exact: true }).waitFor();
    const src = await ctx.page.getByTestId('profile').getByTestId('avatar').locator('img').getAttribute('src');
    expect(src).toMatch(/^\/storage\/logos\/.+\.svg$/);
    const logo = await ctx.page.request.get(src as string);
    expect(logo.status()).toBe(200);
  });

  it('sends a stale token back to sign-in and clears it from both stores', async () => {
    await ctx.page.goto('/test');
    await ctx.page.getByTestId('test-locale').waitFor();
    await ctx.page.evaluate(() => {
      localStorage.setItem('token', 'stale-token');
      sessionStorage.setItem('token', 'stale-token');
    });
    await ctx.page.goto('/home');
    await ctx.page.waitForURL('**/auth');
    expect(await ctx.page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null]);
  });

  it('wipes the stores when the stored app version is not 0.0.340', async () => {
    await ctx.page.goto('/test');
    await ctx.page.getByTestId('test-locale').waitFor(); // the first visit's own wipe has finished
    await ctx.page.evaluate(() => {
      localStorage.setItem('appVersion', '0.0.339');
      localStorage.setItem('leftover', 'x');
      sessionStorage.setItem('leftover', 'x');
    });
    await ctx.page.reload();
    await ctx.page.getByTestId('test-locale').waitFor();
    expect(await ctx.page.evaluate(() => [localStorage.getItem('appVersion'), localStorage.getItem('leftover'), sessionStorage.getItem('leftover')])).toEqual([
      '0.0.340',
      null,
      null,
    ]);
  });

  it('clears the cache on Ctrl+Shift+Alt+C but keeps the session and the language', async () => {
    await signIn(ctx.page, 'landlord');
    await ctx.page.getByTestId('language-switch').getByRole('button', { name: 'EN' }).click();
    await ctx.page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await ctx.page.keyboard.press('Control+Shift+Alt+KeyC');
    const toast = ctx.page.getByTestId('toast').filter({ hasText: 'Cache cleared' });
    await toast.waitFor();
    // The toast stands in the bottom corner, clear of the top bar's logout and language switch.
    const viewport = ctx.page.viewportSize();
    const [t, logout, languages] = await Promise.all([
      toast.boundingBox(),
      ctx.page.getByTestId('logout').boundingBox(),
      ctx.page.getByTestId('topbar').getByTestId('language-switch').boundingBox(),
    ]);
    if (!t || !logout || !languages || !viewport) throw new Error('not laid out');
    for (const control of [logout, languages]) expect(t.y).toBeGreaterThan(control.y + control.height);
    expect(t.y + t.height).toBeLessThanOrEqual(viewport.height);
    expect(t.x + t.width).toBeLessThanOrEqual(viewport.width);
    expect(await ctx.page.getByRole('region', { name: 'Pop-up notifications (F8)' }).count()).toBe(1);
    await ctx.page.reload();
    await ctx.page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  });
});
