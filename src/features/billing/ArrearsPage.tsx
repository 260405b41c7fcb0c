import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { type Arrears, useArrears } from '#/state/queries/billing';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { DataTable } from '../../lists/DataTable';
import { Card, EmptyState, FormError, Page, Skeleton, Stack } from '../../ui';
import { useMoney } from './format';

type Row = Arrears['rows'][number];
const ages = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;

/** `/invoices/arrears`: who owes what, aged by due day (Almaty's days), biggest debtors first, with the totals. */
export function ArrearsPage() {
  const { LL, locale } = useI18nContext();
  const t = LL.billing.arrears;
  const { money } = useMoney();
  const query = useArrears();
  const data = query.data;
  return (
    <Page title={t.title()} data-testid="arrears">
      <Stack gap="md">
        {query.isPending ? (
          <Skeleton lines={5} />
        ) : query.isError || !data ? (
          <FormError message={LL.list.loadError()} />
        ) : data.rows.length === 0 ? (
          <EmptyState title={t.empty()} />
        ) : (
          <Card title={t.asOf({ day: formatDay(data.as_of, locale) })}>
            <Stack gap="md">
              <DataTable<Row & { id: string }>
                rows={data.rows.map((r) => ({ ...r, id: r.renter.id }))}
                columns={[
                  {
                    key: 'renter',
                    header: t.renter(),
                    cell: (r) => (
                      <>
                        <Link href={`${paths.invoices.list}?renter=${r.renter.id}`}>{r.renter.name}</Link>
                        <br />
                        <Link href={`${paths.invoices.statement}?renter=${r.renter.id}`}>{LL.billing.statement.link()}</Link>
                      </>
                    ),
                  },
                  { key: 'object', priority: 3, header: t.object(), cell: (r) => r.object.name },
                  ...ages.map((age) => ({ key: age, priority: 2 as const, header: t[age](), cell: (r: Row) => money(r[age]) })),
                  { key: 'total', header: t.total(), cell: (r) => <strong data-testid="arrears-total">{money(r.total)}</strong> },
                  { key: 'oldest', priority: 4, header: t.oldest(), cell: (r) => formatDay(r.oldest_due_on, locale) },
                ]}
              />
              <p data-testid="arrears-totals">
                {t.totals()}: {money(data.totals.total)} ₸ · {ages.map((age) => `${t[age]()} ${money(data.totals[age])}`).join(' · ')}
              </p>
            </Stack>
          </Card>
        )}
        <Link href={paths.invoices.list}>{LL.billing.title()}</Link>
      </Stack>
    </Page>
  );
}
