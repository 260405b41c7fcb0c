import { type } from 'arktype';
import { useMemo, useState } from 'react';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { type BankLine, useBankQueue, useOpenInvoices, useResolveBankLine } from '#/state/queries/billing';
import { useRenterPicker } from '#/state/queries/renters';
import { useMayOpen } from '#/state/route-access';
import { messageOf } from '../../api/client';
import { rules } from '../../forms/rules';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { FormDialog, useDialogForm } from '../../records/FormDialog';
import { Button, FormError, Row, Select } from '../../ui';
import { useMoney } from './format';

/**
 * `/invoices/bank`: the incoming payments of imported statements for which no tenant was found (its payer's
 * BIN/IIN is none or several tenants'), oldest first; staff allocate each to a tenant (and an invoice) or
 * ignore it. Statements themselves are imported on the import page.
 */
export function BankQueuePage() {
  const { LL, locale } = useI18nContext();
  const t = LL.billing.bank;
  const c = t.columns;
  const { money } = useMoney();
  const link = useSpaLink();
  const mayOpen = useMayOpen();
  const alerts = useAlerts();
  const confirm = useConfirm();
  const { params, update } = useListParams({ sort: 'doc_date' });
  const query = useBankQueue(params);
  const { ignore } = useResolveBankLine();
  const [allocating, setAllocating] = useState<BankLine | null>(null);
  const importPath = `${paths.imports.page}?entity=bank_statement`;

  const skip = async (line: BankLine) => {
    if (!(await confirm({ message: t.ignoreConfirm({ amount: money(line.amount) }) }))) return;
    try {
      await ignore.mutateAsync(line.id);
      alerts.add({ message: t.ignored(), type: 'success' });
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' });
    }
  };

  const columns: Column<BankLine>[] = [
    { key: 'doc_date', header: c.doc_date(), cell: (l) => formatDay(l.doc_date, locale) },
    { key: 'doc_number', priority: 3, header: c.doc_number(), cell: (l) => l.doc_number },
    { key: 'amount', header: c.amount(), cell: (l) => <strong data-testid="bank-line-amount">{money(l.amount)}</strong> },
    { key: 'payer', priority: 2, header: c.payer(), cell: (l) => l.payer_name ?? '—' },
    { key: 'payer_bin', priority: 3, header: c.payer_bin(), cell: (l) => l.payer_bin ?? '—' },
    { key: 'purpose', priority: 4, header: c.purpose(), cell: (l) => l.purpose ?? '' },
  ];

  return (
    <>
      <ListPage
        title={t.title()}
        testId="bank-queue"
        params={params}
        update={update}
        query={query}
        columns={columns}
        withStatus={false}
        withSearch={false}
        emptyHint={t.empty()}
        intro={<p>{t.intro()}</p>}
        actions={
          mayOpen(paths.imports.page) && (
            <Button variant="secondary" onClick={link(importPath)} data-testid="bank-upload">
              {t.upload()}
            </Button>
          )
        }
        rowActions={(l) => (
          <Row gap="sm" wrap>
            <Button size="sm" onClick={() => setAllocating(l)} data-testid="bank-allocate">
              {t.allocate()}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void skip(l)} data-testid="bank-ignore">
              {t.ignore()}
            </Button>
          </Row>
        )}
      />
      {allocating && <AllocateDialog line={allocating} onClose={() => setAllocating(null)} />}
    </>
  );
}

type Values = { renter_id: string; invoice_id: string };

/** A waiting line given to a tenant: to the invoice chosen, or to its oldest unpaid ones. */
function AllocateDialog({ line, onClose }: { line: BankLine; onClose: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.billing.bank;
  const { money } = useMoney();
  const alerts = useAlerts();
  const renters = useRenterPicker();
  const { allocate } = useResolveBankLine();
  const schema = useMemo(() => type({ renter_id: rules(LL).required(), invoice_id: 'string' }), [LL]);
  const { form, status, submit, errorOf } = useDialogForm<Values>(schema, { renter_id: '', invoice_id: '' }, true);
  const renterId = form.watch('renter_id');
  const invoices = useOpenInvoices(renterId);
  const onSubmit = submit(async (v) => {
    await allocate.mutateAsync({ id: line.id, renter_id: v.renter_id, invoice_id: v.invoice_id || null });
    alerts.add({ message: t.allocated({ amount: money(line.amount) }), type: 'success' });
    onClose();
  });
  return (
    <FormDialog
      open
      title={t.dialog({ amount: money(line.amount) })}
      submitLabel={t.allocate()}
      cancelLabel={LL.list.cancel()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId="bank-allocate-dialog"
    >
      <p>
        {line.payer_name ?? ''} {line.payer_bin ? `(${line.payer_bin})` : ''} — {line.purpose ?? ''}
      </p>
      <Select
        label={t.renter()}
        placeholder={t.pickRenter()}
        required
        options={(renters.data ?? []).map((r) => ({ value: r.id, label: `${r.legal_name} (${r.trade_point_name})` }))}
        {...form.register('renter_id')}
        error={errorOf('renter_id')}
        data-testid="bank-renter"
      />
      <Select
        label={t.invoice()}
        placeholder={t.oldestOpen()}
        disabled={!renterId}
        options={(invoices.data ?? []).map((i) => ({ value: i.id, label: `${i.number ?? ''} — ${money(i.total)} ₸` }))}
        {...form.register('invoice_id')}
        error={errorOf('invoice_id')}
        data-testid="bank-invoice"
      />
      <FormError message={status?.message} tone={status?.tone} />
    </FormDialog>
  );
}
