import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { landlords } from './landlords';
import { objectTypes } from './object-types';

/** An object (a "land" in the spec): a shopping centre of a landlord. */
export const objects = pgTable(
  'objects',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    typeId: uuid().references(() => objectTypes.id),
    name: text().notNull(),
    city: text().notNull(),
    address: text().notNull(),
    /** Storage key of the logo image; the URL is built from the storage base address. */
    logoKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.landlordId)],
);
