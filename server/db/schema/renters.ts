import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordStatusEnum } from './enums';
import { landlords } from './landlords';
import { rooms } from './rooms';
import { users } from './users';

/** A renter (tenant company) of a landlord, in one room; its login is a `users` row with role renter. */
export const renters = pgTable(
  'renters',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    roomId: uuid()
      .notNull()
      .references(() => rooms.id),
    legalName: text().notNull(),
    binIin: text().notNull(),
    tradePointName: text().notNull(),
    tradeCategory: text().notNull(),
    leaseContractDate: date().notNull(),
    /** Square metres, numeric. */
    tradeArea: numeric({ precision: 10, scale: 2 }).notNull(),
    contactFullName: text().notNull(),
    contactPosition: text().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    instagram: text(),
    website: text(),
    legalAddress: text().notNull(),
    status: recordStatusEnum().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.userId),
    index('renters_list_idx').on(t.landlordId, t.status, sql`${t.legalName} collate "und-x-icu"`),
    index('renters_created_idx').on(t.landlordId, t.status, t.createdAt),
    index().on(t.roomId),
    // The journal's search finds renters by name (requests' requestWhere).
    index('renters_legal_name_trgm_idx').using('gin', t.legalName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('renters_trade_point_trgm_idx').using('gin', t.tradePointName.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);
