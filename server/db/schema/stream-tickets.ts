import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';

/**
 * One-time tickets that open a live notification stream (an EventSource cannot send the bearer
 * token, and the token must not go into an address). In the database, not in a process's memory:
 * behind a load balancer the ticket is asked from one process and used on another. Only the SHA-256
 * of the ticket is stored; using it deletes it.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    tokenHash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  // Expired tickets are swept by their expiry.
  (t) => [index().on(t.expiresAt)],
);
