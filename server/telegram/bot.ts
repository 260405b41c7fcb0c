import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import type { FastifyBaseLogger } from 'fastify';
import { Bot } from 'grammy';
import type { Config } from '../config';

/** The product's Telegram bot (TELEGRAM_BOT_TOKEN): grammY's bot, and its @username for the profile's deep link. */
export type TelegramBot = { bot: Bot; username: string; token: string; apiRoot: string };

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * The bot when TELEGRAM_BOT_TOKEN is set, introduced to Telegram (getMe) before anything else runs;
 * null without a token, or when Telegram does not answer or refuses the token (`failure` says why):
 * the product runs on without it (the profile says the bot is not configured) rather than failing to start.
 */
export async function openTelegram(config: Config): Promise<{ telegram: TelegramBot | null; failure: string | null }> {
  const token = config.telegramBotToken;
  if (!token) return { telegram: null, failure: null };
  const bot = new Bot(token, { client: { apiRoot: config.telegramApiRoot } });
  try {
    await bot.init();
  } catch (err) {
    // Said by the caller, once the app's log exists.
    return { telegram: null, failure: String(err) };
  }
  // Installed after getMe, so a start without Telegram is not held up by retries. The throttler keeps
  // to Telegram's limits (about 30 messages a second in all, one a second per chat); outside it, the
  // retry waits out a 429's retry_after and a 5xx a few times, then the message fails (the outbox tries later).
  bot.api.config.use(apiThrottler());
  bot.api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 30 }));
  return { telegram: { bot, username: bot.botInfo.username, token, apiRoot: config.telegramApiRoot }, failure: null };
}

/** Where Telegram posts updates in webhook mode: the API's own route. */
export const webhookUrl = (publicUrl: string) => `${publicUrl}/api/telegram/webhook`;

/**
 * Starts taking updates: with TELEGRAM_WEBHOOK_SECRET, Telegram is told to post them to the webhook
 * (any number of API processes behind one address); without it this process polls for them, which
 * only one process of a deployment may do (Telegram answers a second poller 409). Returns the stop.
 */
export async function runTelegram(telegram: TelegramBot, config: Config, log: Log): Promise<() => Promise<void>> {
  const { bot } = telegram;
  bot.catch((err) => log.error({ err: err.error, update: err.ctx.update.update_id }, 'Telegram update failed'));
  if (config.telegramWebhookSecret) {
    await bot.api
      .setWebhook(webhookUrl(config.publicUrl), { secret_token: config.telegramWebhookSecret, allowed_updates: ['message', 'callback_query'] })
      .catch((err: unknown) => log.error({ err: String(err) }, 'Telegram setWebhook failed: updates will not arrive until it succeeds'));
    return async () => undefined;
  }
  const polling = bot.start({ allowed_updates: ['message', 'callback_query'], onStart: () => log.info('Telegram bot polling for updates') });
  polling.catch((err: unknown) => log.error({ err: String(err) }, 'Telegram polling stopped'));
  return async () => {
    if (bot.isRunning()) await bot.stop();
  };
}
