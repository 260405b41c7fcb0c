import { eq } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { daysBetween } from '#/shared/days';
import { billingSettings, renters } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, scopeTo } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { MEDIA, sendDownload } from '../../http/download';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { localeOf, translatorFor } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { type UploadGate, uploadOf } from '../../http/uploads';
import { sendXlsx } from '../../http/xlsx-stream';
import { recordHandlers } from '../../workflow/handlers';
import { actorOf } from '../../workflow/history';
import type { Viewer } from '../../workflow/viewer';
import { renterOfUser } from '../../workflow/viewer';
import { billingViewerOf, paymentScope, requireBilling } from './access';
import { statementDoc, statementOf, statementXlsx } from './account-statement';
import { invoiceAct } from './act';
import { actTemplateOf, previewActTemplate, removeActTemplate, uploadActTemplate } from './act-template';
import { arrearsOf } from './arrears';
import { allocateBankLine, ignoreBankLine, listBankLines } from './bank';
import { addCharge, chargeIn, deleteCharge, listCharges } from './charges';
import { issueCreditNote } from './credit-notes';
import { exportBillingXlsx } from './export';
import { invoicePdf } from './invoice-pdf';
import { listInvoices, presentInvoice, toInvoiceDto, transitionInvoice } from './invoices';
import { ledgerOf } from './ledger';
import { REMINDER_DAYS, type ReminderDay } from './notices';
import { checkoutInvoice, paysOnline, providerCallback } from './online';
import { listPayments, paymentIn, recordPayment } from './payments';
import { pdfOf } from './pdf';
import { paymentProviderOf } from './providers';
import { checkedRequisites, requisitesOf, saveLandlordBin } from './requisites';
import { previewRun, runBilling, type Settings, settingsOf } from './run';

type Ops =
  | 'getBillingSettings'
  | 'setBillingSettings'
  | 'previewBilling'
  | 'runBilling'
  | 'listInvoices'
  | 'getInvoice'
  | 'transitionInvoice'
  | 'listPayments'
  | 'recordPayment'
  | 'getArrears'
  | 'getLedger'
  | 'exportBilling'
  | 'checkoutInvoice'
  | 'paymentProviderCallback'
  | 'listBankLines'
  | 'allocateBankLine'
  | 'ignoreBankLine'
  | 'listCharges'
  | 'addCharge'
  | 'deleteCharge'
  | 'issueCreditNote'
  | 'getInvoicePdf'
  | 'getBillingStatement'
  | 'getInvoiceAct'
  | 'getActTemplate'
  | 'uploadActTemplate'
  | 'removeActTemplate'
  | 'downloadActTemplate'
  | 'previewActTemplate';
type Req = Parameters<typeof callerOf>[0];

const toSettingsDto = (s: Settings) => ({
  auto_run: s.autoRun,
  run_day: s.runDay,
  due_day: s.dueDay,
  vat_payer: s.vatPayer,
  vat_rate: s.vatRate,
  // Reminder days in the order they come.
  reminders: s.reminders.filter((d): d is ReminderDay => (REMINDER_DAYS as readonly number[]).includes(d)).sort((a, b) => a - b),
});

/** The landlord's money: settings, the month's run and its preview, invoices; who may do what is in access.ts. */
export function billingHandlers({ db, config, storage }: Deps): HandlersOf<Ops> {
  const viewerOf = (req: Req) => billingViewerOf(db, callerOf(req));
  const provider = paymentProviderOf(config);
  /** An invoice as its page reads it, wherever an answer carries one (a credit note's too). */
  const invoiceFor = async (viewer: Viewer, id: string) => {
    const invoice = await presentInvoice(db, viewer, id);
    return { ...invoice, pay_online: paysOnline(provider, invoice) };
  };
  const invoice = recordHandlers(db, {
    viewer: viewerOf,
    newViewer: viewerOf,
    present: (_req, viewer, id) => invoiceFor(viewer, id),
    transition: transitionInvoice,
    comment: async () => {
      throw forbidden();
    },
  });
  /** A tenant's account: staff name any tenant of their landlord, a renter gets its own whatever it names. */
  const ledgerFor = async (req: Req, q: { renter_id?: string; from?: string; to?: string }) => {
    const viewer = await viewerOf(req);
    if (viewer.kind === 'renter') {
      const own = await renterOfUser(db, viewer.user);
      return ledgerOf(db, eq(renters.userId, viewer.user.id), own.id, q.from, q.to);
    }
    if (!q.renter_id) throw invalidField('renter_id', (ll) => ll.validation.required());
    return ledgerOf(db, scopeTo(viewer.user, renters.landlordId), q.renter_id, q.from, q.to);
  };
  return {
    async getBillingSettings(req) {
      const landlordId = requireBilling(await viewerOf(req), 'read');
      const [settings, { name: _, ...requisites }] = await Promise.all([settingsOf(db, landlordId), requisitesOf(db, landlordId)]);
      return { ...toSettingsDto(settings), ...requisites };
    },
    async setBillingSettings(req) {
      const landlordId = requireBilling(await viewerOf(req), 'update');
      const b = req.body;
      // The requisites (checked before anything is written) go with the settings; the BIN onto the landlord, in one transaction.
      const { bin, ...requisites } = checkedRequisites(b);
      const values = {
        autoRun: b.auto_run,
        runDay: b.run_day,
        dueDay: b.due_day,
        vatPayer: b.vat_payer,
        vatRate: b.vat_rate,
        // Reminder days are kept as they are when the form does not send them.
        ...(b.reminders && { reminders: b.reminders }),
        ...requisites,
        updatedAt: new Date(),
      };
      const [saved, { name: _, ...printed }] = await db.transaction(async (tx) => {
        await tx
          .insert(billingSettings)
          .values({ landlordId, ...values })
          .onConflictDoUpdate({ target: billingSettings.landlordId, set: values });
        await saveLandlordBin(tx, landlordId, bin);
        const [row] = await tx.select().from(billingSettings).where(eq(billingSettings.landlordId, landlordId));
        return [row as Settings, await requisitesOf(tx, landlordId)] as const;
      });
      return { ...toSettingsDto(saved), ...printed };
    },
    async previewBilling(req) {
      const landlordId = requireBilling(await viewerOf(req), 'read');
      const preview = await previewRun(db, landlordId, req.query.period);
      return {
        period: preview.period,
        totals: preview.totals,
        lines: preview.lines.map((l) => ({
          kind: l.kind,
          contract_id: l.contractId,
          number: l.number,
          renter: { id: l.renterId, name: l.renterName },
          amount: l.amount,
          vat: l.vat,
          days: l.days,
          posted: l.posted,
          ...(l.invoiceId ? { invoice_id: l.invoiceId } : {}),
          ...(l.utility && {
            utility: {
              meter_id: l.utility.meterId,
              serial: l.utility.serial,
              type: l.utility.type,
              previous: l.utility.previous,
              current: l.utility.current,
              consumption: l.utility.consumption,
              tariff: l.utility.tariff,
              estimated: l.utility.estimated,
              common: l.utility.common,
            },
          }),
        })),
      };
    },
    async runBilling(req) {
      const viewer = await viewerOf(req);
      const landlordId = requireBilling(viewer, 'create');
      return (await runBilling(db, landlordId, req.body.period, actorOf(viewer))) as NonNullable<Awaited<ReturnType<typeof runBilling>>>;
    },
    async listInvoices(req) {
      const viewer = await viewerOf(req);
      const q = req.query;
      const page = pageOf(q, 20);
      const { rows, total } = await listInvoices(db, viewer.scope, { status: q.status, renterId: q.renter_id, period: q.period }, page);
      return pageResult(rows.map(toInvoiceDto), total.total, page, total.exact);
    },
    getInvoice: invoice.show,
    transitionInvoice: invoice.transition,
    async getArrears(req) {
      const landlordId = requireBilling(await viewerOf(req), 'read');
      const { asOf, rows, totals } = await arrearsOf(db, landlordId, req.query.object_id);
      return {
        as_of: asOf,
        totals,
        rows: rows.map(({ renterId, renterName, objectId, objectName, oldestDueOn, ...amounts }) => ({
          ...amounts,
          renter: { id: renterId, name: renterName },
          object: { id: objectId, name: objectName },
          oldest_due_on: oldestDueOn,
        })),
      };
    },
    async getLedger(req) {
      return ledgerFor(req, req.query);
    },
    async getBillingStatement(req, reply) {
      const to = req.query.to ?? almatyToday();
      const { from } = req.query;
      const statement = await statementOf(db, await ledgerFor(req, { ...req.query, to }), to, from);
      const ll = translatorFor(req);
      const name = `${ll.billingDocs.statement.file()} ${statement.ledger.renter.name} ${from ?? ''}—${to}`;
      if (req.query.format === 'xlsx') return sendXlsx(reply, statementXlsx(statement, ll, localeOf(req)), name);
      return sendDownload(reply, await pdfOf(statementDoc(statement, ll, localeOf(req))), `${name}.pdf`, MEDIA.pdf);
    },
    async getInvoicePdf(req, reply) {
      const { bytes, name } = await invoicePdf(db, await viewerOf(req), req.params.id);
      return sendDownload(reply, bytes, name, MEDIA.pdf);
    },
    async getInvoiceAct(req, reply) {
      const { bytes, name } = await invoiceAct(db, storage, await viewerOf(req), req.params.id);
      return sendDownload(reply, bytes, name, MEDIA.docx);
    },
    async exportBilling(req, reply) {
      const landlordId = requireBilling(await viewerOf(req), 'read');
      const today = almatyToday();
      const { from = `${today.slice(0, 8)}01`, to = today } = req.query;
      if (to < from || daysBetween(from, to) > 366) throw invalidField('to', (ll) => ll.billing.export.periodInvalid());
      return sendXlsx(reply, await exportBillingXlsx(db, landlordId, from, to, translatorFor(req)), `invoices-payments-${from}-${to}`);
    },
    async listPayments(req) {
      const viewer = await viewerOf(req);
      const page = pageOf(req.query, 20);
      const { data, total } = await listPayments(db, paymentScope(db, viewer), req.query.renter_id, page);
      return pageResult(data, total.total, page, total.exact);
    },
    // Paying online (online.ts): a provider's link for a tenant, and the provider's signed callback.
    async checkoutInvoice(req, reply) {
      const viewer = await viewerOf(req);
      return reply.status(201).send(await checkoutInvoice(db, provider, viewer, req.params.id, translatorFor(req), config.publicUrl));
    },
    async paymentProviderCallback(req) {
      return providerCallback(db, provider, req.params.provider, req.rawBody, req.headers);
    },
    async recordPayment(req, reply) {
      const viewer = await viewerOf(req);
      const id = await recordPayment(db, viewer, req.body);
      return reply.status(201).send(await paymentIn(db, paymentScope(db, viewer), id));
    },
    // The bank statement's matching queue (bank.ts).
    async listBankLines(req) {
      const page = pageOf(req.query, 20);
      const { data, total } = await listBankLines(db, await viewerOf(req), req.query.status ?? 'unmatched', page);
      return pageResult(data, total.total, page, total.exact);
    },
    async allocateBankLine(req) {
      return allocateBankLine(db, await viewerOf(req), req.params.id, req.body);
    },
    async ignoreBankLine(req) {
      return ignoreBankLine(db, await viewerOf(req), req.params.id);
    },
    // Charges beyond rent that staff add, and credit notes (charges.ts, credit-notes.ts).
    async listCharges(req) {
      return { data: await listCharges(db, await viewerOf(req), req.query.renter_id, req.query.uninvoiced === true) };
    },
    async addCharge(req, reply) {
      const viewer = await viewerOf(req);
      const id = await addCharge(db, viewer, req.body);
      return reply.status(201).send(await chargeIn(db, viewer, id));
    },
    async deleteCharge(req, reply) {
      await deleteCharge(db, await viewerOf(req), req.params.id);
      return reply.status(204).send();
    },
    async issueCreditNote(req, reply) {
      const viewer = await viewerOf(req);
      await issueCreditNote(db, viewer, req.params.id, req.body);
      return reply.status(201).send(await invoiceFor(viewer, req.params.id));
    },
    // The landlord's own АВР template (act-template.ts): staff at `billing` read see and download it, at update change it.
    async getActTemplate(req) {
      const template = await actTemplateOf(db, requireBilling(await viewerOf(req), 'read'));
      return { template: template && { name: template.name } };
    },
    async uploadActTemplate(req) {
      const landlordId = requireBilling(await viewerOf(req), 'update');
      await uploadActTemplate(db, storage, landlordId, uploadOf(req, 'file'));
      const template = await actTemplateOf(db, landlordId);
      return { template: template && { name: template.name } };
    },
    async removeActTemplate(req) {
      await removeActTemplate(db, storage, requireBilling(await viewerOf(req), 'update'));
      return { template: null };
    },
    async downloadActTemplate(req, reply) {
      const template = await actTemplateOf(db, requireBilling(await viewerOf(req), 'read'));
      const stored = template && (await storage.open(template.key));
      if (!template || !stored) throw notFound();
      return sendDownload(reply, stored.body, template.name, MEDIA.docx);
    },
    async previewActTemplate(req, reply) {
      requireBilling(await viewerOf(req), 'update');
      const filled = await previewActTemplate(uploadOf(req, 'file'));
      return sendDownload(reply, filled, `${translatorFor(req).billingDocs.act.previewName()}.docx`, MEDIA.docx);
    },
  };
}

/** An АВР template is read only for staff who may change billing. */
export const billingUploadGates = ({ db }: Deps): Record<string, UploadGate> => ({
  uploadActTemplate: async (req) => requireBilling(await billingViewerOf(db, callerOf(req as Req)), 'update'),
  previewActTemplate: async (req) => requireBilling(await billingViewerOf(db, callerOf(req as Req)), 'update'),
});
