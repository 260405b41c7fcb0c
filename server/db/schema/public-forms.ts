import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Demo orders left on the landing page. */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text(),
    company: text(),
    email: text().notNull(),
    phone: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt)],
);

/** Messages of the landing page's support form. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    phone: text(),
    message: text().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt)],
);
