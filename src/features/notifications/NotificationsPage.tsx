import { useState } from 'react';
import { useLocation } from 'wouter';
import { useI18nContext } from '#/i18n/i18n-react';
import { type Notification, useInbox, useMarkAllRead, useMarkRead } from '#/state/queries/notifications';
import { notificationHref, notificationText } from '#/state/queries/subjects';
import { formatDateTime } from '../../i18n/formatters';
import { NotificationTabs } from '../../shared-ui/NotificationTabs';
import { Button, Checkbox, EmptyState, ErrorState, Page, Skeleton, Stack } from '../../ui';
import * as s from './notifications.css';

/** `/notifications`: everyone's inbox, newest first, a page more at a time. */
export function NotificationsPage() {
  const { LL } = useI18nContext();
  const t = LL.notifications;
  const [unreadOnly, setUnreadOnly] = useState(false);
  const query = useInbox(unreadOnly);
  const markAll = useMarkAllRead();
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Page
      title={LL.nav.notifications()}
      actions={
        <Button
          variant="secondary"
          size="sm"
          loading={markAll.isPending}
          disabled={!items.some((n) => !n.read_at)}
          onClick={() => markAll.mutate()}
          data-testid="notifications-mark-all"
        >
          {t.markAllRead()}
        </Button>
      }
    >
      <Stack gap="md">
        <NotificationTabs current="inbox" />
        <div className={s.toolbar}>
          <Checkbox label={t.unreadOnly()} checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} data-testid="notifications-unread-only" />
        </div>
        {query.isPending ? (
          <Skeleton lines={5} label={LL.common.loading()} />
        ) : query.isError ? (
          <ErrorState text={LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t.empty()} />
        ) : (
          <ul className={s.list} data-testid="notifications">
            {items.map((n) => (
              <li key={n.id}>
                <Item notification={n} />
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button
            variant="ghost"
            className={s.more}
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="notifications-more"
          >
            {t.loadMore()}
          </Button>
        )}
      </Stack>
    </Page>
  );
}

/** One notification: opening it marks it read and goes to its request, task or questionnaire. */
function Item({ notification: n }: { notification: Notification }) {
  const { LL, locale } = useI18nContext();
  const [, navigate] = useLocation();
  const markRead = useMarkRead();
  const href = notificationHref(n);
  const unread = !n.read_at;
  return (
    <a
      href={href}
      className={[s.item, unread && s.unread].filter(Boolean).join(' ')}
      data-testid="notification"
      data-unread={unread}
      onClick={(event) => {
        if (unread) markRead.mutate(n.id);
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {unread && <span className={s.marker}>{LL.notifications.unread()}</span>}
      <span data-testid="notification-text">{notificationText(LL, n, locale)}</span>
      <span className={s.meta}>
        {n.actor_name ?? LL.notifications.system()} · <time dateTime={n.created_at}>{formatDateTime(n.created_at, locale)}</time>
      </span>
    </a>
  );
}
