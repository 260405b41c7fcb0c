import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notifications } from './notifications';
import { users } from './users';

/**
 * Pushes waiting to be sent: one row per inbox row whose recipient had a browser to reach when it was
 * written (server/modules/push/outbox.ts). A worker claims rows with SKIP LOCKED and deletes them, so
 * of several API processes exactly one takes each. `tokens` narrows a retry to the browsers a
 * failed send did not reach (null: all of the recipient's).
 */
export const pushOutbox = pgTable('push_outbox', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  notificationId: bigint({ mode: 'number' })
    .notNull()
    .references(() => notifications.id, { onDelete: 'cascade' }),
  tokens: text().array(),
  attempts: integer().notNull().default(0),
  notBefore: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The kinds of notification a user does not want pushed (the inbox row is written all the same). */
export const pushMutedKinds = pgTable(
  'push_muted_kinds',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
