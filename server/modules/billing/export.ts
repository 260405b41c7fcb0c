import type { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import type { LL } from '../../http/i18n';
import { streamBook } from '../../http/xlsx-stream';

const BATCH = 2000;

type InvoiceRow = {
  id: string;
  year: number;
  seq: number;
  number: string;
  issued_on: string;
  due_on: string;
  period: string;
  renter: string;
  bin_iin: string;
  subtotal: string;
  vat: string;
  total: string;
  paid: string;
  status: 'issued' | 'partly_paid' | 'paid' | 'overdue' | 'void';
};
type PaymentRow = {
  id: string;
  received_on: string;
  created_at: string;
  renter: string;
  bin_iin: string;
  amount: string;
  unapplied: string;
  method: 'bank' | 'cash' | 'card' | 'provider' | 'credit_note';
  reference: string | null;
  invoices: string | null;
};

/**
 * A period's invoices and payments for accounting (1C), one sheet each, in a fixed column order (the
 * contract documents it): invoices issued in the period, void ones included so a posted one can be
 * reversed, by number; payments received in it (credit notes too, marked by their method) with the
 * invoices each went to. Keyset batches, streamed; amounts exact decimals, numbers only in their cells.
 */
export function exportBillingXlsx(db: Db, landlordId: string, from: string, to: string, ll: LL): Promise<PassThrough> {
  const t = ll.billing.export;
  const invoiceBatch = (after: { year: number; seq: number } | null) =>
    rows<InvoiceRow>(
      db,
      sql`select i.id, i.year, i.seq, i.number, i.issued_on::text, i.due_on::text, to_char(i.period, 'YYYY-MM') as period, r.legal_name as renter,
        r.bin_iin, i.subtotal::text, i.vat::text, i.total::text, i.paid::text, i.status
      from invoices i join renters r on r.id = i.renter_id
      where i.landlord_id = ${landlordId}::uuid and i.seq is not null and i.issued_on between ${from}::date and ${to}::date
        ${after ? sql`and (i.year, i.seq) > (${after.year}, ${after.seq})` : sql``}
      order by i.year, i.seq limit ${BATCH}`,
    );
  const paymentBatch = (after: { on: string; at: string; id: string } | null) =>
    rows<PaymentRow>(
      db,
      sql`select p.id, p.received_on::text, p.created_at::text, r.legal_name as renter, r.bin_iin, p.amount::text, p.unapplied::text, p.method, p.reference,
        (select string_agg(i.number, ', ' order by i.year, i.seq) from payment_allocations a join invoices i on i.id = a.invoice_id where a.payment_id = p.id) as invoices
      from payments p join renters r on r.id = p.renter_id
      where p.landlord_id = ${landlordId}::uuid and p.received_on between ${from}::date and ${to}::date
        ${after ? sql`and (p.received_on, p.created_at, p.id) > (${after.on}::date, ${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by p.received_on, p.created_at, p.id limit ${BATCH}`,
    );
  const methods = ll.billing.payments.methods;
  return streamBook([
    {
      name: t.invoices(),
      columns: [
        { header: t.number(), width: 12 },
        { header: t.issuedOn(), width: 12, kind: 'date' },
        { header: t.dueOn(), width: 12, kind: 'date' },
        { header: t.period(), width: 10 },
        { header: t.renter(), width: 32 },
        { header: t.binIin(), width: 14 },
        { header: t.subtotal(), width: 16, kind: 'money' },
        { header: t.vat(), width: 14, kind: 'money' },
        { header: t.total(), width: 16, kind: 'money' },
        { header: t.paid(), width: 16, kind: 'money' },
        { header: t.status(), width: 16 },
      ],
      batchSize: BATCH,
      batch: invoiceBatch,
      keyOf: (r: InvoiceRow) => ({ year: r.year, seq: r.seq }),
      cells: (r: InvoiceRow) => [
        r.number,
        r.issued_on,
        r.due_on,
        r.period,
        r.renter,
        r.bin_iin,
        r.subtotal,
        r.vat,
        r.total,
        r.paid,
        ll.billing.statuses[r.status](),
      ],
    },
    {
      name: t.payments(),
      columns: [
        { header: t.receivedOn(), width: 12, kind: 'date' },
        { header: t.renter(), width: 32 },
        { header: t.binIin(), width: 14 },
        { header: t.amount(), width: 16, kind: 'money' },
        { header: t.method(), width: 18 },
        { header: t.reference(), width: 20 },
        { header: t.invoiceNumbers(), width: 24 },
        { header: t.unapplied(), width: 16, kind: 'money' },
      ],
      batchSize: BATCH,
      batch: paymentBatch,
      keyOf: (r: PaymentRow) => ({ on: r.received_on, at: r.created_at, id: r.id }),
      cells: (r: PaymentRow) => [r.received_on, r.renter, r.bin_iin, r.amount, methods[r.method](), r.reference, r.invoices, r.unapplied],
    },
  ]);
}
