import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { questionnaireStatusEnum } from './enums';
import { fileColumns, historyColumns } from './history';
import { landlords } from './landlords';
import { objects } from './objects';
import { renters } from './renters';

/** The public questionnaire link of an object (PUT /application-forms/link); its id is in the URL. */
export const formLinks = pgTable(
  'form_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    objectId: uuid()
      .notNull()
      .references(() => objects.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.objectId)],
);

const money = () => numeric({ precision: 14, scale: 2 });
const area = () => numeric({ precision: 10, scale: 2 });

/** A prospective renter's questionnaire of the waiting list (machines/questionnaire.ts). */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    objectId: uuid()
      .notNull()
      .references(() => objects.id),
    status: questionnaireStatusEnum().notNull().default('new'),
    binIin: text().notNull(),
    companyName: text().notNull(),
    legalAddress: text(),
    directorName: text(),
    bank: text(),
    bik: text(),
    iik: text(),
    brandName: text().notNull(),
    category: text().notNull(),
    brandCountry: text(),
    yearsInBusiness: integer(),
    segment: text(),
    storesCount: integer(),
    mediaLink: text(),
    averageCheck: money(),
    turnoverPerSqm: money(),
    minArea: area(),
    maxArea: area(),
    turnoverTenge: money(),
    minKw: numeric({ precision: 8, scale: 2 }),
    maxKw: numeric({ precision: 8, scale: 2 }),
    floor: text(),
    storeFormat: text(),
    waterSupply: boolean(),
    indoorSupply: boolean(),
    fileLink1: text(),
    fileLink2: text(),
    contactFullName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    workPhone: text(),
    comment: text(),
    additionalInfo: text(),
    /** The renter made of it ("make renter"), when it was. */
    renterId: uuid().references(() => renters.id),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questionnaires_list_idx').on(t.landlordId, t.status, t.createdAt),
    index().on(t.objectId),
    index('questionnaires_created_idx').on(t.landlordId, t.createdAt),
  ],
);

/** The questionnaire's files, in two sets (`file_set` 1 or 2: the form's `files1` and `files2`, up to 5 each). */
export const questionnaireFiles = pgTable(
  'questionnaire_files',
  {
    ...fileColumns(),
    questionnaireId: uuid()
      .notNull()
      .references(() => questionnaires.id),
    fileSet: integer().notNull(),
    name: text().notNull(),
  },
  (t) => [index().on(t.questionnaireId)],
);

/**
 * The history of a questionnaire (the kit's history table): its arrival ('questionnaire.created', to 'new'),
 * every transition, and "make renter" (from and to the status it keeps). The waiting-list report measures
 * the time in each step from it.
 */
export const questionnaireEvents = pgTable(
  'questionnaire_events',
  {
    ...historyColumns(questionnaireStatusEnum),
    questionnaireId: uuid()
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.questionnaireId, t.createdAt)],
);
