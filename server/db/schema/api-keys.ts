import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { landlords } from './landlords';
import { users } from './users';

/**
 * A landlord's API keys: each acts as the landlord's user who made it, within its scopes
 * (`requests:read`, ...). Only the SHA-256 of the secret is stored, as of a session's token.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    /** The secret's first characters, shown in the list so a key can be told apart. */
    hint: text().notNull(),
    tokenHash: text().notNull().unique(),
    scopes: text().array().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.landlordId, t.createdAt)],
);

/** Per-key rate windows shared by every API process (rate-limiter-flexible's Drizzle store: its column names). */
export const apiKeyRateLimits = pgTable('api_key_rate_limits', {
  key: text().primaryKey(),
  points: integer().notNull(),
  expire: timestamp({ withTimezone: true }),
});
