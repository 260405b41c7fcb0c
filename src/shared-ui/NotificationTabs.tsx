import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { useMayOpen } from '#/state/route-access';
import { useI18nContext } from '../i18n/i18n-react';
import { Button } from '../ui';
import * as s from './NotificationTabs.css';

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
    ['inbox', paths.notifications, LL.notices.inboxTab()],
    ['renters', paths.notices.renters, LL.notices.rentersTitle()],
  ] as const;
  return (
    <div className={s.tabs} role="tablist" data-testid="notification-tabs">
      {tabs.map(([key, href, label]) => (
        <Button
          key={key}
          role="tab"
          aria-selected={current === key}
          variant={current === key ? 'primary' : 'secondary'}
          size="sm"
          onClick={link(href)}
          data-testid={`tab-${key}`}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}
