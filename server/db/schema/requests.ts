import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contractors } from './contractors';
import { employees } from './employees';
import { requestFileKindEnum, requestPriorityEnum, requestStatusEnum } from './enums';
import { fileColumns, historyColumns } from './history';
import { landlords } from './landlords';
import { objects } from './objects';
import { renters } from './renters';
import { rooms } from './rooms';
import { users } from './users';

/** The catalogue of request types (kept by the superadmin), named in three languages. */
export const requestTypes = pgTable(
  'request_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The contract's "kind": 12 are renters' requests (the default), 13 visitors' requests. */
    kind: integer().notNull(),
    code: text().notNull(),
    nameRu: text().notNull(),
    nameKk: text().notNull(),
    nameEn: text().notNull(),
    /** Time to resolve when the landlord has not set its own. */
    defaultResolveHours: integer().notNull(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.code), index().on(t.kind, t.sort)],
);

/** A landlord's settings of a type: shown to its renters or not, responsible employee, time to resolve. */
export const landlordRequestTypes = pgTable(
  'landlord_request_types',
  {
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    typeId: uuid()
      .notNull()
      .references(() => requestTypes.id),
    shown: boolean().notNull().default(true),
    responsibleEmployeeId: uuid().references(() => employees.id),
    resolveHours: integer(),
  },
  (t) => [primaryKey({ columns: [t.landlordId, t.typeId] })],
);

/** A request (bid) of the journal. */
export const requests = pgTable(
  'requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    /** Shown to people: 1, 2, 3 ... per landlord. */
    number: integer().notNull(),
    typeId: uuid()
      .notNull()
      .references(() => requestTypes.id),
    objectId: uuid()
      .notNull()
      .references(() => objects.id),
    roomId: uuid().references(() => rooms.id),
    renterId: uuid().references(() => renters.id),
    /** The signed-in applicant; null for a visitor. */
    createdBy: uuid().references(() => users.id),
    fromVisitor: boolean().notNull().default(false),
    applicantName: text().notNull(),
    applicantPhone: text(),
    description: text().notNull(),
    status: requestStatusEnum().notNull().default('new'),
    assigneeEmployeeId: uuid().references(() => employees.id),
    assigneeContractorId: uuid().references(() => contractors.id),
    priority: requestPriorityEnum().notNull().default('normal'),
    /** To be resolved by (the SLA's time to resolve, else the type's hours), and taken into work by (null without an SLA). */
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    takeDeadlineAt: timestamp({ withTimezone: true }),
    /** While in a status the landlord chose to stop the clock: since when; the minutes of the clock paused so far extend both deadlines. */
    pausedAt: timestamp({ withTimezone: true }),
    pausedMinutes: integer().notNull().default(0),
    /** The earliest escalation step not yet sent (request-sla.ts); null when none is left or the clock is stopped. */
    nextEscalationAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /** When it was first taken into work, and whether the applicant ever returned it: kept from its history by the database (request-stats.ts). */
    takenAt: timestamp({ withTimezone: true }),
    returned: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.landlordId, t.number),
    // The journal's sorts end in id, so a deep page is an index-only scan of ids (listRequests).
    index('requests_journal_idx').on(t.landlordId, t.createdAt, t.id),
    index('requests_status_idx').on(t.landlordId, t.status, t.createdAt, t.id),
    index('requests_deadline_idx').on(t.landlordId, t.deadlineAt, t.id),
    // Search: ILIKE '%text%' through trigram indexes (pg_trgm), one per searched column.
    index('requests_applicant_trgm_idx').using('gin', t.applicantName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('requests_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')).with({ fastupdate: false }),
    // Overdue: open requests past their deadline.
    index('requests_open_deadline_idx').on(t.landlordId, t.deadlineAt).where(sql`${t.status} not in ('done', 'closed', 'rejected')`),
    index('requests_priority_idx').on(t.landlordId, t.priority, t.createdAt, t.id),
    // The escalation job's scan: open requests whose next step is due, across landlords.
    index('requests_escalation_idx').on(t.nextEscalationAt).where(sql`${t.status} not in ('done', 'closed', 'rejected') and ${t.nextEscalationAt} is not null`),
    index().on(t.renterId, t.createdAt),
    index().on(t.assigneeEmployeeId),
    // Reports: requests closed in a period.
    index('requests_closed_idx').on(t.landlordId, t.closedAt).where(sql`${t.closedAt} is not null`),
  ],
);

/** Photos of a request (from the applicant) and of its photo report (from the executor). */
export const requestFiles = pgTable(
  'request_files',
  {
    ...fileColumns(),
    /** The uploaded file's name, which its download keeps; null for photos stored before names were kept. */
    name: text(),
    requestId: uuid()
      .notNull()
      .references(() => requests.id),
    kind: requestFileKindEnum().notNull(),
    uploadedBy: uuid().references(() => users.id),
  },
  (t) => [index().on(t.requestId, t.kind)],
);

/** The whole history: who did what and when, from which status to which, with the comment. */
export const requestEvents = pgTable(
  'request_events',
  {
    ...historyColumns(requestStatusEnum),
    requestId: uuid()
      .notNull()
      .references(() => requests.id),
  },
  (t) => [index().on(t.requestId, t.createdAt)],
);
