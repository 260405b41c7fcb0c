import { date, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { requestPriorityEnum, requestStatusEnum, slaClockEnum } from './enums';
import { landlords } from './landlords';
import { requests, requestTypes } from './requests';

/** One escalation step: at `percent` of a deadline's time (100 = its breach) plus `delay_minutes`, tell `notify`. */
export type EscalationStep = {
  clock: 'take' | 'resolve';
  percent: number;
  delay_minutes: number;
  notify: 'assignee' | 'main' | 'landlord';
};

/**
 * A landlord's SLA clock: its working week (ISO days 1–7, minutes of Almaty's day from–to), what an SLA
 * counts by default, and the statuses that stop the clock. Created with the defaults on first look.
 */
export const requestSlaSettings = pgTable('request_sla_settings', {
  landlordId: uuid()
    .primaryKey()
    .references(() => landlords.id),
  clock: slaClockEnum().notNull().default('working'),
  workDays: integer().array().notNull().default([1, 2, 3, 4, 5]),
  workFrom: integer().notNull().default(540),
  workTo: integer().notNull().default(1080),
  pauseStatuses: requestStatusEnum().array().notNull().default(['paused']),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The landlord's public holidays (Almaty's days): seeded from Kazakhstan's, then added to or removed by the landlord. */
export const requestSlaHolidays = pgTable(
  'request_sla_holidays',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    day: date().notNull(),
    name: text().notNull().default(''),
  },
  (t) => [uniqueIndex().on(t.landlordId, t.day)],
);

/** A type's own clock (null: the landlord's) and escalation steps (null: the defaults). */
export const requestTypeSla = pgTable(
  'request_type_sla',
  {
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    typeId: uuid()
      .notNull()
      .references(() => requestTypes.id),
    clock: slaClockEnum(),
    escalation: jsonb().$type<EscalationStep[]>(),
  },
  (t) => [primaryKey({ columns: [t.landlordId, t.typeId] })],
);

/** The SLA of a type and priority: minutes to take into work and to resolve, on the type's clock. */
export const requestSlaTargets = pgTable(
  'request_sla_targets',
  {
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    typeId: uuid()
      .notNull()
      .references(() => requestTypes.id),
    priority: requestPriorityEnum().notNull(),
    takeMinutes: integer().notNull(),
    resolveMinutes: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.landlordId, t.typeId, t.priority] })],
);

/** Each escalation step sent, once per request and step: the INSERT under this key is the claim (several processes). */
export const requestEscalations = pgTable(
  'request_escalations',
  {
    requestId: uuid()
      .notNull()
      .references(() => requests.id),
    step: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.step] })],
);
