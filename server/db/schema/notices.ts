import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { fileColumns } from './history';
import { landlords } from './landlords';
import { objects } from './objects';
import { users } from './users';

/**
 * A notice the centre writes: to its renters (with a title, to all of them, one object's, one floor's
 * or chosen ones) or to its employees (a message to chosen ones). Delivered as inbox rows
 * (kind `notice.renters` / `notice.employees`, subject `notice`), at once or at `send_at`; the row
 * whose `sent_at` the delivery sets is what makes it exactly once (modules/notices/delivery.ts).
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    authorUserId: uuid()
      .notNull()
      .references(() => users.id),
    authorName: text().notNull(),
    /** `renters` or `employees`. */
    audience: text().$type<'renters' | 'employees'>().notNull(),
    /** A renter notice's title; an employee notice has only its message. */
    title: text(),
    message: text().notNull(),
    /** Renters: `all`, `object`, `floor` (of `object_id`) or `renters` (the chosen, in notice_recipients); employees: `chosen`. */
    target: text().$type<'all' | 'object' | 'floor' | 'renters' | 'chosen'>().notNull(),
    objectId: uuid().references(() => objects.id),
    floor: integer(),
    /** When it is to be delivered; null: at once. */
    sendAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * Its inbox rows are written in two steps (notices/delivery.ts): first for the people who have the
     * app open, then for everyone else. Set by the first: the newest notification id before its rows.
     */
    fanoutFrom: bigint({ mode: 'number' }),
    /** Every recipient has its inbox row. */
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notices_list_idx').on(t.landlordId, t.audience, t.createdAt.desc()),
    // The delivery job's scan: only what waits.
    index('notices_due_idx').on(t.sendAt).where(sql`${t.deliveredAt} is null and ${t.cancelledAt} is null`),
    index('notices_message_trgm_idx').using('gin', t.message.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('notices_audience_check', sql`${t.audience} in ('renters', 'employees')`),
  ],
);

/** The people an author chose (employees, or chosen renters' logins): kept to show a scheduled notice's recipients. */
export const noticeRecipients = pgTable(
  'notice_recipients',
  {
    noticeId: uuid()
      .notNull()
      .references(() => notices.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

export const noticeFiles = pgTable(
  'notice_files',
  {
    ...fileColumns(),
    noticeId: uuid()
      .notNull()
      .references(() => notices.id),
    name: text().notNull(),
  },
  (t) => [index().on(t.noticeId)],
);
