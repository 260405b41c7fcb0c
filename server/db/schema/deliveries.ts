import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notifications } from './notifications';
import { users } from './users';

/** The channels a notification can travel by besides the inbox (which always has it). */
export const deliveryChannels = ['push', 'email', 'telegram'] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

/**
 * The one outbox: a message waiting to go to one person by one channel (server/modules/deliveries).
 * Filled by the same set-based INSERT that writes the inbox rows, in the change's transaction; each
 * channel's worker claims its due rows with SKIP LOCKED and deletes them, so of several API processes
 * exactly one sends each. A failed send comes back with `attempts` + 1 and a later `not_before`, until
 * the channel gives up or the row outlives the channel's age limit. `payload` is the channel's own
 * (push: the browsers a retry is narrowed to).
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text().$type<DeliveryChannel>().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: bigint({ mode: 'number' }).references(() => notifications.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer().notNull().default(0),
    notBefore: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deliveries_due_idx').on(t.channel, t.notBefore, t.id),
    index().on(t.notificationId),
    check('deliveries_channel_check', sql`${t.channel} in ('push', 'email', 'telegram')`),
  ],
);

/**
 * A person's choice for one kind on one channel, kept only where it was made: without a row the
 * channel's default holds (deliveries/preferences.ts).
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    channel: text().$type<DeliveryChannel>().notNull(),
    enabled: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.channel] }),
    check('notification_channels_channel_check', sql`${t.channel} in ('push', 'email', 'telegram')`),
  ],
);
