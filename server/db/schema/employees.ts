import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accessLevelEnum, accessModuleEnum, recordStatusEnum } from './enums';
import { landlords } from './landlords';
import { users } from './users';

/** An employee of a landlord; its login is a `users` row with role employee. */
export const employees = pgTable(
  'employees',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    fullName: text().notNull(),
    iin: text(),
    legalName: text(),
    department: text(),
    group: text(),
    position: text(),
    phone: text(),
    email: text(),
    /** May send employee notifications (POST /employee-notifications/permissions). */
    canNotify: boolean().notNull().default(false),
    status: recordStatusEnum().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.userId),
    // The list: one landlord, one status, sorted by name or by creation.
    index('employees_list_idx').on(t.landlordId, t.status, sql`${t.fullName} collate "und-x-icu"`),
    index('employees_created_idx').on(t.landlordId, t.status, t.createdAt),
  ],
);

/** An employee's access level per module (src/shared/access-levels.ts). A missing row means no access. */
export const employeeAccess = pgTable(
  'employee_access',
  {
    employeeId: uuid()
      .notNull()
      .references(() => employees.id),
    module: accessModuleEnum().notNull(),
    level: accessLevelEnum().notNull(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.module] })],
);
