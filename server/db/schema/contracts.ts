import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contractStatusEnum } from './enums';
import { fileColumns, historyColumns } from './history';
import { landlords } from './landlords';
import { objects } from './objects';
import { renters } from './renters';
import { rooms } from './rooms';
import { users } from './users';

/**
 * A lease contract (machines/contract.ts): one renter in one or more rooms of one object, for a period,
 * at a rent per m² per month. Money and area are numeric (never float); the monthly total is stored as
 * computed when the terms were last written (service.ts: Σ area × rate, rounded half up to the tiyn).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    number: text().notNull(),
    renterId: uuid()
      .notNull()
      .references(() => renters.id),
    objectId: uuid()
      .notNull()
      .references(() => objects.id),
    signedOn: date(),
    startsOn: date().notNull(),
    endsOn: date().notNull(),
    /** Square metres: the sum of the rooms' areas when the terms were written. */
    area: numeric({ precision: 12, scale: 2 }).notNull(),
    /** Tenge per m² per month. */
    rate: numeric({ precision: 14, scale: 2 }).notNull(),
    /** Tenge per month: area × rate, rounded to the tiyn. */
    monthlyTotal: numeric({ precision: 16, scale: 2 }).notNull(),
    deposit: numeric({ precision: 16, scale: 2 }),
    paymentDay: integer(),
    indexationPercent: numeric({ precision: 5, scale: 2 }),
    /** Tenge per m² per month for the centre's upkeep, billed beside the rent when set. */
    serviceRate: numeric({ precision: 14, scale: 2 }),
    /** Per cent of an overdue sum per day late, and the cap of the fees as a per cent of that sum. */
    lateFeePercent: numeric({ precision: 5, scale: 2 }),
    lateFeeCap: numeric({ precision: 5, scale: 2 }),
    notes: text(),
    status: contractStatusEnum().notNull().default('draft'),
    terminatedOn: date(),
    terminationReason: text(),
    previousId: uuid().references((): AnyPgColumn => contracts.id),
    /** When the lease job told of the end 30 days ahead: told once. */
    endNoticeAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_number_uq').on(t.landlordId, t.number),
    // A lease is renewed once: one successor at most.
    uniqueIndex('contracts_previous_uq').on(t.previousId),
    index('contracts_list_idx').on(t.landlordId, t.status, t.endsOn),
    index().on(t.renterId),
    index().on(t.objectId),
    // The lease job's scan: signed leases still in force, by end date.
    index('contracts_in_force_idx').on(t.endsOn).where(sql`${t.status} in ('active', 'expiring')`),
  ],
);

/**
 * The rooms of a contract with the period they are let for. `held` is true for a signed lease (not a
 * draft): the hand-written exclusion constraint of the migration forbids two held rows of one room
 * whose periods overlap, so no two signed leases of a room overlap, however many processes sign at once.
 * A termination cuts the period at its date.
 */
export const contractRooms = pgTable(
  'contract_rooms',
  {
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    roomId: uuid()
      .notNull()
      .references(() => rooms.id),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    startsOn: date().notNull(),
    endsOn: date().notNull(),
    /** The room's area when the terms were written. */
    area: numeric({ precision: 10, scale: 2 }).notNull(),
    held: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.roomId] }), index().on(t.roomId, t.startsOn)],
);

/** The history of a contract: who, when, from, to, comment. */
export const contractEvents = pgTable(
  'contract_events',
  {
    ...historyColumns(contractStatusEnum),
    contractId: uuid()
      .notNull()
      .references(() => contracts.id),
  },
  (t) => [index().on(t.contractId, t.createdAt)],
);

/** The signed PDF, annexes: private documents. */
export const contractFiles = pgTable(
  'contract_files',
  {
    ...fileColumns(),
    contractId: uuid()
      .notNull()
      .references(() => contracts.id),
    name: text().notNull(),
    uploadedBy: uuid().references(() => users.id),
  },
  (t) => [index().on(t.contractId)],
);

/** A landlord's lease settings: how many days before its end a lease becomes expiring (90 when no row). */
export const contractSettings = pgTable('contract_settings', {
  landlordId: uuid()
    .primaryKey()
    .references(() => landlords.id),
  expiringDays: integer().notNull().default(90),
  /** The landlord's .docx lease template in storage (private), its file name and when it was uploaded. */
  templateKey: text(),
  templateName: text(),
  templateUploadedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
