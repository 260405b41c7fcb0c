import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { importStatuses } from '#machines/import';
import { historyColumns } from './history';
import { landlords } from './landlords';
import { users } from './users';

export const importEntityEnum = pgEnum('import_entity', ['tenants', 'units', 'employees', 'leases', 'bank_statement', 'meters', 'meter_readings']);
/** machines/import.ts */
export const importStatusEnum = pgEnum('import_status', importStatuses);

/** One error of a row, kept in every language so the list reads in whoever's language opens it. */
export type StoredRowError = { row: number; column: string | null; message: { ru: string; kk: string; en: string } };

/**
 * One file brought into a register (modules/imports): its file kept privately in storage until it is
 * discarded, the counts of its last check (exact) and the first errors of it (bounded).
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    entity: importEntityEnum().notNull(),
    status: importStatusEnum().notNull().default('uploaded'),
    fileName: text().notNull(),
    /** Storage key of the uploaded file; null once discarded. */
    fileKey: text(),
    /** 'xlsx' or 'csv', as its bytes told. */
    fileType: text().notNull(),
    fileSize: integer().notNull(),
    createdBy: uuid().references(() => users.id),
    createdByName: text().notNull(),
    total: integer().notNull().default(0),
    created: integer().notNull().default(0),
    changed: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    wrong: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    errors: jsonb().$type<StoredRowError[]>().notNull().default([]),
    /** Why a failed import failed (an error code of the dictionaries). */
    failure: text(),
    committedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('imports_list_idx').on(t.landlordId, t.createdAt, t.id)],
);

/** The history of an import: uploaded, checked, committed, failed or discarded, by whom and when. */
export const importEvents = pgTable(
  'import_events',
  {
    ...historyColumns(importStatusEnum),
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.importId, t.createdAt)],
);

/**
 * First-login mails an import was asked to send (its new tenants), written in the commit's transaction
 * and sent by the invitation job at its own pace (modules/imports/invitations.ts): a claimed row's
 * `not_before` moves past the try, so of several processes one sends it; a failed send is tried again
 * later, `attempts` at most. Sent rows keep `sent_at`: the import's card counts them.
 */
export const importInvitations = pgTable(
  'import_invitations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    attempts: integer().notNull().default(0),
    notBefore: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('import_invitations_uq').on(t.importId, t.userId),
    // The job's scan: unsent rows by when they are due.
    index('import_invitations_due_idx').on(t.notBefore).where(sql`${t.sentAt} is null`),
  ],
);
