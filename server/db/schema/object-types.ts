import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Kinds of objects (shopping centre, business centre, ...): one catalogue kept by the superadmin. */
export const objectTypes = pgTable(
  'object_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('object_types_name_key').on(sql`lower(${t.name})`)],
);
