import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { LanguageSwitch } from '#/frame/LanguageSwitch';
import { useSpaLink } from '#/frame/links';
import { useI18nContext } from '#/i18n/i18n-react';
import { useMenuCounts } from '#/state/menu-counts';
import { sessionActor, useSession, useSessionUser, useViewer } from '#/state/session';
import { AppShell, Avatar, Button, NavItem, NavList, Sidebar, Topbar } from '#/ui';
import { navFor } from './nav-items';
import * as s from './Shell.css';

/** The signed-in frame: navigation by role (spec §2), language, user and logout. */
export function Shell({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext();
  const [location] = useLocation();
  const link = useSpaLink();
  const user = useSessionUser();
  const viewer = useViewer();
  const loggingOut = useSession((st) => st.matches('loggingOut'));
  const counts = useMenuCounts();

  const sidebar = (
    <Sidebar header={<strong className={s.brand}>{LL.common.appName()}</strong>}>
      <NavList label={LL.shell.menu()}>
        {navFor(viewer).map((e) => (
          <NavItem
            key={e.key}
            label={LL.nav[e.key]()}
            href={e.href}
            active={location === e.href || location.startsWith(`${e.href}/`)}
            onClick={link(e.href)}
            data-testid={`nav-${e.key}`}
            {...(e.key === 'requests' && {
              badge: counts.requests_new,
              badgeLabel: LL.requests.newCount({ count: counts.requests_new ?? 0 }),
            })}
          />
        ))}
      </NavList>
    </Sidebar>
  );
  const topbar = (
    <Topbar
      end={
        <div className={s.userBox}>
          <LanguageSwitch />
          {user && <Avatar name={user.full_name} src={user.avatar_url} size="sm" />}
          {user && <span data-testid="current-user">{user.full_name}</span>}
          <Button variant="ghost" size="sm" loading={loggingOut} onClick={() => sessionActor.send({ type: 'session.logout' })} data-testid="logout">
            {LL.nav.logout()}
          </Button>
        </div>
      }
    />
  );
  return (
    <AppShell sidebar={sidebar} topbar={topbar}>
      {children}
    </AppShell>
  );
}
