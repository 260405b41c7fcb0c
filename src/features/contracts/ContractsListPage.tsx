import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type ContractItem, contractSorts, contractStatuses, filterKeys, filterOf, useContracts, withinDays } from '#/state/queries/contracts';
import { useObjectOptions } from '#/state/queries/objects';
import { useMayOpen } from '#/state/route-access';
import { useSessionRole } from '#/state/session';
import { formatDay, formatDecimal } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { FilterSelect } from '../../lists/FilterSelect';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { Button } from '../../ui';
import { ContractBadge } from './format';

/** `/contracts`: leases with filters, search, sort and pages in the address; a renter sees its own, read-only. */
export function ContractsListPage() {
  const { LL, locale } = useI18nContext();
  const link = useSpaLink();
  const role = useSessionRole();
  const mayOpen = useMayOpen();
  const renter = role === 'renter';
  const { params, update } = useListParams({ sort: '-created_at', extraKeys: filterKeys });
  const filter = filterOf(params);
  const query = useContracts(params, filter);
  const objects = useObjectOptions(!renter);
  const t = LL.contracts;
  const f = t.fields;
  const list = { params, update };

  const columns: Column<ContractItem>[] = [
    {
      key: 'number',
      header: f.number(),
      cell: (r) => (
        <Link href={paths.contracts.view(r.id)} data-testid="contract-link">
          {r.number}
        </Link>
      ),
    },
    { key: 'renter', priority: 2, header: f.renter(), cell: (r) => r.renter.name },
    { key: 'rooms', priority: 3, header: f.rooms(), cell: (r) => `${r.object.name}: ${r.rooms.map((room) => `№${room.number}`).join(', ')}` },
    { key: 'area', priority: 4, header: f.area(), cell: (r) => formatDecimal(r.area, locale) },
    { key: 'total', priority: 2, header: f.monthly_total(), cell: (r) => formatDecimal(r.monthly_total, locale) },
    { key: 'ends_on', priority: 2, header: f.ends_on(), cell: (r) => formatDay(r.ends_on, locale) },
    { key: 'status', header: f.status(), cell: (r) => <ContractBadge status={r.status} /> },
  ];

  return (
    <ListPage
      title={renter ? t.myTitle() : t.title()}
      testId="contracts-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      sortOptions={contractSorts.map((value) => ({
        value,
        label: { '-created_at': t.sort.newest(), ends_on: t.sort.endsSoonest(), '-ends_on': t.sort.endsLatest(), number: t.sort.number() }[value],
      }))}
      filters={
        <>
          <FilterSelect
            {...list}
            filter="state"
            value={filter.status ?? ''}
            label={f.status()}
            placeholder={t.filters.allStatuses()}
            // A tenant never sees a draft: the staff's until it is signed.
            options={contractStatuses.filter((s) => !renter || s !== 'draft').map((s) => ({ value: s, label: t.statuses[s]() }))}
            data-testid="filter-status"
          />
          {!renter && (
            <FilterSelect
              {...list}
              filter="object"
              value={filter.objectId ?? ''}
              label={f.object()}
              placeholder={t.filters.allObjects()}
              options={(objects.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              data-testid="filter-object"
            />
          )}
          <FilterSelect
            {...list}
            filter="within"
            value={filter.within ? String(filter.within) : ''}
            label={t.filters.endsWithin()}
            placeholder={t.filters.anyTime()}
            options={withinDays.map((days) => ({ value: String(days), label: t.filters.days({ days }) }))}
            data-testid="filter-within"
          />
        </>
      }
      actions={
        !renter && (
          <>
            <Button variant="secondary" onClick={link(paths.contracts.rentRoll)} data-testid="open-rent-roll">
              {t.rentRoll.title()}
            </Button>
            {mayOpen(paths.contracts.create) && <Button onClick={link(paths.contracts.create)}>{t.newContract()}</Button>}
          </>
        )
      }
      rowActions={(r) => (
        <Button size="sm" variant="ghost" onClick={link(paths.contracts.view(r.id))}>
          {LL.list.view()}
        </Button>
      )}
    />
  );
}
