import { timingSafeEqual } from 'node:crypto';
import type { Update } from 'grammy/types';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { AppError, notFound, unauthorized } from '../../http/errors';
import { createLinkToken, linkOf, unlink } from './links';

type Ops = 'getTelegramLink' | 'unlinkTelegram' | 'createTelegramLink' | 'telegramWebhook';

/** The header's secret against ours, in constant time (a length differs at once: the length is no secret). */
function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The profile's Telegram card (every role alike) and the bot's webhook. */
export function telegramHandlers({ db, config, telegram }: Deps): HandlersOf<Ops> {
  return {
    async getTelegramLink(req) {
      const user = callerOf(req);
      return { configured: telegram !== null, bot_username: telegram?.username ?? null, linked: await linkOf(db, user.id) };
    },
    async unlinkTelegram(req, reply) {
      await unlink(db, callerOf(req).id);
      return reply.status(204).send();
    },
    async createTelegramLink(req, reply) {
      const user = callerOf(req);
      if (!telegram) throw new AppError(409, 'telegram_not_configured');
      const { token, expiresAt } = await createLinkToken(db, user.id);
      return reply.status(201).send({ url: `https://t.me/${telegram.username}?start=${token}`, expires_at: expiresAt.toISOString() });
    },
    async telegramWebhook(req, reply) {
      const secret = config.telegramWebhookSecret;
      if (!telegram || !secret) throw notFound();
      if (!sameSecret(req.headers['x-telegram-bot-api-secret-token'], secret)) throw unauthorized();
      // Answered when handled, so Telegram sends the chat's next update after this one; a failure is
      // logged (bot.catch) and still answered 200: Telegram would otherwise resend it again and again.
      await telegram.bot.handleUpdate(req.body as unknown as Update).catch((err: unknown) => req.log.error({ err }, 'Telegram update failed'));
      return reply.status(200).send();
    },
  };
}
