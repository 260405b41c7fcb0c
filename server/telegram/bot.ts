import type { Bot } from 'grammy';

/** The product's Telegram bot (TELEGRAM_BOT_TOKEN): grammY's bot, and its @username for the profile's deep link. */
export type TelegramBot = { bot: Bot; username: string };
