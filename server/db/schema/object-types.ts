import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Kinds of objects (shopping centre, business centre, ...): one catalogue kept by the superadmin,
 * named in the three languages of the product as request types are. The Russian name keeps the
 * column `name` it had when types had one name, so existing rows and the unique index carry over.
 */
export const objectTypes = pgTable(
  'object_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    nameRu: text('name').notNull(),
    nameKk: text().notNull(),
    nameEn: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('object_types_name_key').on(sql`lower(${t.nameRu})`)],
);
