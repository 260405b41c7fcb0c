import type { Config } from './config';
import type { Db } from './db/client';
import type { DeviceCookies } from './http/device-cookie';
import type { Mailer } from './mail/mailer';
import type { UnsubscribeTokens } from './mail/unsubscribe';
import type { PushTransport } from './modules/push/transport';
import type { FileLinks } from './storage/file-links';
import type { Storage } from './storage/storage';
import type { TelegramBot } from './telegram/bot';

/**
 * What every module's handlers are built from; `links` signs the addresses of documents; `devices`
 * the sign-in's device cookies; `unsubscribe` signs the notification mails' unsubscribe links; `push` carries pushes (null when FCM is not configured); `telegram` is the bot (null without TELEGRAM_BOT_TOKEN).
 */
export type Deps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  links: FileLinks;
  devices: DeviceCookies;
  unsubscribe: UnsubscribeTokens;
  push: PushTransport | null;
  telegram: TelegramBot | null;
};
