import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

const PHONE = { width: 390, height: 844 };

// The landlord makes an API key in Settings on a phone, sees its secret once, finds it listed and revokes it.
describe('settings: API keys in Chromium', () => {
  const ctx = useBrowser();

  it('the landlord creates a key, copies its secret shown once, sees it listed and revokes it', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'landlord');
    await page.goto('/settings');
    const section = page.getByTestId('api-keys-settings');
    await section.getByRole('heading', { name: 'API-ключи' }).waitFor();
    await section.getByText('Ключей пока нет').waitFor();

    const form = section.getByTestId('api-key-new');
    await form.getByLabel('Название').fill('Выгрузка в 1С');
    // Without any section the key is refused before it is sent.
    await form.getByRole('button', { name: 'Создать ключ' }).click();
    await form.getByText('Выберите доступ хотя бы к одному разделу').waitFor();
    await form.getByLabel('Заявки', { exact: true }).selectOption({ label: 'Чтение' });
    await form.getByLabel('Арендаторы', { exact: true }).selectOption({ label: 'Чтение и запись' });
    await form.getByRole('button', { name: 'Создать ключ' }).click();

    const shown = section.getByTestId('api-key-secret');
    await shown.getByText('Скопируйте ключ сейчас: Выгрузка в 1С').waitFor();
    const secret = await shown.getByTestId('api-key-secret-value').inputValue();
    expect(secret).toMatch(/^mck_/);
    // The key works as the landlord within its scopes.
    const asKey = (path: string) => page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asKey('/requests')).status()).toBe(200);
    expect((await asKey('/tasks')).status()).toBe(403);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await shown.getByRole('button', { name: 'Готово' }).click();
    await shown.waitFor({ state: 'detached' });
    // Shown once: the secret is nowhere on the page any more, nor after a reload.
    expect(await page.content()).not.toContain(secret);
    const key = section.getByTestId('api-key').filter({ hasText: 'Выгрузка в 1С' });
    await key.getByText('Заявки: чтение, Арендаторы: чтение и запись').or(key.getByText('Арендаторы: чтение и запись, Заявки: чтение')).waitFor();
    await key.getByText('бессрочно').waitFor();
    await key.getByText(secret.slice(0, 10)).waitFor();
    await page.reload();
    await key.waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Nothing serious or critical for a screen reader in the section on a phone.
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="api-keys-settings"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await key.getByRole('button', { name: 'Отозвать' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Отозвать' }).click();
    await page.getByTestId('toast').getByText('Ключ «Выгрузка в 1С» отозван').waitFor();
    await key
      .getByTestId('api-key-state')
      .getByText(/^Отозван /)
      .waitFor();
    expect(await key.getByRole('button', { name: 'Отозвать' }).count()).toBe(0);
    expect((await asKey('/requests')).status()).toBe(401);
    await context.close();
  });
});

describe('the API reference in Chromium', () => {
  const ctx = useBrowser();

  it('/api/docs renders the contract under the app CSP, with nothing loaded from another origin', async () => {
    const page = ctx.page;
    const foreign: string[] = [];
    const refused: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(ctx.h.baseUrl) && !req.url().startsWith('data:')) foreign.push(req.url());
    });
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) refused.push(msg.text());
    });
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').getByText('Mall CRM API').waitFor();
    await page.locator('.opblock-tag', { hasText: 'requests' }).first().waitFor();
    // The key's scheme is documented where a reader looks for it.
    await page.getByRole('button', { name: /Authorize/ }).click();
    await page
      .getByText('begins with `mck_`')
      .or(page.getByText(/begins with mck_/))
      .first()
      .waitFor();
    expect(foreign).toEqual([]);
    expect(refused).toEqual([]);
  });
});
