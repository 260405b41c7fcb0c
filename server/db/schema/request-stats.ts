import { boolean, date, integer, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { requestStatusEnum } from './enums';

/*
 * The requests report's rollup, kept in step with `requests` by the database itself: statement triggers
 * (migration 0019) add each inserted, changed or deleted request's share to these rows in the same
 * transaction, so a year of a million requests is summed from a few thousand rows. Days are Almaty's.
 * The key has every filter of the report but the renter (a renter's few requests are read directly);
 * no foreign keys, as the rows only ever follow the requests.
 */

/** The key both tables share: the landlord's Almaty day, object, type and executor (an employee or a contractor). */
const dayKey = () => ({
  landlordId: uuid().notNull(),
  day: date().notNull(),
  objectId: uuid().notNull(),
  typeId: uuid().notNull(),
  employeeId: uuid(),
  contractorId: uuid(),
});

/** Counts per Almaty day: requests created that day by their status now, and requests closed that day. */
export const requestStats = pgTable(
  'request_stats',
  {
    ...dayKey(),
    status: requestStatusEnum().notNull(),
    fromVisitor: boolean().notNull(),
    /** Of the requests created on `day`: how many, closed since, closed by their deadline, returned by the applicant. */
    created: integer().notNull(),
    createdClosed: integer().notNull(),
    createdOnTime: integer().notNull(),
    createdReturned: integer().notNull(),
    /** Of the requests closed on `day`: how many, by their deadline. */
    closed: integer().notNull(),
    closedOnTime: integer().notNull(),
  },
  (t) => [unique('request_stats_key').on(t.landlordId, t.day, t.objectId, t.typeId, t.employeeId, t.contractorId, t.status, t.fromVisitor).nullsNotDistinct()],
);

/**
 * How long requests took, as a histogram for the medians: hours to be taken into work (on the day
 * created) and to be closed (on the day closed), rounded to 0.1 h under 10 h, to the hour under 100 h,
 * then to ten hours, so a median is within about 5 % and exact for whole hours.
 */
export const requestStatHours = pgTable(
  'request_stat_hours',
  {
    ...dayKey(),
    kind: text({ enum: ['take', 'close'] }).notNull(),
    hours: numeric({ precision: 9, scale: 1 }).notNull(),
    n: integer().notNull(),
  },
  (t) => [unique('request_stat_hours_key').on(t.landlordId, t.day, t.objectId, t.typeId, t.employeeId, t.contractorId, t.kind, t.hours).nullsNotDistinct()],
);
