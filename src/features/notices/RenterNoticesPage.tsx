import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type Notice, useRenterNotices } from '#/state/queries/notices';
import { useMayOpen } from '#/state/route-access';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { StatusBadge } from '../../records/StatusBadge';
import { NotificationTabs } from '../../shared-ui/NotificationTabs';
import { Button } from '../../ui';
import * as s from './notices.css';
import { noticeState } from './parts';

const tones = { sent: 'done', scheduled: 'waiting', cancelled: 'deleted' } as const;

/** `/notifications/renters`: the notices to renters, sent, scheduled and cancelled, 15 a page; a new one. */
export function RenterNoticesPage() {
  const { LL, locale } = useI18nContext();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const { params, update } = useListParams({ sort: '-created_at', limit: 15 });
  const query = useRenterNotices(params);
  const f = LL.notices.fields;
  const columns: Column<Notice>[] = [
    {
      key: 'title',
      header: f.title(),
      cell: (n) => (
        <Link href={paths.notices.view(n.id)} className={s.cell} data-testid="renter-notice-link">
          {n.title}
        </Link>
      ),
    },
    {
      key: 'target',
      priority: 2,
      header: f.target(),
      cell: (n) => [LL.notices.targets[n.target](), n.object?.name, n.floor !== null ? `${f.floor()} ${n.floor}` : null].filter(Boolean).join(' · '),
    },
    {
      key: 'status',
      header: f.status(),
      cell: (n) => <StatusBadge tone={tones[noticeState(n)]}>{LL.notices.statuses[noticeState(n)]()}</StatusBadge>,
    },
    { key: 'date', priority: 3, header: f.date(), cell: (n) => formatDateTime(n.sent_at ?? n.send_at ?? n.created_at, locale) },
    { key: 'read', priority: 4, header: f.recipients(), cell: (n) => LL.notices.progress({ delivered: n.delivered, read: n.read }) },
  ];
  return (
    <ListPage
      title={LL.nav.notifications()}
      testId="renter-notices-list"
      intro={<NotificationTabs current="renters" />}
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      actions={mayOpen(paths.notices.create) && <Button onClick={link(paths.notices.create)}>{LL.notices.newNotice()}</Button>}
    />
  );
}
