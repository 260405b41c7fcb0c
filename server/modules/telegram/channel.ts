import { GrammyError, InlineKeyboard } from 'grammy';
import { baseLocale, isLocale } from '#/i18n/i18n-util';
import type { Db } from '../../db/client';
import type { TelegramBot } from '../../telegram/bot';
import type { ChannelAdapter, Outcome, Outgoing } from '../deliveries/channel';
import { escapeHtml, messageOf as pushMessageOf, translatorOf } from '../push/message';
import { forgetChat } from './links';

/** Telegram will never deliver to this chat: the bot was blocked, the chat or the account is gone. */
export const chatGone = (err: unknown) =>
  err instanceof GrammyError && (err.error_code === 403 || (err.error_code === 400 && /chat not found|user not found/i.test(err.description)));

/** A button Telegram refuses (it takes no localhost or bare address): the link then goes in the text. */
const buttonRefused = (err: unknown) => err instanceof GrammyError && err.error_code === 400 && /button|url/i.test(err.description);

/**
 * A notification in the chat, as the push and the inbox read it (one renderer, src/shared): the
 * landlord's name in bold, the sentence, and a button to the record's view.
 */
export function messageOf(item: Outgoing, publicUrl: string) {
  if (!item.source) return null;
  const language = isLocale(item.recipient.language) ? item.recipient.language : baseLocale;
  const push = pushMessageOf(item.source, language);
  return { text: `<b>${escapeHtml(push.title)}</b>\n${escapeHtml(push.body)}`, url: publicUrl + push.link, button: translatorOf(language).telegram.bot.open() };
}

/**
 * The Telegram channel of the outbox: a batch goes out at once and grammY's throttler spreads it over
 * Telegram's limits (30 a second, one a second per chat); a 429 or a 5xx is retried inside the send a
 * few times (autoRetry) and then fails (the outbox tries again later). A chat Telegram says is gone
 * loses its link, and its message is dropped.
 */
export function telegramChannel(db: Db, telegram: TelegramBot, publicUrl: string): ChannelAdapter {
  const api = telegram.bot.api;
  const sendOne = async (item: Outgoing): Promise<Outcome> => {
    const chatId = item.recipient.telegramChatId;
    const message = messageOf(item, publicUrl);
    if (chatId === null || !message) return { status: 'gone' };
    try {
      try {
        await api.sendMessage(chatId, message.text, {
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
          reply_markup: new InlineKeyboard().url(message.button, message.url),
        });
      } catch (err) {
        if (!buttonRefused(err)) throw err;
        await api.sendMessage(chatId, `${message.text}\n${escapeHtml(message.url)}`, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
      }
      return { status: 'sent' };
    } catch (err) {
      if (!chatGone(err)) return { status: 'failed' };
      await forgetChat(db, item.userId, chatId);
      return { status: 'gone' };
    }
  };
  return {
    channel: 'telegram',
    batch: 30,
    maxAttempts: 5,
    maxAgeMs: 6 * 60 * 60_000,
    send: (items) => Promise.all(items.map(sendOne)),
  };
}
