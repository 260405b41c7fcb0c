import { integer, type PgEnum, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The columns of a record's history (the workflow kit's `recordHistory`): who, when, the event, from
 * which status to which, the comment. Each module's table adds the column naming its record, and the
 * statuses are its own enum.
 */
export function historyColumns<Values extends [string, ...string[]]>(statusEnum: PgEnum<Values>) {
  return {
    id: uuid().primaryKey().defaultRandom(),
    actorUserId: uuid().references(() => users.id),
    /** Who it was, as shown (the visitor's name when there is no account). */
    actorName: text().notNull(),
    event: text().notNull(),
    fromStatus: statusEnum(),
    toStatus: statusEnum(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  };
}

/**
 * The columns of a record's file (the workflow kit's `storeFiles`): where it is stored, its type as
 * its bytes told, its size, when it came. Each module's table adds the column naming its record and
 * its own (a name, a kind, who uploaded it).
 */
export function fileColumns() {
  return {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  };
}
