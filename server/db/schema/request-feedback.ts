import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { landlords } from './landlords';
import { renters } from './renters';
import { requests } from './requests';
import { users } from './users';

/**
 * The applicant's rating of a request, given with its confirmation or within 7 days of closing. One per
 * request: a request reopened and closed again is rated anew, and the new rating replaces the old.
 */
export const requestRatings = pgTable(
  'request_ratings',
  {
    requestId: uuid()
      .primaryKey()
      .references(() => requests.id),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    renterId: uuid()
      .notNull()
      .references(() => renters.id),
    rating: smallint().notNull(),
    comment: text(),
    ratedBy: uuid()
      .notNull()
      .references(() => users.id),
    ratedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('request_ratings_range', sql`${t.rating} between 1 and 5`), index().on(t.landlordId, t.ratedAt)],
);

/** Staff who follow a request: told of its transitions and comments, as its applicant and assignee are. */
export const requestFollowers = pgTable(
  'request_followers',
  {
    requestId: uuid()
      .notNull()
      .references(() => requests.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index().on(t.userId)],
);
