import { and, asc, eq } from 'drizzle-orm';
import { formatDay, formatDecimal, formatMonth } from '#/i18n/formatters';
import type { Locales } from '#/i18n/i18n-types';
import { sum } from '#/shared/money';
import { utilitySentence } from '#/shared/utility-line';
import type { Db } from '../../db/client';
import { charges, contracts, invoices, meters, renters, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { type LL, translatorIn } from '../../http/i18n';
import type { Viewer } from '../../workflow/viewer';
import { type PdfBlock, type PdfDoc, type PdfText, pdfOf } from './pdf';
import { type Requisites, requisitesOf } from './requisites';
import { settingsOf } from './run';
import { meterColumns, utilityDto } from './utility-lines';

/** A month of a line ('2026-11-01') as a sentence writes it: "ноябрь 2026", "2026 ж. қараша", "November 2026". */
export const monthIn = (day: string, locale: Locales) => {
  const month = formatMonth(day.slice(0, 7), locale);
  return locale === 'en' ? month : month.toLowerCase();
};

/** The invoice's tenant and the language its documents are written in: the tenant's own (its user's), whoever downloads them. */
export async function invoiceForDocument(db: Db, viewer: Viewer, id: string) {
  const [found] = await db
    .select({ invoice: invoices, renterName: renters.legalName, renterBin: renters.binIin, language: users.language })
    .from(invoices)
    .innerJoin(renters, eq(renters.id, invoices.renterId))
    .innerJoin(users, eq(users.id, renters.userId))
    .where(and(viewer.scope, eq(invoices.id, id)));
  if (!found) throw notFound();
  // A draft may still change and has no number: only an issued invoice (a void one too, marked so) is a document.
  if (found.invoice.status === 'draft') throw new AppError(409, 'invalid_state');
  const lines = await db
    .select({ charge: charges, contractNumber: contracts.number, meter: meterColumns })
    .from(charges)
    .leftJoin(contracts, eq(contracts.id, charges.contractId))
    .leftJoin(meters, eq(meters.id, charges.meterId))
    .where(eq(charges.invoiceId, id))
    .orderBy(asc(charges.period), asc(charges.kind), asc(contracts.number), asc(charges.createdAt));
  const [landlord, settings] = await Promise.all([requisitesOf(db, found.invoice.landlordId), settingsOf(db, found.invoice.landlordId)]);
  const locale = found.language as Locales;
  return { ...found, lines, landlord, vatPayer: settings.vatPayer, locale, ll: translatorIn(locale) };
}
type ForDocument = Awaited<ReturnType<typeof invoiceForDocument>>;

/** What a line says: its kind and month, what it was charged for (a utility's meter, consumption and tariff), its lease and days when not the whole month. */
export function lineText(ll: LL, locale: Locales, line: ForDocument['lines'][number]) {
  const c = line.charge;
  const t = ll.billingDocs.invoice;
  const parts: string[] = [t.lineOf({ kind: ll.billing.kinds[c.kind](), month: monthIn(c.period, locale) })];
  if (c.description) parts.push(c.description);
  const utility = utilityDto(c, line.meter);
  if (utility) parts.push(utilitySentence(ll, locale, utility));
  if (line.contractNumber) parts.push(t.lease({ number: line.contractNumber }));
  if (c.days !== null) parts.push(t.days({ days: c.days }));
  return parts.join(', ');
}

/** The landlord's requisites as a table of label and value; a missing one says so in its place. */
export function requisitesTable(ll: LL, r: Requisites): PdfBlock {
  const t = ll.billingDocs.invoice;
  const missing = { text: t.missing(), color: '#b00020' };
  const row = (label: string, value: string): PdfText[] => [label, value ? { text: value, bold: true } : missing];
  return {
    table: {
      widths: [110, '*'],
      body: [
        [{ text: t.landlord(), bold: true, colSpan: 2 }, ''],
        ['', { text: r.name, bold: true }],
        row(t.binIin(), r.bin),
        row(t.bank(), r.bank),
        row(t.iik(), r.iik),
        row(t.bik(), r.bik),
        row(t.kbe(), r.kbe),
        row(t.knp(), r.knp),
      ],
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 8],
  };
}

/** The invoice "Счёт на оплату" in its tenant's language. */
export function invoiceDoc(d: ForDocument): PdfDoc {
  const { invoice: i, ll, locale } = d;
  const t = ll.billingDocs.invoice;
  const money = (v: string) => formatDecimal(v, locale);
  const title = t.title({ number: i.number ?? '', date: formatDay(i.issuedOn ?? i.createdAt.toISOString(), locale) });
  const right = (text: string, bold = false): PdfText => ({ text, alignment: 'right', bold });
  const content: PdfBlock[] = [{ text: title, bold: true, fontSize: 14, margin: [0, 0, 0, 8] }];
  if (i.status === 'void') content.push({ text: t.void({ reason: i.voidReason ?? '' }), bold: true, color: '#b00020', fontSize: 12, margin: [0, 0, 0, 8] });
  content.push(
    requisitesTable(ll, d.landlord),
    {
      table: {
        widths: [110, '*'],
        body: [
          [{ text: t.renter(), bold: true, colSpan: 2 }, ''],
          ['', { text: d.renterName, bold: true }],
          [t.binIin(), { text: d.renterBin, bold: true }],
        ],
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 8],
    },
    { text: t.period({ month: monthIn(i.period, locale) }) },
    { text: t.dueOn({ date: formatDay(i.dueOn, locale) }), bold: true, margin: [0, 0, 0, 8] },
    {
      table: {
        headerRows: 1,
        widths: [18, '*', 70, 60, 70],
        body: [
          [t.no(), t.name(), right(t.amount()), right(t.vat()), right(t.total())].map((c) => (typeof c === 'string' ? { text: c, bold: true } : c)),
          ...d.lines.map((l, n) => [
            String(n + 1),
            lineText(ll, locale, l),
            right(money(l.charge.amount)),
            right(money(l.charge.vat)),
            right(money(sum([l.charge.amount, l.charge.vat]))),
          ]),
        ],
      },
      margin: [0, 0, 0, 8],
    },
    {
      table: {
        widths: ['*', 90],
        body: [
          [right(t.subtotal()), right(money(i.subtotal))],
          [right(d.vatPayer ? t.vatTotal() : t.noVat()), right(money(i.vat))],
          [right(t.grandTotal(), true), right(money(i.total), true)],
        ],
      },
      layout: 'noBorders',
    },
  );
  return { title, content };
}

/** The invoice's PDF and its file name ("Счёт 2026-0001.pdf", in the tenant's language). */
export async function invoicePdf(db: Db, viewer: Viewer, id: string) {
  const d = await invoiceForDocument(db, viewer, id);
  return { bytes: await pdfOf(invoiceDoc(d)), name: `${d.ll.billingDocs.invoice.file()} ${d.invoice.number ?? ''}.pdf` };
}
