import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { addDays, addMonths, monthOf } from '#/shared/days';
import { decimal, hundredths } from '#/shared/money';
import type { Db, Tx } from '../../db/client';
import { charges, contracts, invoices, paymentAllocations, payments } from '../../db/schema';
import type { Actor } from '../../workflow/history';

/** What the late fee of one invoice for one month is worked out from. */
export type Overdue = {
  total: string;
  dueOn: string;
  /** What was paid on it (payments and credit notes), each on the day received. */
  paid: { on: string; amount: string }[];
  /** Per cent of the overdue sum per day. */
  percent: string;
  /** Per cent of the total that all its late fees together never exceed; none: no cap. */
  cap: string | null;
  /** Its late fees of earlier months. */
  earlier: string;
};

/**
 * The late fee of an invoice for the month of `period`: for each day of the month from the day after its
 * due day until the day it was paid in full (that day too: paid on it is paid late), what was still owed
 * at the start of the day × the daily per cent; rounded half up to the tiyn once, then cut so the fees of
 * all months stay within the cap (rounded down, never above it). Null when nothing is due.
 */
export function lateFeeFor(o: Overdue, period: string): string | null {
  const month = monthOf(period);
  const percent = hundredths(o.percent);
  if (percent <= 0n) return null;
  const total = hundredths(o.total);
  const paid = o.paid.map((p) => ({ on: p.on, cents: hundredths(p.amount) }));
  // Tiyn × days, summed over the overdue days of the month.
  let owedDays = 0n;
  for (let day = [addDays(o.dueOn, 1), month.first].sort()[1] as string; day <= month.last; day = addDays(day, 1)) {
    const owed = total - paid.filter((p) => p.on < day).reduce((s, p) => s + p.cents, 0n);
    if (owed <= 0n) break;
    owedDays += owed;
  }
  // Tiyn × hundredths of a per cent: divided by 100 × 100.
  let fee = (owedDays * percent + 5000n) / 10000n;
  if (o.cap !== null) {
    const room = (total * hundredths(o.cap)) / 10000n - hundredths(o.earlier);
    if (fee > room) fee = room;
  }
  return fee > 0n ? decimal(fee) : null;
}

const BILLED = ['issued', 'partly_paid', 'overdue', 'paid'] as const;

/** One late fee the run of a month posts: on the overdue invoice, under the lease whose terms it follows. */
export type LateFee = { renterId: string; contractId: string; sourceInvoiceId: string; amount: string };

/**
 * The late fees the run of `period` posts: one for each of the landlord's invoices that was overdue during
 * the month before and has none for this month yet. The terms are those of the lease whose rent is the
 * largest on the invoice (an invoice of two leases follows its main one); an invoice with no lease's rent
 * on it (staff's charges, a fine) bears none. The run's preview shows the same. No VAT: a late fee is a penalty.
 */
export async function lateFeesDue(tx: Db | Tx, landlordId: string, period: string): Promise<LateFee[]> {
  const month = monthOf(period);
  const before = monthOf(addMonths(month.first, -1));
  // Overdue on a day of last month: due before its last day, and still open or paid off since its first.
  const candidates = await tx
    .select({ id: invoices.id, renterId: invoices.renterId, total: invoices.total, dueOn: invoices.dueOn })
    .from(invoices)
    .where(
      and(
        eq(invoices.landlordId, landlordId),
        inArray(invoices.status, [...BILLED]),
        lte(invoices.dueOn, addDays(before.last, -1)),
        sql`(${invoices.status} <> 'paid' or exists (select 1 from ${paymentAllocations} a join ${payments} p on p.id = a.payment_id where a.invoice_id = ${invoices.id} and p.received_on >= ${before.first}))`,
        sql`not exists (select 1 from ${charges} f where f.source_invoice_id = ${invoices.id} and f.kind = 'late_fee' and f.period = ${month.first})`,
      ),
    );
  const due: LateFee[] = [];
  for (let at = 0; at < candidates.length; at += 1000) {
    const batch = candidates.slice(at, at + 1000);
    const ids = batch.map((i) => i.id);
    const [terms, paid, earlier] = await Promise.all([
      tx
        .selectDistinctOn([charges.invoiceId], {
          invoiceId: charges.invoiceId,
          contractId: contracts.id,
          percent: contracts.lateFeePercent,
          cap: contracts.lateFeeCap,
        })
        .from(charges)
        .innerJoin(contracts, eq(contracts.id, charges.contractId))
        .where(and(inArray(charges.invoiceId, ids), eq(charges.kind, 'rent')))
        .orderBy(charges.invoiceId, desc(charges.amount), asc(contracts.number)),
      tx
        .select({ invoiceId: paymentAllocations.invoiceId, on: payments.receivedOn, amount: paymentAllocations.amount })
        .from(paymentAllocations)
        .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
        .where(inArray(paymentAllocations.invoiceId, ids)),
      tx
        .select({ invoiceId: charges.sourceInvoiceId, amount: sql<string>`sum(${charges.amount})::numeric(16,2)::text` })
        .from(charges)
        .where(and(inArray(charges.sourceInvoiceId, ids), eq(charges.kind, 'late_fee')))
        .groupBy(charges.sourceInvoiceId),
    ]);
    for (const invoice of batch) {
      const lease = terms.find((t) => t.invoiceId === invoice.id);
      if (!lease?.percent) continue;
      const fee = lateFeeFor(
        {
          total: invoice.total,
          dueOn: invoice.dueOn,
          paid: paid.filter((p) => p.invoiceId === invoice.id),
          percent: lease.percent,
          cap: lease.cap,
          earlier: earlier.find((e) => e.invoiceId === invoice.id)?.amount ?? '0',
        },
        before.first,
      );
      if (fee) due.push({ renterId: invoice.renterId, contractId: lease.contractId, sourceInvoiceId: invoice.id, amount: fee });
    }
  }
  return due;
}

/** The run of `period` posts the late fees due (lateFeesDue), once (the charges' unique key), in its transaction. */
export async function postLateFees(tx: Tx, landlordId: string, period: string, by: Actor): Promise<number> {
  const first = monthOf(period).first;
  const rows = (await lateFeesDue(tx, landlordId, first)).map((f) => ({
    ...f,
    landlordId,
    period: first,
    kind: 'late_fee' as const,
    createdBy: by.userId,
  }));
  let posted = 0;
  for (let at = 0; at < rows.length; at += 1000) {
    posted += (
      await tx
        .insert(charges)
        .values(rows.slice(at, at + 1000))
        .onConflictDoNothing()
        .returning({ id: charges.id })
    ).length;
  }
  return posted;
}
