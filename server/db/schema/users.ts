import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { languageEnum, roleEnum } from './enums';
import { landlords } from './landlords';
import { objects } from './objects';
import { rooms } from './rooms';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null only for the superadmin. */
    landlordId: uuid().references(() => landlords.id),
    username: text().notNull(),
    email: text(),
    fullName: text().notNull(),
    role: roleEnum().notNull(),
    /** Null until the user sets a password at first login. */
    passwordHash: text(),
    /** The object (landlord, employee) or room (renter) whose logo is the user's avatar. */
    objectId: uuid().references(() => objects.id),
    roomId: uuid().references(() => rooms.id),
    /** False while the user's employee/renter/landlord record is deleted: no sign-in, no session. */
    active: boolean().notNull().default(true),
    /** The language the person reads: its mails and pushes are written in it, and its app opens in it. */
    language: languageEnum().notNull().default('ru'),
    /** When mail to `email` was refused for good (an unknown mailbox): no more mail until the address changes. */
    emailBouncedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index().on(t.landlordId),
    // Registers search logins by any part of them.
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);
