import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contractorApplicationStatusEnum, recordStatusEnum } from './enums';
import { landlords } from './landlords';
import { users } from './users';

const company = {
  name: text().notNull(),
  bin: text().notNull(),
  services: text().notNull(),
  contactName: text().notNull(),
  phone: text().notNull(),
  email: text().notNull(),
  address: text(),
  comment: text(),
};

/** A contracting company kept by a landlord; it is assigned requests and tasks. */
export const contractors = pgTable(
  'contractors',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    ...company,
    status: recordStatusEnum().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contractors_list_idx').on(t.landlordId, t.status, sql`${t.name} collate "und-x-icu"`),
    index('contractors_created_idx').on(t.landlordId, t.status, t.createdAt),
  ],
);

/** An application from the public contractor form; it waits for the landlord's decision. */
export const contractorApplications = pgTable(
  'contractor_applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    ...company,
    status: contractorApplicationStatusEnum().notNull().default('pending'),
    declineReason: text(),
    contractorId: uuid().references(() => contractors.id),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contractor_applications_list_idx').on(t.landlordId, t.status, t.createdAt)],
);
