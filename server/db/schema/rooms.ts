import { index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { landlords } from './landlords';
import { objects } from './objects';

export const rooms = pgTable(
  'rooms',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    objectId: uuid()
      .notNull()
      .references(() => objects.id),
    number: text().notNull(),
    floor: integer().notNull(),
    /** Square metres; numeric, never float. */
    area: numeric({ precision: 10, scale: 2 }).notNull(),
    logoKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.landlordId), index().on(t.objectId)],
);
