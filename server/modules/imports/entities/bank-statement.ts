import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { decimal, hundredths } from '#/shared/money';
import type { Tx } from '../../../db/client';
import { bankLines, billingSettings, invoices, landlords, renters } from '../../../db/schema';
import { type NewPayment, recordPayments } from '../../billing/payments';
import type { Value } from '../cells';
import { defineEntity, textsOf } from '../kit';
import type { ReadRow } from '../read';

type Line = {
  docNumber: string;
  docDate: string;
  amount: string;
  payerBin: string | null;
  payerName: string | null;
  payerAccount: string;
  purpose: string | null;
  receivedOn: string;
};
type Plan = { line: Line; renterId: string | null; invoiceId: string | null };
type Ctx = {
  bin: string | null;
  iik: string | null;
  byBin: Map<string, string[]>;
  known: Set<string>;
  invoices: Map<string, { id: string; renterId: string }>;
};

const text = (v: Value | undefined) => (v === null || v === undefined ? '' : String(v));
/** An IBAN as banks write it, with spaces or in lower case: compared bare. */
const account = (v: Value | undefined) => text(v).replace(/\s/g, '').toUpperCase();
/** The bank line's unique key (bank_lines_key_uq): a line of a statement imported again is known by it. */
const keyOf = (l: Pick<Line, 'docNumber' | 'docDate' | 'amount' | 'payerAccount'>) =>
  [l.docNumber, l.docDate, decimal(hundredths(l.amount)), l.payerAccount].join('\u0000');
/** An invoice number as the run gives it (`2027-0001`), wherever the payer wrote it in the purpose. */
const INVOICE_NUMBER = /(?<!\d)(\d{4}-\d{4,})(?!\d)/g;
const numbersIn = (purpose: string) => [...purpose.matchAll(INVOICE_NUMBER)].map((m) => m[1] as string);

const BATCH = 1000;
const chunks = <T>(all: T[]) => Array.from({ length: Math.ceil(all.length / BATCH) }, (_, i) => all.slice(i * BATCH, (i + 1) * BATCH));

/**
 * A bank statement in 1C's exchange format (billing/statement.ts), one row a payment document. Only
 * incoming lines are taken: those whose recipient is the landlord (its BIN, or its IIK in the billing
 * settings); outgoing ones are skipped. A new line whose payer BIN/IIN is exactly one active tenant's is
 * matched and paid at the commit (`new`); the rest wait in the queue (`changed`); a line imported before
 * is `unchanged`.
 */
export const bankStatementEntity = defineEntity<Ctx, Plan>({
  entity: 'bank_statement',
  access: 'billing',
  format: 'bank1c',
  key: ['doc_number', 'doc_date', 'amount', 'payer_account'],
  columns: [
    { key: 'doc_number', kind: 'text', required: true, max: 50, label: (ll) => ll.imports.columns.docNumber(), example: '15' },
    { key: 'doc_date', kind: 'date', required: true, label: (ll) => ll.imports.columns.docDate(), example: '05.02.2027' },
    { key: 'amount', kind: 'money', required: true, label: (ll) => ll.imports.columns.amount(), example: '150000.00' },
    { key: 'payer_bin', kind: 'text', required: false, max: 20, label: (ll) => ll.imports.columns.payerBin(), example: '190440900018' },
    { key: 'payer_name', kind: 'text', required: false, max: 500, label: (ll) => ll.imports.columns.payerName(), example: 'ТОО «Арман»' },
    { key: 'payer_account', kind: 'text', required: false, max: 34, label: (ll) => ll.imports.columns.payerAccount(), example: 'KZ123456789012345678' },
    { key: 'recipient_bin', kind: 'text', required: false, max: 20, label: (ll) => ll.imports.columns.recipientBin(), example: '990140000011' },
    { key: 'recipient_account', kind: 'text', required: false, max: 34, label: (ll) => ll.imports.columns.recipientAccount(), example: 'KZ987654321098765432' },
    { key: 'purpose', kind: 'text', required: false, max: 2000, label: (ll) => ll.imports.columns.purpose(), example: 'Оплата по счёту 2027-0001' },
    { key: 'knp', kind: 'text', required: false, max: 10, label: (ll) => ll.imports.columns.knp(), example: '859' },
    { key: 'received_on', kind: 'date', required: false, label: (ll) => ll.imports.columns.receivedOn(), example: '05.02.2027' },
  ],
  async load(db, landlordId, rows: ReadRow[]) {
    const [landlord] = await db
      .select({ bin: landlords.bin, iik: billingSettings.iik })
      .from(landlords)
      .leftJoin(billingSettings, eq(billingSettings.landlordId, landlords.id))
      .where(eq(landlords.id, landlordId));
    const byBin = new Map<string, string[]>();
    for (const bins of chunks(textsOf(rows, 'payer_bin'))) {
      const found = await db
        .select({ id: renters.id, bin: renters.binIin })
        .from(renters)
        .where(and(eq(renters.landlordId, landlordId), eq(renters.status, 'active'), inArray(renters.binIin, bins)));
      for (const r of found) byBin.set(r.bin, [...(byBin.get(r.bin) ?? []), r.id]);
    }
    // The lines already imported of the statement's days: one range scan, not a look-up per line.
    const days = textsOf(rows, 'doc_date').sort();
    const known = new Set<string>();
    if (days.length > 0) {
      const stored = await db
        .select({ docNumber: bankLines.docNumber, docDate: bankLines.docDate, amount: bankLines.amount, payerAccount: bankLines.payerAccount })
        .from(bankLines)
        .where(and(eq(bankLines.landlordId, landlordId), between(bankLines.docDate, days[0] as string, days.at(-1) as string)));
      for (const l of stored) known.add(keyOf(l));
    }
    const named = new Map<string, { id: string; renterId: string }>();
    for (const numbers of chunks([...new Set(rows.flatMap((r) => numbersIn(text(r.values.purpose))))])) {
      const found = await db
        .select({ id: invoices.id, renterId: invoices.renterId, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.landlordId, landlordId), inArray(invoices.number, numbers)));
      for (const i of found) named.set(i.number ?? '', { id: i.id, renterId: i.renterId });
    }
    return { bin: landlord?.bin ?? null, iik: landlord?.iik ? account(landlord.iik) : null, byBin, known, invoices: named };
  },
  resolve(ctx, v) {
    const incoming = (ctx.bin !== null && text(v.recipient_bin) === ctx.bin) || (ctx.iik !== null && account(v.recipient_account) === ctx.iik);
    if (!incoming) return { kind: 'skipped' };
    const amount = text(v.amount);
    if (hundredths(amount) <= 0n) return { kind: 'wrong', problems: [{ column: 'amount', code: 'positive' }] };
    const line: Line = {
      docNumber: text(v.doc_number),
      docDate: text(v.doc_date),
      amount: decimal(hundredths(amount)),
      payerBin: text(v.payer_bin) || null,
      payerName: text(v.payer_name) || null,
      payerAccount: account(v.payer_account),
      purpose: text(v.purpose) || null,
      receivedOn: text(v.received_on) || text(v.doc_date),
    };
    const plan: Plan = { line, renterId: null, invoiceId: null };
    if (ctx.known.has(keyOf(line))) return { kind: 'unchanged', plan };
    const tenants = line.payerBin ? (ctx.byBin.get(line.payerBin) ?? []) : [];
    if (tenants.length !== 1) return { kind: 'changed', plan };
    const renterId = tenants[0] as string;
    const invoice = numbersIn(line.purpose ?? '')
      .map((n) => ctx.invoices.get(n))
      .find((i) => i?.renterId === renterId);
    return { kind: 'new', plan: { line, renterId, invoiceId: invoice?.id ?? null } };
  },
  write() {
    throw new Error('a statement is written by writeAll');
  },
  async writeAll(tx: Tx, landlordId, planned, source) {
    const plans = planned.map((p) => p.plan);
    // The lines first: one already there (a statement committed at the same time) adds nothing and pays nothing.
    const added = new Map<string, string>();
    for (const part of chunks(plans)) {
      const rows = await tx
        .insert(bankLines)
        .values(
          part.map(({ line, renterId }) => ({
            landlordId,
            importId: source.importId,
            docNumber: line.docNumber,
            docDate: line.docDate,
            amount: line.amount,
            payerBin: line.payerBin,
            payerName: line.payerName,
            payerAccount: line.payerAccount,
            purpose: line.purpose,
            status: renterId ? ('matched' as const) : ('unmatched' as const),
            renterId,
          })),
        )
        .onConflictDoNothing()
        .returning({
          id: bankLines.id,
          docNumber: bankLines.docNumber,
          docDate: bankLines.docDate,
          amount: bankLines.amount,
          payerAccount: bankLines.payerAccount,
        });
      for (const r of rows) added.set(keyOf(r), r.id);
    }
    // Older money first, so it pays the older invoices.
    const matched = plans
      .filter((p) => p.renterId && added.has(keyOf(p.line)))
      .sort((a, b) => (a.line.receivedOn < b.line.receivedOn ? -1 : a.line.receivedOn > b.line.receivedOn ? 1 : 0));
    const toPay: NewPayment[] = matched.map((p) => ({
      renterId: p.renterId as string,
      amount: p.line.amount,
      receivedOn: p.line.receivedOn,
      reference: `п/п ${p.line.docNumber}`,
      invoiceId: p.invoiceId,
    }));
    const paymentIds = await recordPayments(tx, landlordId, toPay, { userId: source.userId, name: source.name });
    const links = matched.map((p, i) => [added.get(keyOf(p.line)) as string, paymentIds[i] as string] as const);
    for (const part of chunks(links)) {
      const values = sql.join(
        part.map(([line, payment]) => sql`(${line}::uuid, ${payment}::uuid)`),
        sql`, `,
      );
      await tx.execute(sql`update ${bankLines} set payment_id = v.payment from (values ${values}) as v(line, payment) where ${bankLines.id} = v.line`);
    }
  },
});
