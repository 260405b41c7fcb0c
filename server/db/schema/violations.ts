import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { violationFileKindEnum, violationStatusEnum } from './enums';
import { fileColumns, historyColumns } from './history';
import { landlords } from './landlords';
import { objects } from './objects';
import { renters } from './renters';
import { rooms } from './rooms';
import { users } from './users';

/** A landlord's catalogue of violation types, named in three languages; the defaults are seeded for every landlord. */
export const violationTypes = pgTable(
  'violation_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    /** The seeded default's code (null for a type the landlord added). */
    code: text(),
    nameRu: text().notNull(),
    nameKk: text().notNull(),
    nameEn: text().notNull(),
    active: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.landlordId, t.sort), uniqueIndex('violation_types_code_idx').on(t.landlordId, t.code)],
);

/** A violation of the centre's rules by a renter (machines/violation.ts). */
export const violations = pgTable(
  'violations',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    /** Shown to people: 1, 2, 3 ... per landlord. */
    number: integer().notNull(),
    renterId: uuid()
      .notNull()
      .references(() => renters.id),
    objectId: uuid()
      .notNull()
      .references(() => objects.id),
    roomId: uuid().references(() => rooms.id),
    typeId: uuid()
      .notNull()
      .references(() => violationTypes.id),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    description: text().notNull(),
    /** Tenge, exact: numeric, never float (the API writes it as a string). */
    fine: numeric({ precision: 14, scale: 2 }),
    deadlineAt: timestamp({ withTimezone: true }),
    status: violationStatusEnum().notNull().default('draft'),
    /** Set once by the deadline job when the deadline passed before it was fixed. */
    overdue: boolean().notNull().default(false),
    recordedBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.landlordId, t.number),
    // The list's sorts end in id, so a page is an index scan.
    index('violations_list_idx').on(t.landlordId, t.occurredAt, t.id),
    index('violations_status_idx').on(t.landlordId, t.status, t.occurredAt, t.id),
    index().on(t.renterId, t.occurredAt),
    index('violations_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')).with({ fastupdate: false }),
    // The deadline job's scan: open violations not yet marked, by deadline.
    index('violations_open_deadline_idx').on(t.deadlineAt).where(sql`${t.status} in ('issued', 'acknowledged', 'disputed') and not ${t.overdue}`),
    // The badge: open violations marked overdue.
    index('violations_overdue_idx').on(t.landlordId).where(sql`${t.overdue} and ${t.status} in ('issued', 'acknowledged', 'disputed')`),
  ],
);

/** The history of a violation: who, when, from, to, comment; comments are entries too. */
export const violationEvents = pgTable(
  'violation_events',
  {
    ...historyColumns(violationStatusEnum),
    violationId: uuid()
      .notNull()
      .references(() => violations.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.violationId, t.createdAt)],
);

/** Staff's photos of the violation, the renter's files of a dispute, and photos of the fix. */
export const violationFiles = pgTable(
  'violation_files',
  {
    ...fileColumns(),
    violationId: uuid()
      .notNull()
      .references(() => violations.id, { onDelete: 'cascade' }),
    kind: violationFileKindEnum().notNull(),
    name: text(),
    uploadedBy: uuid().references(() => users.id),
  },
  (t) => [index().on(t.violationId, t.kind)],
);
