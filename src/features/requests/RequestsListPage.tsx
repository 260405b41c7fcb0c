import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { filterKeys, filterOf, type RequestItem, requestApi, useRequests } from '#/state/queries/requests';
import { useMayOpen } from '#/state/route-access';
import { useSessionRole } from '#/state/session';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { useExport } from '../../lists/download';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { Button } from '../../ui';
import { PriorityBadge, RequestBadges } from './format';
import { RequestFilters } from './RequestFilters';
import * as s from './requests.css';

/** `/requests-journal`: the journal (request log); renters see only their own (the server scopes). */
export function RequestsListPage() {
  const { LL, locale } = useI18nContext();
  const link = useSpaLink();
  const staff = useSessionRole() !== 'renter';
  const mayOpen = useMayOpen();
  const { params, update } = useListParams({ sort: '-created_at', extraKeys: filterKeys });
  const query = useRequests(params);
  const { exporting, run } = useExport();
  const c = LL.requests.columns;

  const columns: Column<RequestItem>[] = [
    {
      key: 'number',
      header: c.number(),
      cell: (r) => (
        <Link href={paths.requests.view(r.id)} data-testid="request-link">
          №{r.number}
        </Link>
      ),
    },
    { key: 'type', priority: 2, header: c.type(), cell: (r) => r.type.name },
    { key: 'object_type', priority: 5, header: c.object_type(), cell: (r) => r.object_type ?? '—' },
    { key: 'object', priority: 4, header: c.object(), cell: (r) => r.object.name },
    { key: 'landlord', priority: 5, header: c.landlord(), cell: (r) => r.landlord_name },
    { key: 'legal_name', priority: 5, header: c.legal_name(), cell: (r) => r.legal_name ?? '—' },
    { key: 'trade_point', priority: 5, header: c.trade_point(), cell: (r) => r.trade_point ?? '—' },
    { key: 'applicant', priority: 5, header: c.applicant(), cell: (r) => r.applicant_name },
    { key: 'phone', priority: 5, header: c.phone(), cell: (r) => r.applicant_phone ?? '—' },
    { key: 'created_at', priority: 2, header: c.created_at(), cell: (r) => formatDateTime(r.created_at, locale) },
    {
      key: 'status',
      header: c.status(),
      cell: (r) => <RequestBadges request={r} />,
    },
    { key: 'photo_report', priority: 3, header: c.photo_report(), cell: (r) => (r.has_photo_report ? LL.requests.yes() : '—') },
    { key: 'priority', priority: 2, header: LL.sla.priority(), cell: (r) => <PriorityBadge priority={r.priority} /> },
  ];

  const exportList = () => run(() => requestApi.exportXlsx(filterOf(params)), 'requests.xlsx');

  return (
    <ListPage
      title={LL.requests.title()}
      testId="requests-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      filters={<RequestFilters params={params} update={update} staff={staff} />}
      rowClass={(r) => (r.overdue ? s.overdueRow : undefined)}
      actions={
        <>
          {staff && (
            <Button variant="secondary" loading={exporting} onClick={exportList}>
              {LL.list.export()}
            </Button>
          )}
          {mayOpen(paths.requests.create) && <Button onClick={link(paths.requests.create)}>{LL.requests.newRequest()}</Button>}
        </>
      }
      rowActions={(r) => (
        <Button size="sm" variant="ghost" onClick={link(paths.requests.view(r.id))}>
          {LL.list.view()}
        </Button>
      )}
    />
  );
}
