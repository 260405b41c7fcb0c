import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoiceStatuses } from '#machines/invoice';
import { contracts } from './contracts';
import { historyColumns } from './history';
import { landlords } from './landlords';
import { renters } from './renters';
import { users } from './users';

/** machines/invoice.ts */
export const invoiceStatusEnum = pgEnum('invoice_status', invoiceStatuses);
/** What a charge is for: the run posts rent (and later service, late fees, utilities); fines come from violations; staff add the rest. */
export const chargeKindEnum = pgEnum('charge_kind', ['rent', 'service', 'fine', 'late_fee', 'one_off', 'adjustment', 'utility']);

/**
 * A landlord's billing settings (the defaults when there is no row): whether the job bills each month and
 * on which day, the due day of an invoice whose leases name no payment day, and VAT (payer or not, its rate).
 */
export const billingSettings = pgTable('billing_settings', {
  landlordId: uuid()
    .primaryKey()
    .references(() => landlords.id),
  /** Off until the landlord turns billing on: the job then bills each month on `run_day`. */
  autoRun: boolean().notNull().default(false),
  runDay: integer().notNull().default(1),
  dueDay: integer().notNull().default(10),
  vatPayer: boolean().notNull().default(false),
  /** Per cent, applied on top of the net amounts when the landlord is a VAT payer. */
  vatRate: numeric({ precision: 5, scale: 2 }).notNull().default('12.00'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An invoice: a tenant's charges of a period (machines/invoice.ts). Its number is given when it is issued,
 * per landlord and year without gaps (invoice_counters, in the issuing transaction). Sums are exact
 * decimals; `paid` is what payments applied to it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    renterId: uuid()
      .notNull()
      .references(() => renters.id),
    /** The month billed: its first day. */
    period: date().notNull(),
    year: integer(),
    seq: integer(),
    /** `<year>-<seq>`, set when issued. */
    number: text(),
    issuedOn: date(),
    dueOn: date().notNull(),
    status: invoiceStatusEnum().notNull().default('draft'),
    subtotal: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    vat: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    total: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    paid: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    voidReason: text(),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.landlordId, t.year, t.seq),
    index('invoices_list_idx').on(t.landlordId, t.period, t.createdAt, t.id),
    index().on(t.renterId, t.period),
    // The overdue job's scan: unpaid issued invoices by due date.
    index('invoices_open_idx').on(t.dueOn).where(sql`${t.status} in ('issued', 'partly_paid')`),
  ],
);

/** The history of an invoice: issued, paid, overdue, void, by whom and when. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    ...historyColumns(invoiceStatusEnum),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.invoiceId, t.createdAt)],
);

/** The last invoice number of a landlord's year: taken with the row locked, so numbers have no gaps. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.landlordId, t.year] })],
);

/**
 * What a tenant owes, line by line: the net amount and its VAT, for a period. A lease's recurring
 * charges are posted once per lease, period and kind (the unique index), however many runs or
 * processes post them; `invoice_id` is set once the charge is on an invoice.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    renterId: uuid()
      .notNull()
      .references(() => renters.id),
    contractId: uuid().references(() => contracts.id),
    period: date().notNull(),
    kind: chargeKindEnum().notNull(),
    /** Staff's words for a one-off charge or an adjustment; the run's charges are named by kind and period. */
    description: text(),
    /** Days of the period billed, when fewer than the month's (a lease starting or ending in it). */
    days: integer(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    vat: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    invoiceId: uuid().references(() => invoices.id),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charges_posted_uq')
      .on(t.contractId, t.period, t.kind)
      .where(sql`${t.contractId} is not null and ${t.kind} in ('rent', 'service', 'late_fee')`),
    index().on(t.landlordId, t.renterId, t.period),
    index().on(t.invoiceId),
  ],
);

/**
 * A landlord's billed months: the billing job runs a month once (the row, inserted under its key in the
 * run's transaction, is its claim); a run by hand adds to it (a lease signed since then).
 */
export const billingRuns = pgTable(
  'billing_runs',
  {
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    period: date().notNull(),
    charges: integer().notNull().default(0),
    invoices: integer().notNull().default(0),
    ranAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.landlordId, t.period] })],
);

export const paymentMethodEnum = pgEnum('payment_method', ['bank', 'cash', 'card', 'provider']);

/**
 * Money a tenant paid, as staff record it (a bank statement and a provider's callback later land here
 * too). It is applied to invoices at once (payment_allocations): to the invoice it names, then to the
 * oldest open ones; what is left (`unapplied`) is the tenant's credit.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    renterId: uuid()
      .notNull()
      .references(() => renters.id),
    receivedOn: date().notNull(),
    amount: numeric({ precision: 16, scale: 2 }).notNull(),
    unapplied: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    method: paymentMethodEnum().notNull(),
    reference: text(),
    /** The invoice the payer named, when it did. */
    invoiceId: uuid().references(() => invoices.id),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_list_idx').on(t.landlordId, t.receivedOn, t.createdAt, t.id), index().on(t.renterId, t.receivedOn)],
);

/** How much of a payment went to which invoice. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    amount: numeric({ precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.invoiceId] }), index().on(t.invoiceId)],
);
