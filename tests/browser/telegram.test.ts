import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';
import { fakeTelegram, updates } from '../support/telegram';

const PHONE = { width: 390, height: 844 };
const telegram = await fakeTelegram();
afterAll(() => telegram.close());
const secret = 'browser-webhook-secret-0123456789';

/** A 390 px phone's page, with t.me kept offline: the tab the card opens goes nowhere. */
async function phonePage(ctx: { h: { browser: import('playwright-core').Browser; baseUrl: string } }): Promise<Page> {
  const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true });
  await context.route('https://t.me/**', (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

async function fitsThePhone(page: Page) {
  const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
  expect(inner).toBe(PHONE.width);
  expect(scroll).toBeLessThanOrEqual(PHONE.width);
}

describe('the Telegram card in Chromium, on a 390 px phone', () => {
  describe('a server without a bot (the demo)', () => {
    const ctx = useBrowser({ pagePerTest: false });

    it('says the bot is not set up and offers no link', async () => {
      const page = await phonePage(ctx);
      await signIn(page, 'renter');
      await page.goto('/profile');
      const card = page.getByTestId('telegram-section');
      await card.getByTestId('telegram-state').getByText('Telegram-бот не настроен на сервере').waitFor();
      expect(await card.getByTestId('telegram-link').count()).toBe(0);
      await fitsThePhone(page);
    });
  });

  describe('a server with a bot', () => {
    const ctx = useBrowser({
      pagePerTest: false,
      config: { telegramBotToken: telegram.token, telegramApiRoot: telegram.apiRoot, telegramWebhookSecret: secret },
    });

    it('links by the deep link, shows the account once the bot has linked it, and unlinks after asking', async () => {
      const page = await phonePage(ctx);
      await signIn(page, 'renter');
      await page.goto('/profile');
      const card = page.getByTestId('telegram-section');
      const opened = page.context().waitForEvent('page');
      await card.getByRole('button', { name: 'Привязать Telegram' }).click();
      await opened;
      const href = (await card.getByTestId('telegram-deep-link').getAttribute('href')) ?? '';
      expect(href).toMatch(new RegExp(`^https://t\\.me/${telegram.username}\\?start=[A-Za-z0-9_-]{20,64}$`));
      await card.getByText('Эта страница обновится сама').waitFor();
      await fitsThePhone(page);
      if (process.env.SHOTS) await card.screenshot({ path: '/tmp/telegram-waiting.png' });

      // The person presses Start in Telegram: the bot gets /start with the token; the card follows by itself.
      const token = new URL(href).searchParams.get('start') ?? '';
      const res = await fetch(`${ctx.h.baseUrl}/api/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify(updates.text(555, `/start ${token}`)),
      });
      expect(res.status).toBe(200);
      await card.getByText('Привязан: @user555').waitFor({ timeout: 15_000 });
      await fitsThePhone(page);
      if (process.env.SHOTS) await card.screenshot({ path: '/tmp/telegram-linked.png' });

      await card.getByRole('button', { name: 'Отвязать' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Отвязать' }).click();
      await card.getByRole('button', { name: 'Привязать Telegram' }).waitFor();
      expect(await card.getByText('Привязан').count()).toBe(0);
    });
  });
});
