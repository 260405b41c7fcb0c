import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Firebase Cloud Messaging tokens of a user's browsers. */
export const fcmTokens = pgTable(
  'fcm_tokens',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    token: text().notNull(),
    /** The browser's language when it registered (Accept-Language): pushes to it are written in it. */
    language: text().notNull().default('ru'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.token] })],
);
