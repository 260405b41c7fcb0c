import { useSpaLink } from '#/frame/links';
import { useI18nContext } from '#/i18n/i18n-react';
import { badgeText } from '#/shared/counts';
import { useMenuCounts } from '#/state/queries/menu-counts';
import { useMayOpen } from '#/state/route-access';
import { paths } from '../paths';
import * as s from './Shell.css';

/** The top bar's way to the inbox; its badge is the unread count of the menu's counts, refreshed with them. */
export function Bell() {
  const { LL } = useI18nContext();
  const link = useSpaLink();
  const mayOpen = useMayOpen();
  const unread = useMenuCounts().notifications_unread ?? 0;
  // Shown to whoever has an inbox (the route table's rule), like every way into a screen.
  if (!mayOpen(paths.notifications)) return null;
  return (
    <a
      href={paths.notifications}
      onClick={link(paths.notifications)}
      className={s.bell}
      aria-label={unread > 0 ? LL.notifications.bell({ count: unread }) : LL.nav.notifications()}
      data-testid="bell"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4l2-2ZM10 21h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {unread > 0 && (
        <span className={s.bellBadge} aria-hidden="true" data-testid="bell-count">
          {badgeText(unread)}
        </span>
      )}
    </a>
  );
}
