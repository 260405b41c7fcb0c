import { and, asc, eq, sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { decimal, hundredths } from '#/shared/money';
import type { InvoiceStatus } from '#machines/invoice';
import type { Db, Tx } from '../../db/client';
import { creditNotes, invoices, payments } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import { actorOf } from '../../workflow/history';
import type { Viewer } from '../../workflow/viewer';
import { requireBilling } from './access';
import { applyPayment } from './payments';
import { takeNumbers } from './run';

/** An invoice a credit note may correct: issued and not void (a draft is still changed, a void one owes nothing). */
const CREDITABLE: InvoiceStatus[] = ['issued', 'partly_paid', 'overdue', 'paid'];

/** `КН-<year>-<seq>`: a series of its own beside the invoices' `<year>-<seq>`. */
const creditNoteNumber = (year: number, seq: number) => `КН-${year}-${String(seq).padStart(4, '0')}`;

/**
 * The VAT of a credit note of `amount` (gross) on an invoice: the invoice's share of VAT of all it has
 * credited by then, less what the earlier notes took, so notes crediting the whole invoice return its
 * VAT to the tiyn. Rounded half up.
 */
function creditVat(invoice: { total: string; vat: string }, earlier: { total: string; vat: string }, amount: string): string {
  const total = hundredths(invoice.total);
  if (total === 0n) return '0.00';
  const credited = hundredths(earlier.total) + hundredths(amount);
  const vatBy = (credited * hundredths(invoice.vat) * 2n + total) / (2n * total);
  return decimal(vatBy - hundredths(earlier.vat));
}

/**
 * A credit note on one of the landlord's invoices (billing, update), in one transaction: the invoice
 * locked, its amount checked against what earlier notes left, a number of its own series, and a payment of
 * method `credit_note` applied to that invoice first (the rest is the tenant's credit).
 */
export async function issueCreditNote(db: Db, viewer: Viewer, invoiceId: string, input: { amount: string; reason: string }): Promise<string> {
  const landlordId = requireBilling(viewer, 'update');
  const reason = input.reason.trim();
  if (!reason) throw invalidField('reason', (ll) => ll.validation.required());
  const amount = hundredths(input.amount);
  if (amount <= 0n) throw invalidField('amount', (ll) => ll.contracts.errors.positive());
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.landlordId, landlordId)))
      .for('update');
    if (!invoice) throw notFound();
    if (!CREDITABLE.includes(invoice.status)) throw new AppError(409, 'invalid_state');
    const earlier = await creditedOn(tx, invoice.id);
    const left = hundredths(invoice.total) - hundredths(earlier.total);
    if (amount > left) throw invalidField('amount', (ll) => ll.billing.credit.tooMuch({ left: decimal(left) }));
    const total = decimal(amount);
    const vat = creditVat(invoice, earlier, total);
    const today = almatyToday();
    const year = Number(today.slice(0, 4));
    const seq = await takeNumbers(tx, landlordId, year, 1, 'credit_note');
    const number = creditNoteNumber(year, seq);
    const [note] = await tx
      .insert(creditNotes)
      .values({
        landlordId,
        renterId: invoice.renterId,
        invoiceId: invoice.id,
        year,
        seq,
        number,
        issuedOn: today,
        reason,
        subtotal: decimal(amount - hundredths(vat)),
        vat,
        total,
        createdBy: viewer.user.id,
      })
      .returning({ id: creditNotes.id });
    if (!note) throw new AppError(500, 'internal');
    const [payment] = await tx
      .insert(payments)
      .values({
        landlordId,
        renterId: invoice.renterId,
        receivedOn: today,
        amount: total,
        method: 'credit_note',
        reference: number,
        invoiceId: invoice.id,
        creditNoteId: note.id,
        createdBy: viewer.user.id,
      })
      .returning({ id: payments.id });
    if (!payment) throw new AppError(500, 'internal');
    const rest = await applyPayment(tx, landlordId, invoice.renterId, total, invoice.id, actorOf(viewer), payment.id);
    await tx.update(payments).set({ unapplied: rest }).where(eq(payments.id, payment.id));
    return note.id;
  });
}

/** What an invoice's credit notes took so far, gross and VAT. */
async function creditedOn(tx: Db | Tx, invoiceId: string) {
  const [row] = await tx
    .select({
      total: sql<string>`coalesce(sum(${creditNotes.total}), 0)::numeric(16,2)::text`,
      vat: sql<string>`coalesce(sum(${creditNotes.vat}), 0)::numeric(16,2)::text`,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId));
  return row ?? { total: '0', vat: '0' };
}

/** An invoice's credit notes, oldest first, as its page lists them. */
export async function creditNotesOf(db: Db, invoiceId: string) {
  const rows = await db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)).orderBy(asc(creditNotes.year), asc(creditNotes.seq));
  return rows.map((n) => ({
    id: n.id,
    number: n.number,
    issued_on: n.issuedOn,
    reason: n.reason,
    subtotal: n.subtotal,
    vat: n.vat,
    total: n.total,
    created_at: n.createdAt.toISOString(),
  }));
}
