import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoiceStatuses } from '#machines/invoice';
import { contracts } from './contracts';
import { historyColumns } from './history';
import { landlords } from './landlords';
import { meters } from './meters';
import { renters } from './renters';
import { users } from './users';
import { violations } from './violations';

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
  /** Days from the due date on which an unpaid invoice's tenant is reminded (before, on it, after); each once. */
  reminders: integer().array().notNull().default(sql`'{-3,0,7,30}'::integer[]`),
  /** The landlord's bank requisites printed on invoices (its name and BIN are the landlord's own). */
  bank: text(),
  /** IBAN KZ (ИИК). */
  iik: text(),
  bik: text(),
  kbe: text(),
  knp: text(),
  /** The landlord's own .docx template of the monthly certificate of services (АВР); the shipped one otherwise. */
  actTemplateKey: text(),
  actTemplateName: text(),
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
    // What is owed (the arrears, the money report, Home): a landlord's open invoices only, not its years of paid ones;
    // with the sums, so the arrears read the index alone rather than one page of the table per open invoice.
    index('invoices_owed_idx').on(t.landlordId, t.renterId, t.dueOn, t.total, t.paid).where(sql`${t.status} in ('issued', 'partly_paid', 'overdue')`),
    // What was invoiced in a period (the money report, the export for 1C).
    index('invoices_issued_idx').on(t.landlordId, t.issuedOn),
  ],
);

/**
 * What each tenant owes on its open invoices (issued, partly paid, overdue: total less paid), kept in step
 * with `invoices` by the database itself: statement triggers (hand-written in their migration) add each
 * inserted, changed or deleted invoice's change in the same transaction, whatever statement wrote it. The
 * arrears rank the biggest debtors from it by an index instead of summing every open invoice per tenant.
 * A tenant has a row from the first change of its debt on (left at zero once it owes nothing); no foreign
 * keys, as the rows only ever follow the invoices.
 */
export const renterDebts = pgTable(
  'renter_debts',
  {
    renterId: uuid().primaryKey(),
    landlordId: uuid().notNull(),
    owed: numeric({ precision: 16, scale: 2 }).notNull(),
  },
  (t) => [index('renter_debts_rank_idx').on(t.landlordId, t.owed.desc(), t.renterId).where(sql`${t.owed} > 0`)],
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

/**
 * The last number of a landlord's year in a series (invoices, credit notes): taken with the row locked,
 * so numbers have no gaps.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    series: text().notNull().default('invoice'),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.landlordId, t.series, t.year] })],
);

/**
 * A credit note: the correction of an issued invoice, which never changes itself. It lowers what the
 * tenant owes through a payment of method `credit_note` applied to that invoice first (the rest is the
 * tenant's credit), so the ledger and the arrears read it like any other credit.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    renterId: uuid()
      .notNull()
      .references(() => renters.id),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    year: integer().notNull(),
    seq: integer().notNull(),
    number: text().notNull(),
    issuedOn: date().notNull(),
    reason: text().notNull(),
    subtotal: numeric({ precision: 16, scale: 2 }).notNull(),
    vat: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    total: numeric({ precision: 16, scale: 2 }).notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('credit_notes_number_uq').on(t.landlordId, t.year, t.seq), index().on(t.invoiceId)],
);

/** The reminders sent about an invoice, by their day from the due date: each is sent once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    offsetDays: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.offsetDays] })],
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
    /** The violation whose fine this is (kind `fine`) or whose cancelled fine it reverses (kind `adjustment`). */
    violationId: uuid().references(() => violations.id),
    /** The overdue invoice a late fee is charged on. */
    sourceInvoiceId: uuid().references(() => invoices.id),
    /**
     * A utility charge's meter (a unit's, or a common-area meter whose share this is), its readings and
     * consumption (multiplier applied), and the tariff (a mean by days when it changed in the month).
     * `estimated`: no accepted reading, billed by the last three months' average; the next reading corrects it.
     */
    meterId: uuid().references(() => meters.id),
    previous: numeric({ precision: 14, scale: 3 }),
    current: numeric({ precision: 14, scale: 3 }),
    consumption: numeric({ precision: 14, scale: 3 }),
    tariff: numeric({ precision: 14, scale: 4 }),
    estimated: boolean().notNull().default(false),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charges_posted_uq').on(t.contractId, t.period, t.kind).where(sql`${t.contractId} is not null and ${t.kind} in ('rent', 'service')`),
    // A fine is posted once and its reversal once, however many times the violation is saved.
    uniqueIndex('charges_violation_uq').on(t.violationId, t.kind).where(sql`${t.violationId} is not null`),
    // A late fee once per overdue invoice and period.
    uniqueIndex('charges_late_fee_uq').on(t.sourceInvoiceId, t.period).where(sql`${t.kind} = 'late_fee'`),
    // A meter's consumption once per tenant and period (a common meter's share once per tenant).
    uniqueIndex('charges_utility_uq').on(t.meterId, t.renterId, t.period).where(sql`${t.kind} = 'utility'`),
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

export const paymentMethodEnum = pgEnum('payment_method', ['bank', 'cash', 'card', 'provider', 'credit_note']);

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
    /** The credit note this payment stands for (method `credit_note`). */
    creditNoteId: uuid().references(() => creditNotes.id),
    /** A payment provider's id of the payment: a callback repeated is the same payment. */
    providerRef: text(),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_list_idx').on(t.landlordId, t.receivedOn, t.createdAt, t.id),
    index().on(t.renterId, t.receivedOn),
    uniqueIndex('payments_provider_ref_uq').on(t.landlordId, t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
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

export const bankLineStatusEnum = pgEnum('bank_line_status', ['matched', 'unmatched', 'allocated', 'ignored']);

/**
 * A credit line of an imported bank statement (1CClientBankExchange). A line matched by the payer's BIN
 * (and the invoice number in its purpose) became a payment at the import; the rest waits for a person to
 * name the tenant (allocated) or set it aside (ignored). A statement imported again adds nothing: a line
 * is known by its document number, date, amount and payer account.
 */
export const bankLines = pgTable(
  'bank_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    importId: uuid(),
    docNumber: text().notNull(),
    docDate: date().notNull(),
    amount: numeric({ precision: 16, scale: 2 }).notNull(),
    payerBin: text(),
    payerName: text(),
    payerAccount: text().notNull().default(''),
    purpose: text(),
    status: bankLineStatusEnum().notNull(),
    renterId: uuid().references(() => renters.id),
    paymentId: uuid().references(() => payments.id),
    resolvedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_lines_key_uq').on(t.landlordId, t.docNumber, t.docDate, t.amount, t.payerAccount),
    // The queue: what waits for a person, oldest first.
    index('bank_lines_queue_idx').on(t.landlordId, t.docDate, t.id).where(sql`${t.status} = 'unmatched'`),
  ],
);

/** A payment link a provider gave for an invoice; its callback, signed, records the payment once. */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    provider: text().notNull(),
    externalId: text().notNull(),
    url: text().notNull(),
    amount: numeric({ precision: 16, scale: 2 }).notNull(),
    paymentId: uuid().references(() => payments.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.provider, t.externalId), index().on(t.invoiceId)],
);
