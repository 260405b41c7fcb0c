import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { recordStatusEnum } from './enums';

/** A landlord is an organisation: the tenant boundary of every business row. */
export const landlords = pgTable(
  'landlords',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    bin: text(),
    legalAddress: text(),
    phone: text(),
    email: text(),
    status: recordStatusEnum().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('landlords_status_name_idx').on(t.status, sql`${t.name} collate "und-x-icu"`)],
);
