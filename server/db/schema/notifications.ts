import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { landlords } from './landlords';
import { users } from './users';

/**
 * One row per recipient of an event: the inbox. A row keeps the event's kind and its params, not a
 * rendered text, so it reads in the recipient's language (the SPA or a push renders it) and a
 * renamed text needs no data migration. The id grows with time: the inbox pages by it, and a live
 * stream can resume from the last id it saw.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The recipient's landlord (null only for the superadmin). */
    landlordId: uuid().references(() => landlords.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** What happened, e.g. `request.status`, `task.assigned`: the message key. */
    kind: text().notNull(),
    /** The values the message names (a number, a status, a title), as the event saw them. */
    params: jsonb().$type<Record<string, string | number | null>>().notNull().default({}),
    /** Who acted, as history names them; null for the system (the deadline job) or a visitor. */
    actorName: text(),
    /** The record it is about: `request`, `task`, `questionnaire`, and its id. */
    subjectType: text().notNull(),
    subjectId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_inbox_idx').on(t.userId, t.id.desc()),
    // The bell's count reads only the unread rows.
    // Reports: the landlord's notifications of a period.
    index('notifications_landlord_idx').on(t.landlordId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Who has the app open now: each API process notes the users of its live streams when a stream opens
 * and at every heartbeat (notifications/live.ts). A notice to thousands tells them first.
 */
export const liveUsers = pgTable('live_users', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id),
  seenAt: timestamp({ withTimezone: true }).notNull(),
});
