import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useRenterContracts } from '#/state/queries/contracts';
import { formatDay, formatDecimal } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { StatusBadge } from '../../records/StatusBadge';
import { Card } from '../../ui';
import * as s from './RenterViewPage.css';

/** The tenant's leases on its card: rooms, area, rent and term of each. */
export function RenterContracts({ renterId }: { renterId: string }) {
  const { LL, locale } = useI18nContext();
  const query = useRenterContracts(renterId);
  const t = LL.contracts;
  const leases = query.data?.data ?? [];
  return (
    <Card title={t.renterCard()} data-testid="renter-contracts">
      {leases.length === 0 ? (
        <p>{query.isPending ? LL.common.loading() : t.empty()}</p>
      ) : (
        <dl className={s.list}>
          {leases.map((c) => (
            <div key={c.id} className={s.row}>
              <dt className={s.label}>
                <Link href={paths.contracts.view(c.id)}>{t.number({ number: c.number })}</Link>{' '}
                <StatusBadge tone={c.status}>{t.statuses[c.status]()}</StatusBadge>
              </dt>
              <dd className={s.value}>
                {`${c.object.name}: ${c.rooms.map((r) => `№${r.number}`).join(', ')} · ${t.area({ area: formatDecimal(c.area, locale) })} · ${t.perMonth({ amount: formatDecimal(c.monthly_total, locale) })} · ${formatDay(c.starts_on, locale)} — ${formatDay(c.ends_on, locale)}`}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
