import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { hundredths } from '#/shared/money';
import { filterKeys, filterOf, type Invoice, invoiceStatuses, useInvoices, useLedger } from '#/state/queries/billing';
import { useMayOpen } from '#/state/route-access';
import { useCan, useViewer } from '#/state/session';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { FilterSelect } from '../../lists/FilterSelect';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { Button, TextField } from '../../ui';
import { ChargeDialog } from './ChargeDialog';
import { ExportDialog } from './ExportDialog';
import { InvoiceBadge, useMoney } from './format';

/** `/invoices`: the landlord's invoices, newest month first (a tenant's own), by status and month. */
export function InvoicesListPage() {
  const { LL, locale } = useI18nContext();
  const t = LL.billing;
  const link = useSpaLink();
  const { money, month } = useMoney();
  const mayOpen = useMayOpen();
  const viewer = useViewer();
  const mayBill = useCan('billing', 'read') && viewer.role !== 'renter';
  const [exporting, setExporting] = useState(false);
  const mayCharge = useCan('billing', 'update');
  const [charging, setCharging] = useState(false);
  const { params, update } = useListParams({ sort: '-created_at', extraKeys: filterKeys });
  const query = useInvoices(params, filterOf(params));
  const c = t.columns;
  // Staff who read billing download the statement of the tenant the list is filtered to.

  const columns: Column<Invoice>[] = [
    {
      key: 'number',
      header: c.number(),
      cell: (i) => (
        <Link href={paths.invoices.view(i.id)} data-testid="invoice-link">
          {i.number ?? t.draftTitle()}
        </Link>
      ),
    },
    { key: 'renter', priority: 2, header: c.renter(), cell: (i) => i.renter.name },
    { key: 'period', priority: 3, header: c.period(), cell: (i) => month(i.period) },
    { key: 'due_on', priority: 3, header: c.due_on(), cell: (i) => formatDay(i.due_on, locale) },
    { key: 'total', header: c.total(), cell: (i) => money(i.total) },
    { key: 'paid', priority: 4, header: c.paid(), cell: (i) => money(i.paid) },
    { key: 'status', header: c.status(), cell: (i) => <InvoiceBadge status={i.status} /> },
  ];

  return (
    <ListPage
      title={t.title()}
      testId="invoices-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      withSearch={false}
      emptyHint={t.emptyHint()}
      intro={
        viewer.role === 'renter' ? (
          <Balance />
        ) : (
          params.extra?.renter && (
            <Link href={`${paths.invoices.statement}?renter=${params.extra.renter}`} data-testid="invoices-statement">
              {LL.billing.statement.link()}
            </Link>
          )
        )
      }
      filters={
        <>
          <FilterSelect
            params={params}
            update={update}
            filter="state"
            label={t.filters.status()}
            placeholder={t.filters.allStatuses()}
            options={invoiceStatuses.map((value) => ({ value, label: t.statuses[value]() }))}
          />
          <TextField
            label={t.filters.month()}
            name="month"
            type="month"
            value={params.extra?.month ?? ''}
            onChange={(e) => update({ extra: { ...params.extra, month: e.target.value } })}
            data-testid="invoices-month"
          />
        </>
      }
      actions={
        <>
          {mayOpen(paths.invoices.arrears) && (
            <Button variant="secondary" onClick={link(paths.invoices.arrears)}>
              {t.arrears.title()}
            </Button>
          )}
          {mayCharge && (
            <Button variant="secondary" onClick={() => setCharging(true)} data-testid="invoices-add-charge">
              {t.charges.add()}
            </Button>
          )}
          {mayBill && (
            <Button variant="secondary" onClick={() => setExporting(true)} data-testid="billing-export">
              {t.export.button()}
            </Button>
          )}
          {mayOpen(paths.invoices.bank) && (
            <Button variant="secondary" onClick={link(paths.invoices.bank)} data-testid="invoices-bank">
              {t.bank.link()}
            </Button>
          )}
          {mayOpen(paths.invoices.run) && <Button onClick={link(paths.invoices.run)}>{t.toRun()}</Button>}
          <ExportDialog open={exporting} onClose={() => setExporting(false)} />
          {mayCharge && <ChargeDialog open={charging} onClose={() => setCharging(false)} />}
        </>
      }
      rowActions={(i) => (
        <Button size="sm" variant="ghost" onClick={link(paths.invoices.view(i.id))}>
          {LL.list.view()}
        </Button>
      )}
    />
  );
}

/** A tenant's balance over all its invoices and payments: owed, its credit, or nothing. */
function Balance() {
  const { LL } = useI18nContext();
  const t = LL.billing.balance;
  const { money } = useMoney();
  const ledger = useLedger(true);
  const closing = ledger.data?.closing;
  if (!closing) return null;
  const cents = hundredths(closing);
  const text = cents > 0n ? t.owed({ amount: money(closing) }) : cents < 0n ? t.credit({ amount: money(closing.replace('-', '')) }) : t.settled();
  return (
    <p>
      <span data-testid="invoices-balance">{text}</span> · <Link href={paths.invoices.statement}>{LL.billing.statement.link()}</Link>
    </p>
  );
}
