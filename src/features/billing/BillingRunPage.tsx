import { useState } from 'react';
import { Link } from 'wouter';
import { messageOf } from '#/api/client';
import { paths } from '#/app/paths';
import { almatyToday } from '#/shared/almaty';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { type BillingPreview, useBillingPreview, useRunBilling } from '#/state/queries/billing';
import { useI18nContext } from '../../i18n/i18n-react';
import { DataTable } from '../../lists/DataTable';
import { Button, Card, EmptyState, FormError, Page, Skeleton, Stack, TextField } from '../../ui';
import { useMoney } from './format';

type Line = BillingPreview['lines'][number];

/**
 * `/invoices/run`: the month's run. The preview is what the run posts (each signed lease's rent, a share
 * of the month where it starts or ends, VAT when the landlord pays it; late fees on last month's overdue
 * invoices, each under its lease); lines charged before are shown
 * as such and not charged again. The run asks first: its invoices are issued at once and never change.
 */
export function BillingRunPage() {
  const { LL } = useI18nContext();
  const t = LL.billing;
  const alerts = useAlerts();
  const confirm = useConfirm();
  const { money, month } = useMoney();
  const [picked, setPicked] = useState(almatyToday().slice(0, 7));
  const period = /^\d{4}-\d{2}$/.test(picked) ? `${picked}-01` : '';
  const preview = useBillingPreview(period);
  const run = useRunBilling();
  const onRun = async () => {
    if (!(await confirm({ message: t.run.confirm({ month: month(period) }), confirmLabel: t.run.submit() }))) return;
    run.mutateAsync(period).then(
      (done) => alerts.add({ message: t.run.done({ charges: done.charges, invoices: done.invoices }), type: 'success' }),
      (err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    );
  };
  const data = preview.data;
  return (
    <Page title={t.run.title()} data-testid="billing-run">
      <Stack gap="md">
        <TextField label={t.run.month()} name="month" type="month" value={picked} onChange={(e) => setPicked(e.target.value)} data-testid="billing-month" />
        <Card title={t.run.preview()}>
          {preview.isPending ? (
            <Skeleton lines={4} />
          ) : preview.isError || !data ? (
            <FormError message={LL.list.loadError()} />
          ) : data.lines.length === 0 ? (
            <EmptyState title={t.run.nothing()} />
          ) : (
            <Stack gap="md">
              <DataTable<Line & { id: string }>
                rows={data.lines.map((l) => ({ ...l, id: `${l.contract_id ?? l.renter.id}-${l.kind}-${l.invoice_id ?? ''}-${l.utility?.meter_id ?? ''}` }))}
                columns={[
                  {
                    key: 'number',
                    header: t.line.lease(),
                    cell: (l) => (l.contract_id ? <Link href={paths.contracts.view(l.contract_id)}>{l.number}</Link> : '—'),
                  },
                  {
                    key: 'kind',
                    header: t.line.kind(),
                    // A utility line names its meter: a tenant's unit may have several.
                    cell: (l) => (l.utility ? `${LL.meters.types[l.utility.type]()} № ${l.utility.serial}` : t.kinds[l.kind]()),
                  },
                  { key: 'renter', priority: 2, header: t.columns.renter(), cell: (l) => l.renter.name },
                  { key: 'days', priority: 3, header: t.line.days(), cell: (l) => l.days ?? '—' },
                  { key: 'amount', header: t.line.amount(), cell: (l) => money(l.amount) },
                  { key: 'vat', priority: 2, header: t.line.vat(), cell: (l) => money(l.vat) },
                  { key: 'posted', priority: 2, header: t.columns.status(), cell: (l) => (l.posted ? t.run.posted() : '—') },
                ]}
              />
              <p data-testid="billing-totals">
                {data.totals.count > 0
                  ? t.run.totals({ count: data.totals.count, amount: money(data.totals.amount), vat: money(data.totals.vat) })
                  : t.run.nothing()}
              </p>
              {data.totals.count > 0 && (
                <div>
                  <Button loading={run.isPending} onClick={() => void onRun()} data-testid="billing-run-submit">
                    {t.run.submit()}
                  </Button>
                </div>
              )}
            </Stack>
          )}
        </Card>
        <Link href={paths.invoices.list}>{t.title()}</Link>
      </Stack>
    </Page>
  );
}
