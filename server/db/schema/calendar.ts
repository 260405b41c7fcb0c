import { boolean, foreignKey, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { landlords } from './landlords';
import { users } from './users';

export const calendarEventTypeEnum = pgEnum('calendar_event_type', ['meeting', 'inspection', 'promotion', 'maintenance', 'other']);
export const calendarVisibilityEnum = pgEnum('calendar_visibility', ['private', 'employees', 'renters', 'all']);
export const calendarAnswerEnum = pgEnum('calendar_answer', ['going', 'not_going']);

/**
 * An event of the calendar. A repeating one keeps its rule as an RFC 5545 RRULE line
 * (without DTSTART: `startsAt` is the first occurrence), expanded in Asia/Almaty wall time
 * (server/modules/calendar/recurrence.ts). An all-day event runs from Almaty midnight to midnight.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    creatorUserId: uuid()
      .notNull()
      .references(() => users.id),
    title: text().notNull(),
    description: text(),
    eventType: calendarEventTypeEnum().notNull().default('other'),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    allDay: boolean().notNull().default(false),
    rrule: text(),
    /** Minutes before the start at which participants are reminded (0: at the start). */
    reminders: integer().array().notNull().default([]),
    push: boolean().notNull().default(true),
    visibility: calendarVisibilityEnum().notNull().default('private'),
    /** The iCalendar SEQUENCE: raised on each change, so subscribed clients take the new version. */
    sequence: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calendar_events_landlord_idx').on(t.landlordId, t.startsAt)],
);

/** Who is invited, and the answer each gave (null: not yet). */
export const calendarParticipants = pgTable(
  'calendar_participants',
  {
    eventId: uuid()
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    answer: calendarAnswerEnum(),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index().on(t.userId)],
);

/**
 * A participant's answer for one occurrence of a repeating event, keyed by the start the rule gives it:
 * it overrides the answer for the series (calendar_participants.answer) on that date only.
 */
export const calendarOccurrenceAnswers = pgTable(
  'calendar_occurrence_answers',
  {
    eventId: uuid().notNull(),
    userId: uuid().notNull(),
    occurrenceStart: timestamp({ withTimezone: true }).notNull(),
    answer: calendarAnswerEnum().notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'calendar_occurrence_answers_pk', columns: [t.eventId, t.userId, t.occurrenceStart] }),
    // Leaving the event (or its deletion) takes the answers with it.
    foreignKey({
      name: 'calendar_occurrence_answers_participant_fk',
      columns: [t.eventId, t.userId],
      foreignColumns: [calendarParticipants.eventId, calendarParticipants.userId],
    }).onDelete('cascade'),
  ],
);

/** One occurrence of a repeating event changed or cancelled, keyed by the start the rule gives it. */
export const calendarExceptions = pgTable(
  'calendar_exceptions',
  {
    eventId: uuid()
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp({ withTimezone: true }).notNull(),
    cancelled: boolean().notNull().default(false),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    title: text(),
    description: text(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceStart] })],
);

/** Reminders already told: the unique key makes each (occurrence, offset) told once, by one process. */
export const calendarRemindersSent = pgTable(
  'calendar_reminders_sent',
  {
    eventId: uuid()
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp({ withTimezone: true }).notNull(),
    offset: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceStart, t.offset] })],
);

/** A user's secret iCalendar address: only the hash of its secret is kept; a new one replaces it. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id),
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.secretHash)],
);
