import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { useMayOpen } from '#/state/route-access';
import { useI18nContext } from '../i18n/i18n-react';
import { Tabs } from '../ui';

/**
 * `/notifications`' two tabs: everyone's inbox and, for who may read them, the notices to renters
 * (the inbox and the notices are two features; the tabs join them). Nothing for anyone else.
 */
export function NotificationTabs({ current }: { current: 'inbox' | 'renters' }) {
  const { LL } = useI18nContext();
  const link = useSpaLink();
  const mayOpen = useMayOpen();
  if (!mayOpen(paths.notices.renters)) return null;
  const tabs = [
    { key: 'inbox' as const, label: LL.notices.inboxTab(), onClick: link(paths.notifications) },
    { key: 'renters' as const, label: LL.notices.rentersTitle(), onClick: link(paths.notices.renters) },
  ];
  return <Tabs tabs={tabs} current={current} testId="notification-tabs" />;
}
