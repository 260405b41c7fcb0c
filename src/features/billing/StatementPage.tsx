import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { almatyToday } from '#/shared/almaty';
import { hundredths } from '#/shared/money';
import { type Ledger, useLedger } from '#/state/queries/billing';
import { useRenterPicker } from '#/state/queries/renters';
import { useViewer } from '#/state/session';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { DataTable } from '../../lists/DataTable';
import { useAddressState } from '../../lists/useListParams';
import { Card, EmptyState, FormError, Page, Row, Select, Skeleton, Stack, TextField } from '../../ui';
import { useMoney } from './format';
import { StatementDownload } from './StatementDownload';

type Entry = Ledger['entries'][number];

/**
 * `/invoices/statement`: a tenant's statement of account for a period (this year by default): the balance
 * it opens with, each invoice (charged) and payment (paid) with the running balance, and the closing
 * balance. A tenant reads its own; staff choose the tenant (`?renter=`), arriving from the arrears.
 */
export function StatementPage() {
  const { LL, locale } = useI18nContext();
  const t = LL.billing.statement;
  const { money } = useMoney();
  const viewer = useViewer();
  const isRenter = viewer.role === 'renter';
  const { params, set } = useAddressState();
  const today = almatyToday();
  const from = params.get('from') || `${today.slice(0, 4)}-01-01`;
  const to = params.get('to') || today;
  const renterId = isRenter ? undefined : (params.get('renter') ?? '');
  const renters = useRenterPicker(!isRenter);
  const wrong = to < from;
  const query = useLedger(!wrong && (isRenter || !!renterId), renterId, { from, to });
  const data = query.data;
  const balance = (value: string) => {
    const cents = hundredths(value);
    const b = LL.billing.balance;
    return cents > 0n ? b.owed({ amount: money(value) }) : cents < 0n ? b.credit({ amount: money(value.replace('-', '')) }) : b.settled();
  };
  return (
    <Page title={t.title()} data-testid="statement">
      <Stack gap="md">
        <Row gap="sm" wrap>
          {!isRenter && (
            <Select
              label={t.renter()}
              name="renter"
              value={renterId ?? ''}
              onChange={(e) => set({ renter: e.target.value })}
              options={[{ value: '', label: t.chooseRenter() }, ...(renters.data ?? []).map((r) => ({ value: r.id, label: r.legal_name }))]}
              data-testid="statement-renter"
            />
          )}
          <TextField label={t.from()} type="date" name="from" value={from} onChange={(e) => set({ from: e.target.value })} />
          <TextField
            label={t.to()}
            type="date"
            name="to"
            value={to}
            min={from}
            onChange={(e) => set({ to: e.target.value })}
            error={wrong ? t.order() : undefined}
          />
        </Row>
        {!isRenter && !renterId ? (
          <EmptyState title={t.chooseRenter()} />
        ) : query.isPending ? (
          <Skeleton lines={5} />
        ) : query.isError || !data ? (
          <FormError message={LL.list.loadError()} />
        ) : (
          <Card title={data.renter.name}>
            <Stack gap="md">
              <StatementDownload renterId={renterId} from={from} to={to} />
              <p data-testid="statement-opening">
                {t.opening({ day: formatDay(from, locale) })}: {balance(data.opening)}
              </p>
              {data.entries.length === 0 ? (
                <EmptyState title={t.empty()} />
              ) : (
                <DataTable<Entry>
                  rows={data.entries}
                  columns={[
                    { key: 'date', header: t.date(), cell: (e) => formatDay(e.date, locale) },
                    {
                      key: 'label',
                      header: t.document(),
                      cell: (e) =>
                        e.kind === 'invoice' ? (
                          <Link href={paths.invoices.view(e.id)}>{LL.billing.invoice({ number: e.label })}</Link>
                        ) : (
                          t.payment({ reference: e.label }).trim()
                        ),
                    },
                    { key: 'debit', header: t.debit(), cell: (e) => (hundredths(e.debit) === 0n ? '' : money(e.debit)) },
                    { key: 'credit', header: t.paid(), cell: (e) => (hundredths(e.credit) === 0n ? '' : money(e.credit)) },
                    { key: 'balance', priority: 2, header: t.balance(), cell: (e) => money(e.balance) },
                  ]}
                />
              )}
              <p data-testid="statement-closing">
                <strong>
                  {t.closing({ day: formatDay(to, locale) })}: {balance(data.closing)}
                </strong>
              </p>
            </Stack>
          </Card>
        )}
      </Stack>
    </Page>
  );
}
