import { buffer } from 'node:stream/consumers';
import { formatDay, formatDecimal } from '#/i18n/formatters';
import { sum } from '#/shared/money';
import type { Db } from '../../db/client';
import { docxOfParagraphs } from '../../files/docx';
import type { Storage } from '../../storage/storage';
import type { Viewer } from '../../workflow/viewer';
import { checkTemplateSize, render } from '../contracts/document';
import { actTemplateOf } from './act-template';
import { invoiceForDocument, lineText, monthIn } from './invoice-pdf';

/**
 * The shipped certificate of services rendered (АВР): a Word document made here, its paragraphs the
 * placeholders a landlord's own template may use too ({landlord_name}, {#lines}…{/lines}, {total}).
 */
function defaultActTemplate(): Buffer {
  const paragraphs = [
    '{title}',
    '{landlord_label}: {landlord_name}, {bin_label} {landlord_bin}',
    '{renter_label}: {renter_name}, {bin_label} {renter_bin}',
    '{period_label}',
    '{#lines}',
    '{no}. {name} — {amount} + {vat} = {total}',
    '{/lines}',
    '{subtotal_label}: {subtotal}',
    '{vat_label}: {vat_total}',
    '{total_label}: {grand_total}',
  ];
  return docxOfParagraphs(paragraphs);
}

/**
 * The invoice's АВР as a .docx in its tenant's language, from its landlord's template when there is one
 * (the shipped one otherwise), filled on a worker thread; a draft is none (409).
 */
export async function invoiceAct(db: Db, storage: Storage, viewer: Viewer, id: string) {
  const d = await invoiceForDocument(db, viewer, id);
  const { invoice: i, ll, locale } = d;
  const t = ll.billingDocs.invoice;
  const money = (v: string) => formatDecimal(v, locale);
  const values = {
    title: ll.billingDocs.act.title({ number: i.number ?? '' }),
    landlord_label: t.landlord(),
    renter_label: t.renter(),
    bin_label: t.binIin(),
    landlord_name: d.landlord.name,
    landlord_bin: d.landlord.bin || t.missing(),
    renter_name: d.renterName,
    renter_bin: d.renterBin,
    number: i.number ?? '',
    date: formatDay(i.issuedOn ?? '', locale),
    period: monthIn(i.period, locale),
    period_label: t.period({ month: monthIn(i.period, locale) }),
    lines: d.lines.map((l, n) => ({
      no: String(n + 1),
      name: lineText(ll, locale, l),
      amount: money(l.charge.amount),
      vat: money(l.charge.vat),
      total: money(sum([l.charge.amount, l.charge.vat])),
    })),
    subtotal_label: t.subtotal(),
    vat_label: d.vatPayer ? t.vatTotal() : t.noVat(),
    total_label: t.grandTotal(),
    subtotal: money(i.subtotal),
    vat_total: money(i.vat),
    grand_total: money(i.total),
  };
  const own = await actTemplateOf(db, i.landlordId);
  const stored = own && (await storage.open(own.key));
  const template = stored ? await buffer(stored.body) : defaultActTemplate();
  // Bounded again: a template kept before the limits (or under looser ones) is refused, not parsed.
  if (stored) await checkTemplateSize(template);
  const bytes = await render(template, values);
  return { bytes, name: `${ll.billingDocs.act.file()} ${i.number ?? ''}.docx` };
}
