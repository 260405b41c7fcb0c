import type { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { formatDay, formatDecimal } from '#/i18n/formatters';
import type { Locales } from '#/i18n/i18n-types';
import { hundredths } from '#/shared/money';
import type { Db } from '../../db/client';
import { renters } from '../../db/schema';
import type { LL } from '../../http/i18n';
import { xlsxBook } from '../../http/xlsx-stream';
import { requisitesTable } from './invoice-pdf';
import type { ledgerOf } from './ledger';
import type { PdfDoc, PdfText } from './pdf';
import { type Requisites, requisitesOf } from './requisites';

type Ledger = Awaited<ReturnType<typeof ledgerOf>>;
/** A tenant's account (ledger.ts) between two days, with both parties: what a statement of account (акт сверки) prints. */
export type Statement = { ledger: Ledger; from?: string; to: string; landlord: Requisites; renterBin: string };

/** The parties of a tenant's statement: the landlord's requisites and the tenant's BIN. */
export async function statementOf(db: Db, ledger: Ledger, to: string, from?: string): Promise<Statement> {
  const [renter] = await db.select({ landlordId: renters.landlordId, bin: renters.binIin }).from(renters).where(eq(renters.id, ledger.renter.id));
  return { ledger, from, to, landlord: await requisitesOf(db, renter?.landlordId ?? ''), renterBin: renter?.bin ?? '' };
}

const headingOf = (s: Statement, ll: LL, locale: Locales) => {
  const t = ll.billingDocs.statement;
  const to = formatDay(s.to, locale);
  return {
    title: t.title(),
    between: t.between({ landlord: s.landlord.name, renter: s.ledger.renter.name }),
    period: s.from ? t.period({ from: formatDay(s.from, locale), to }) : t.all({ to }),
  };
};

const labelOf = (e: Ledger['entries'][number], ll: LL) => {
  const t = ll.billingDocs.statement;
  if (e.kind === 'invoice') return t.invoice({ number: e.label });
  return e.label ? t.paymentRef({ reference: e.label }) : t.payment();
};

/** Who owes whom at the end: the tenant's debt, its advance, or nothing. */
const closingLine = (s: Statement, ll: LL, locale: Locales) => {
  const t = ll.billingDocs.statement;
  const balance = hundredths(s.ledger.closing);
  const date = formatDay(s.to, locale);
  if (balance === 0n) return t.settled({ date });
  const amount = formatDecimal(s.ledger.closing.replace(/^-/, ''), locale);
  return balance > 0n ? t.owed({ date, amount }) : t.advance({ date, amount });
};

/** The statement as .xlsx: the parties and the period above, the opening balance, each entry with its running balance, the closing balance. */
export function statementXlsx(s: Statement, ll: LL, locale: Locales): PassThrough {
  const t = ll.billingDocs.statement;
  const h = headingOf(s, ll, locale);
  const book = xlsxBook();
  const ws = book.sheet({
    name: t.sheet(),
    title: `${h.title} ${h.between}, ${h.period}`,
    printHeader: h.title,
    columns: [
      { header: t.date(), width: 12, kind: 'date' },
      { header: t.document(), width: 36 },
      { header: t.debit(), width: 16, kind: 'money' },
      { header: t.credit(), width: 16, kind: 'money' },
      { header: t.balance(), width: 16, kind: 'money' },
    ],
  });
  ws.row([s.from ?? null, t.opening(), null, null, s.ledger.opening], { bold: true });
  for (const e of s.ledger.entries) ws.row([e.date, labelOf(e, ll), e.kind === 'invoice' ? e.debit : null, e.kind === 'payment' ? e.credit : null, e.balance]);
  ws.row([s.to, t.closing(), null, null, s.ledger.closing], { bold: true });
  ws.row([null, closingLine(s, ll, locale)]);
  ws.commit();
  return book.close();
}

/** The statement as a PDF (pdf.ts), the same rows as the workbook's. */
export function statementDoc(s: Statement, ll: LL, locale: Locales): PdfDoc {
  const t = ll.billingDocs.statement;
  const h = headingOf(s, ll, locale);
  const money = (v: string | null, strong = false): PdfText => ({ text: v === null ? '' : formatDecimal(v, locale), alignment: 'right', bold: strong });
  const bold = (text: string): PdfText => ({ text, bold: true });
  const day = (d: string | undefined) => (d ? formatDay(d, locale) : '');
  return {
    title: h.title,
    content: [
      { text: h.title, bold: true, fontSize: 14 },
      { text: h.between },
      { text: h.period, margin: [0, 0, 0, 8] },
      requisitesTable(ll, s.landlord),
      { text: `${ll.billingDocs.invoice.renter()}: ${s.ledger.renter.name}, ${ll.billingDocs.invoice.binIin()} ${s.renterBin}`, margin: [0, 0, 0, 8] },
      {
        table: {
          headerRows: 1,
          widths: [60, '*', 75, 75, 75],
          body: [
            [t.date(), t.document(), t.debit(), t.credit(), t.balance()].map(bold),
            [day(s.from), bold(t.opening()), '', '', money(s.ledger.opening, true)],
            ...s.ledger.entries.map((e) => [
              day(e.date),
              labelOf(e, ll),
              money(e.kind === 'invoice' ? e.debit : null),
              money(e.kind === 'payment' ? e.credit : null),
              money(e.balance),
            ]),
            [day(s.to), bold(t.closing()), '', '', money(s.ledger.closing, true)],
          ],
        },
        margin: [0, 0, 0, 8],
      },
      { text: closingLine(s, ll, locale), bold: true },
    ],
  };
}
