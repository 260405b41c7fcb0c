import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useMonthReport } from '#/state/queries/reports';
import { useCan } from '#/state/session';
import { formatNumber } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import * as s from './HomePage.css';

/** The landlord's key numbers on Home, each a link to the report it comes from. */
export function KeyFigures() {
  const { LL, locale } = useI18nContext();
  const requests = useMonthReport('requests');
  const occupancy = useMonthReport('occupancy');
  const mayBill = useCan('billing', 'read');
  const billing = useMonthReport('billing', mayBill);
  const t = LL.home.figures;
  const of = (data: typeof requests.data, key: string) => data?.figures.find((f) => f.key === key)?.value ?? null;
  const expiring =
    occupancy.data?.tables
      .find((x) => x.key === 'expiries')
      ?.rows.slice(0, 3)
      .reduce((n, r) => n + (r.values[0] ?? 0), 0) ?? null;
  const items = [
    { key: 'open', label: t.open(), value: of(requests.data, 'open'), report: 'requests', unit: '' },
    { key: 'overdue', label: t.overdue(), value: of(requests.data, 'overdue'), report: 'requests', unit: '' },
    { key: 'sla', label: t.sla(), value: of(requests.data, 'sla'), report: 'requests', unit: ' %' },
    { key: 'occupancy', label: t.occupancy(), value: of(occupancy.data, 'occupancy'), report: 'occupancy', unit: ' %' },
    { key: 'expiring', label: t.expiring(), value: expiring, report: 'occupancy', unit: '' },
  ].map((i) => ({ ...i, href: `${paths.reports}?report=${i.report}`, digits: 1 }));
  // What is overdue opens the arrears, where it can be acted on.
  if (mayBill)
    items.push({
      key: 'overdue_sum',
      label: t.overdueSum(),
      value: of(billing.data, 'overdue_sum'),
      report: 'billing',
      unit: '\u00a0₸',
      href: paths.invoices.arrears,
      digits: 2,
    });
  return (
    <dl className={s.figures} data-testid="home-figures">
      {items.map((i) => (
        <div key={i.key} className={s.figure}>
          <dt>
            <Link href={i.href}>{i.label}</Link>
          </dt>
          <dd className={s.figureValue} data-testid={`home-figure-${i.key}`}>
            {i.value === null ? '—' : `${formatNumber(i.value, locale, i.digits)}${i.unit}`}
          </dd>
        </div>
      ))}
    </dl>
  );
}
