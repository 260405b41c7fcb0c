import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { users } from './users';

/** Firebase Cloud Messaging tokens of a user's browsers. */
export const fcmTokens = pgTable(
  'fcm_tokens',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    token: text().notNull(),
    /**
     * The session that registered it: pushes go only while that session lives, so a sign-out everywhere
     * (a password change or reset) silences a lost phone too. Null for tokens from before it was kept.
     */
    sessionId: uuid().references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.token] })],
);
