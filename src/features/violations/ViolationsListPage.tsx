import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { filterKeys, filterOf, useViolations, type ViolationItem, violationApi, violationSorts } from '#/state/queries/violations';
import { useMayOpen } from '#/state/route-access';
import { useCan, useSessionRole } from '#/state/session';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { useExport } from '../../lists/download';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { Button } from '../../ui';
import { formatFine, ViolationBadges } from './format';
import { ViolationFilters } from './ViolationFilters';
import * as s from './violations.css';

/** `/violations`: the landlord's violations; a renter sees its own, from issued on (the server scopes). */
export function ViolationsListPage() {
  const { LL, locale } = useI18nContext();
  const link = useSpaLink();
  const staff = useSessionRole() !== 'renter';
  const mayCreate = useCan('violations', 'create');
  const mayOpen = useMayOpen();
  const { params, update } = useListParams({ sort: '-occurred_at', extraKeys: filterKeys });
  const query = useViolations(params);
  const { exporting, run } = useExport();
  const c = LL.violations.columns;

  const columns: Column<ViolationItem>[] = [
    {
      key: 'number',
      header: c.number(),
      cell: (v) => (
        <Link href={paths.violations.view(v.id)} data-testid="violation-link">
          №{v.number}
        </Link>
      ),
    },
    { key: 'type', priority: 2, header: c.type(), cell: (v) => v.type.name },
    { key: 'renter', priority: staff ? 2 : 5, header: c.renter(), cell: (v) => v.renter.name },
    { key: 'object', priority: 4, header: c.object(), cell: (v) => [v.object.name, v.room && `№${v.room.number}`].filter(Boolean).join(', ') },
    { key: 'occurred_at', priority: 3, header: c.occurred_at(), cell: (v) => formatDateTime(v.occurred_at, locale) },
    { key: 'deadline', priority: 4, header: c.deadline(), cell: (v) => (v.deadline_at ? formatDateTime(v.deadline_at, locale) : '—') },
    { key: 'fine', priority: 3, header: c.fine(), cell: (v) => formatFine(v.fine, locale) },
    { key: 'status', header: c.status(), cell: (v) => <ViolationBadges violation={v} /> },
  ];

  const exportList = () => run(() => violationApi.exportXlsx(filterOf(params)), 'violations.xlsx');

  return (
    <ListPage
      title={LL.violations.title()}
      testId="violations-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      sortOptions={violationSorts.map((value) => ({ value, label: LL.violations.sort[value]() }))}
      filters={<ViolationFilters params={params} update={update} staff={staff} pickRenters={staff && mayCreate} />}
      rowClass={(v) => (v.overdue ? s.overdueRow : undefined)}
      actions={
        <>
          {staff && (
            <Button variant="secondary" loading={exporting} onClick={exportList}>
              {LL.list.export()}
            </Button>
          )}
          {mayOpen(paths.violations.create) && <Button onClick={link(paths.violations.create)}>{LL.violations.newViolation()}</Button>}
        </>
      }
      rowActions={(v) => (
        <Button size="sm" variant="ghost" onClick={link(paths.violations.view(v.id))}>
          {LL.list.view()}
        </Button>
      )}
    />
  );
}
