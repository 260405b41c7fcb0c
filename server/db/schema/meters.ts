import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { meterTypes } from '#/shared/meters';
import { readingStatuses } from '#machines/reading';
import { historyColumns } from './history';
import { landlords } from './landlords';
import { objects } from './objects';
import { rooms } from './rooms';
import { users } from './users';

/** What a meter measures, each in its unit: kWh, m³, m³, Gcal, m³. */
export const meterTypeEnum = pgEnum('meter_type', meterTypes);
export const readingStatusEnum = pgEnum('reading_status', readingStatuses);
/** Who wrote a reading: a tenant from its phone, staff by hand or by import, or a replacement's last reading of the old meter. */
export const readingSourceEnum = pgEnum('reading_source', ['tenant', 'staff', 'import', 'replacement']);

/**
 * A meter of a property: a unit's (`room_id`) or the common area's (none). `digits` is how many whole
 * digits its dial shows (a reading below the last one rolled over at 10^digits); `multiplier` is its
 * current transformers' ratio. A replaced meter is `removed_on` with its `final_reading`; its successor
 * names it in `replaces_id` and starts from its own `initial_reading`.
 */
export const meters = pgTable(
  'meters',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    objectId: uuid()
      .notNull()
      .references(() => objects.id),
    roomId: uuid().references(() => rooms.id),
    type: meterTypeEnum().notNull(),
    serial: text().notNull(),
    place: text(),
    digits: integer().notNull().default(6),
    multiplier: numeric({ precision: 10, scale: 3 }).notNull().default('1'),
    installedOn: date().notNull(),
    verifiedUntil: date(),
    initialReading: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    replacesId: uuid(),
    removedOn: date(),
    finalReading: numeric({ precision: 14, scale: 3 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A serial names one meter of a type at a landlord (the import's natural key).
    uniqueIndex('meters_serial_uq').on(t.landlordId, t.type, t.serial),
    index().on(t.landlordId, t.objectId, t.roomId),
    index().on(t.roomId),
    // The verification reminder's scan.
    index('meters_verification_idx').on(t.verifiedUntil).where(sql`${t.removedOn} is null`),
  ],
);

/**
 * A meter's reading for a month (machines/reading.ts), one per meter and period. `flags` are the checks
 * that want a person's eye (`lower`: below the last reading without a rollover; `spike`: over three
 * times the unit's average month); a flagged reading is kept, never refused. The photo is the dial's.
 */
export const meterReadings = pgTable(
  'meter_readings',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    meterId: uuid()
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    /** The month: its first day. */
    period: date().notNull(),
    value: numeric({ precision: 14, scale: 3 }).notNull(),
    status: readingStatusEnum().notNull(),
    source: readingSourceEnum().notNull(),
    flags: text().array().notNull().default(sql`'{}'::text[]`),
    returnReason: text(),
    photoKey: text(),
    photoContentType: text(),
    photoSize: integer(),
    submittedBy: uuid().references(() => users.id),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('meter_readings_period_uq').on(t.meterId, t.period), index('meter_readings_list_idx').on(t.landlordId, t.period, t.status)],
);

/** The history of a reading: submitted, accepted, returned with its reason, corrected; by whom and when. */
export const meterReadingEvents = pgTable(
  'meter_reading_events',
  {
    ...historyColumns(readingStatusEnum),
    readingId: uuid()
      .notNull()
      .references(() => meterReadings.id, { onDelete: 'cascade' }),
    /** The value the event wrote (a submission, a correction). */
    value: numeric({ precision: 14, scale: 3 }),
  },
  (t) => [index().on(t.readingId, t.createdAt)],
);

/** A landlord's price of a unit of a type (net of VAT), from a day on; a change inside a month is prorated by days. */
export const tariffs = pgTable(
  'tariffs',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    type: meterTypeEnum().notNull(),
    startsOn: date().notNull(),
    price: numeric({ precision: 14, scale: 4 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tariffs_from_uq').on(t.landlordId, t.type, t.startsOn)],
);

/**
 * A landlord's meter settings: the days of the month tenants submit readings on (inclusive), and whether
 * the common area's consumption (a property's own meters less its units') is shared among its tenants
 * by leased area.
 */
export const meterSettings = pgTable('meter_settings', {
  landlordId: uuid()
    .primaryKey()
    .references(() => landlords.id),
  windowFrom: integer().notNull().default(20),
  windowTo: integer().notNull().default(25),
  shareCommon: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reminders sent, each once (the job inserts under this key): a tenant's window opening or closing in a
 * month (`subject_id` the tenant), a meter's verification running out (the meter, its verified-until day).
 */
export const meterReminders = pgTable(
  'meter_reminders',
  {
    subjectId: uuid().notNull(),
    period: date().notNull(),
    kind: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.period, t.kind] })],
);
