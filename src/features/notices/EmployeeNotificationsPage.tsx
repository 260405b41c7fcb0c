import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type EmployeeNotice, noticeApi, useEmployeeNotices } from '#/state/queries/notices';
import { useMayOpen } from '#/state/route-access';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { useExport } from '../../lists/download';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { Button } from '../../ui';
import * as s from './notices.css';

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/** `/employee-notifications`: page 1, 15 a page and the search in the address; export; new. */
export function EmployeeNotificationsPage() {
  const { LL, locale } = useI18nContext();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const { params, update } = useListParams({ sort: '-created_at', limit: 15 });
  const query = useEmployeeNotices(params);
  const { exporting, run } = useExport();
  const f = LL.notices.fields;
  const columns: Column<EmployeeNotice>[] = [
    {
      key: 'message',
      header: LL.notices.fields.message(),
      cell: (n) => (
        <Link href={paths.employeeNotifications.view(n.id)} className={s.cell} data-testid="employee-notice-link">
          {excerpt(n.message)}
        </Link>
      ),
    },
    { key: 'recipients', priority: 2, header: f.recipients(), cell: (n) => n.recipients.map((r) => r.name).join(', ') },
    { key: 'author', priority: 3, header: f.author(), cell: (n) => n.author_name },
    { key: 'date', header: f.date(), cell: (n) => formatDateTime(n.sent_at ?? n.send_at ?? n.created_at, locale) },
  ];
  return (
    <ListPage
      title={LL.notices.employeesTitle()}
      testId="employee-notices-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      actions={
        <>
          <Button
            variant="secondary"
            loading={exporting}
            onClick={() => run(() => noticeApi.exportXlsx(params.search || undefined), 'employee-notifications.xlsx')}
          >
            {LL.list.export()}
          </Button>
          {mayOpen(paths.employeeNotifications.create) && <Button onClick={link(paths.employeeNotifications.create)}>{LL.notices.newNotice()}</Button>}
        </>
      }
    />
  );
}
