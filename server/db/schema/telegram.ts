import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A person's Telegram chat with the bot: one per person, one person per chat. */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: bigint({ mode: 'number' }).notNull(),
    /** The Telegram @username when it has one, shown in the profile. */
    username: text(),
    linkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('telegram_links_chat_uq').on(t.chatId)],
);

/** One-time tokens of the profile's deep link (t.me/<bot>?start=<token>): kept hashed, short-lived, used once. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

/**
 * A request being written in the bot, step by step (type, text, photos): kept in the database so a
 * conversation survives a restart and any API process can take its next message.
 */
export const telegramDrafts = pgTable('telegram_drafts', {
  chatId: bigint({ mode: 'number' }).primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: text().notNull(),
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /** Photos received so far (Telegram file ids), in order. */
  photos: text().array().notNull().default([]),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
