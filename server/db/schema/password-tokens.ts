import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { passwordTokenPurposeEnum } from './enums';
import { users } from './users';

/** One-time links for a password reset or a first login; only the hash is stored. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull().unique(),
    purpose: passwordTokenPurposeEnum().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);
