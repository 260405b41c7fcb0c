import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';
import { linkOf, mailTo } from '../support/outbox';

// Forgot password -> mailed link (local outbox) -> shared set-password screen -> sign in with it.
describe('password restore in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });

  it('mails a link that sets a new password once', async () => {
    await ctx.page.goto('/auth');
    await ctx.page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await ctx.page.getByLabel('Логин или email').fill('renter2');
    await ctx.page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await ctx.page.getByText('Если такой пользователь есть, ссылка отправлена на его почту').waitFor();

    // Sent after the answer, so that its timing tells nothing: wait for it.
    const mail = await mailTo(ctx.h.outboxDir, 'renter2@example.kz');
    expect(mail?.subject).toBe('Mall CRM: установка пароля');
    const { url } = linkOf(mail!);
    expect(url.pathname).toBe('/auth/refresh-password');
    await ctx.page.goto(url.pathname + url.search);
    await ctx.page.getByRole('heading', { name: 'Новый пароль' }).waitFor();
    await ctx.page.getByText('Пользователь: renter2').waitFor();
    await ctx.page.getByLabel('Новый пароль').fill('short');
    await ctx.page.getByLabel('Повторите пароль').fill('short');
    await ctx.page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await ctx.page.getByText('Не короче 8 символов').waitFor();

    await ctx.page.getByLabel('Новый пароль').fill('keruen-2026');
    await ctx.page.getByLabel('Повторите пароль').fill('keruen-2026');
    await ctx.page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await ctx.page.waitForURL('**/auth');
    await ctx.page.getByTestId('toast').getByText('Пароль сохранён. Войдите с новым паролем').waitFor();
    await signIn(ctx.page, 'renter2', 'keruen-2026');
    await ctx.page.getByTestId('current-user').getByText('Тимур Ахметов').waitFor();

    // The same link a second time: refused, with a way to ask for a new one.
    await ctx.page.goto(url.pathname + url.search);
    await ctx.page.getByText('Ссылка недействительна или уже использована').waitFor();
  });
});
