import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { monthOf } from '#/shared/days';
import { hundredths } from '#/shared/money';
import { type InvoiceActor, type InvoiceEventType, invoiceActions, nextInvoiceStatus } from '#machines/invoice';
import type { Db } from '../../db/client';
import { charges, contracts, invoiceEvents, invoices, meters, paymentAllocations, payments, renters, violations } from '../../db/schema';
import { notFound } from '../../http/errors';
import { cappedCount } from '../../http/pagination';
import { presentHistory } from '../../workflow/history';
import { applyTransition } from '../../workflow/transition';
import type { Viewer } from '../../workflow/viewer';
import type { Workflow } from '../../workflow/workflow';
import { sidesOn } from './access';
import { chargeLine } from './charges';
import { creditNotesOf } from './credit-notes';
import { invoicesIssued } from './notices';
import { invoiceNumber, takeNumbers } from './run';
import { meterColumns, utilityDto } from './utility-lines';

type Invoice = typeof invoices.$inferSelect;
const history = { table: invoiceEvents, recordKey: 'invoiceId' };
const contextOf = (i: Invoice) => ({ paid: hundredths(i.paid) > 0n });

/** Invoices on the workflow kit: machines/invoice.ts and its history; voiding needs a reason. */
export const invoiceWorkflow: Workflow<Invoice, InvoiceEventType, InvoiceActor> = {
  name: 'invoice',
  record: invoices,
  keyOf: (i) => ({ id: i.id, status: i.status }),
  history,
  actors: ['staff', 'system'],
  next(i, event, by) {
    const status = nextInvoiceStatus(i.status, contextOf(i), event, by);
    return status && { status };
  },
  events: (i, by) => invoiceActions(i.status, contextOf(i), by),
  sidesOf: (viewer) => sidesOn(viewer),
  needsComment: ['invoice.void'],
  // An issued invoice carries its number from then on: the next of its landlord's year, in the same transaction.
  async apply(tx, i, change) {
    if (change.event !== 'invoice.issue') return;
    const today = almatyToday();
    const year = Number(today.slice(0, 4));
    const seq = await takeNumbers(tx, i.landlordId, year, 1);
    await tx
      .update(invoices)
      .set({ year, seq, number: invoiceNumber(year, seq), issuedOn: today })
      .where(eq(invoices.id, i.id));
  },
  // Its tenant is told of an invoice issued by hand as of one of the run's.
  async notify(tx, i, change) {
    if (change.event === 'invoice.issue') await invoicesIssued(tx, [i.id], change.actor);
  },
};

const listColumns = {
  id: invoices.id,
  number: invoices.number,
  period: invoices.period,
  renterId: invoices.renterId,
  renterName: renters.legalName,
  status: invoices.status,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  subtotal: invoices.subtotal,
  vat: invoices.vat,
  total: invoices.total,
  paid: invoices.paid,
  createdAt: invoices.createdAt,
};

const selectInvoices = (db: Db) => db.select(listColumns).from(invoices).innerJoin(renters, eq(renters.id, invoices.renterId));
type Row = Awaited<ReturnType<typeof selectInvoices>>[number];

export const toInvoiceDto = (r: Row) => ({
  id: r.id,
  number: r.number,
  period: r.period,
  renter: { id: r.renterId, name: r.renterName },
  status: r.status,
  issued_on: r.issuedOn,
  due_on: r.dueOn,
  subtotal: r.subtotal,
  vat: r.vat,
  total: r.total,
  paid: r.paid,
  created_at: r.createdAt.toISOString(),
});

export type InvoiceFilter = { status?: Invoice['status']; renterId?: string; period?: string };

/** A page of invoices in scope, newest month first; the total counted up to the cap, never the whole table. */
export async function listInvoices(db: Db, scope: SQL | undefined, filter: InvoiceFilter, page: { limit: number; offset: number }) {
  const where = and(
    scope,
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.renterId ? eq(invoices.renterId, filter.renterId) : undefined,
    filter.period ? eq(invoices.period, monthOf(filter.period).first) : undefined,
  );
  const [rows, total] = await Promise.all([
    selectInvoices(db).where(where).orderBy(desc(invoices.period), desc(invoices.createdAt), desc(invoices.id)).limit(page.limit).offset(page.offset),
    cappedCount(db, invoices, where),
  ]);
  return { rows, total };
}

/** The invoice in the viewer's scope, or 404 (another landlord's, another tenant's, a renter's draft). */
export async function invoiceIn(db: Db, viewer: Viewer, id: string): Promise<Invoice> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(viewer.scope, eq(invoices.id, id)));
  if (!row) throw notFound();
  return row;
}

/** One invoice as the viewer sees it: its lines, history and the events the viewer may send. */
export async function presentInvoice(db: Db, viewer: Viewer, id: string) {
  // The row as the list shows it and as the machine reads it, in one look within the viewer's scope.
  const [found] = await db
    .select({ invoice: invoices, renterName: renters.legalName })
    .from(invoices)
    .innerJoin(renters, eq(renters.id, invoices.renterId))
    .where(and(viewer.scope, eq(invoices.id, id)));
  if (!found) throw notFound();
  const { invoice, renterName } = found;
  const [lines, entries, paid, credited] = await Promise.all([
    db
      .select({ charge: charges, contractNumber: contracts.number, violationNumber: violations.number, meter: meterColumns })
      .from(charges)
      .leftJoin(contracts, eq(contracts.id, charges.contractId))
      .leftJoin(violations, eq(violations.id, charges.violationId))
      .leftJoin(meters, eq(meters.id, charges.meterId))
      .where(eq(charges.invoiceId, id))
      .orderBy(asc(charges.period), asc(charges.kind), asc(contracts.number), asc(charges.createdAt)),
    presentHistory(db, history, id),
    db
      .select({ payment: payments, amount: paymentAllocations.amount })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.invoiceId, id))
      .orderBy(asc(payments.receivedOn), asc(payments.createdAt)),
    creditNotesOf(db, id),
  ]);
  const sides = sidesOn(viewer);
  return {
    ...toInvoiceDto({ ...invoice, renterName }),
    void_reason: invoice.voidReason,
    lines: lines.map((l) => ({ ...chargeLine(l), utility: utilityDto(l.charge, l.meter) })),
    credit_notes: credited,
    payments: paid.map(({ payment: p, amount }) => ({ payment_id: p.id, received_on: p.receivedOn, method: p.method, reference: p.reference, amount })),
    history: entries as never,
    actions: sides.flatMap((by) => invoiceWorkflow.events(invoice, by)),
  };
}

/** One transition by a person (voiding keeps its reason on the invoice too). */
export async function transitionInvoice(db: Db, viewer: Viewer, id: string, input: { event: InvoiceEventType; comment?: string }) {
  const invoice = await invoiceIn(db, viewer, id);
  await applyTransition(db, invoiceWorkflow, viewer, invoice, input, (next) => (next.status === 'void' ? { voidReason: input.comment?.trim() ?? null } : {}));
}
