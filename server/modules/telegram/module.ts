import { defineModule } from '../manifest';
import { telegramChannel } from './channel';
import { telegramHandlers } from './handlers';

/** Telegram: the profile's link, the bot's webhook, and the outbox's Telegram channel (the bot's conversation: ./conversation.ts). */
export const telegramModule = defineModule({
  name: 'telegram',
  handlers: telegramHandlers,
  channel: ({ db, telegram, publicUrl }) => (telegram ? telegramChannel(db, telegram, publicUrl) : null),
});
