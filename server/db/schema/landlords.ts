import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A landlord is an organisation: the tenant boundary of every business row (DESIGN §3). */
export const landlords = pgTable('landlords', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
