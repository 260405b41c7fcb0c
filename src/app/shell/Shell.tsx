import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { LanguageSwitch } from '#/frame/LanguageSwitch';
import { useSpaLink } from '#/frame/links';
import { useI18nContext } from '#/i18n/i18n-react';
import { useMenuCounts } from '#/state/queries/menu-counts';
import { useSaveLanguage } from '#/state/queries/profile';
import { sessionActor, useSession, useSessionUser, useViewer } from '#/state/session';
import { media } from '#/theme';
import { AppShell, Avatar, Button, NavItem, NavList, Sidebar, Topbar } from '#/ui';
import { Drawer } from '#/ui/Drawer/Drawer';
import { Bell } from './Bell';
import { useLiveNotifications } from './live';
import { navFor } from './nav-items';
import { usePushRegistration } from './push-registration';
import * as s from './Shell.css';

/** The role's navigation, in the sidebar on a wide screen and in the drawer on a phone. */
function ShellNav({ onNavigate }: { onNavigate?: () => void }) {
  const { LL } = useI18nContext();
  const [location] = useLocation();
  const link = useSpaLink();
  const viewer = useViewer();
  const counts = useMenuCounts();
  return (
    <NavList label={LL.shell.menu()}>
      {navFor(viewer).map((e) => (
        <NavItem
          key={e.key}
          label={LL.nav[e.key]()}
          href={e.href}
          active={location === e.href || location.startsWith(`${e.href}/`)}
          onClick={(event) => {
            link(e.href)(event);
            onNavigate?.();
          }}
          data-testid={`nav-${e.key}`}
          {...(e.key === 'requests' && {
            badge: counts.requests_new,
            badgeLabel: LL.requests.newCount({ count: counts.requests_new ?? 0 }),
          })}
          {...(e.key === 'contracts' && {
            badge: counts.contracts_expiring,
            badgeLabel: LL.badges.contractsExpiring({ count: counts.contracts_expiring ?? 0 }),
          })}
          // Staff are shown what is late; a renter what awaits its answer.
          {...(e.key === 'violations' &&
            (viewer.role === 'renter'
              ? { badge: counts.violations_issued, badgeLabel: LL.badges.violationsIssued({ count: counts.violations_issued ?? 0 }) }
              : { badge: counts.violations_overdue, badgeLabel: LL.badges.violationsOverdue({ count: counts.violations_overdue ?? 0 }) }))}
        />
      ))}
    </NavList>
  );
}

/** The drawer is open only while the screen is narrow and the page the same; a link or a wider window closes it. */
function useDrawerState() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a new location (back button included).
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    const wide = window.matchMedia(media.wide);
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);
  return [open, setOpen] as const;
}

/** The signed-in frame: navigation by role, language, user and logout. */
export function Shell({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext();
  const user = useSessionUser();
  const loggingOut = useSession((st) => st.matches('loggingOut'));
  const [drawerOpen, setDrawerOpen] = useDrawerState();
  // The tab's one live connection: new notifications and the menu's counts as they change.
  useLiveNotifications(user?.id ?? null);
  usePushRegistration(user?.id ?? null);
  // The person's choice of language is kept on the account: mails and pushes follow it, and the next sign-in anywhere opens in it.
  const saveLanguage = useSaveLanguage().mutate;
  const brand = <strong className={s.brand}>{LL.common.appName()}</strong>;

  const sidebar = (
    <Sidebar header={brand}>
      <ShellNav />
    </Sidebar>
  );
  const drawer = (
    <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} label={LL.shell.menu()} closeLabel={LL.common.close()} header={brand}>
      {user && (
        <div className={s.drawerUser}>
          <Avatar name={user.full_name} src={user.avatar_url} size="sm" />
          <span>{user.full_name}</span>
        </div>
      )}
      <ShellNav onNavigate={() => setDrawerOpen(false)} />
      <div className={s.drawerFooter}>
        <LanguageSwitch onChosen={saveLanguage} />
      </div>
    </Drawer>
  );
  const topbar = (
    <Topbar
      start={
        <>
          {drawer}
          <span className={s.compactOnly}>{brand}</span>
        </>
      }
      end={
        <div className={s.userBox}>
          {/* On a phone the language and the user's name are in the drawer; logout stays in the bar. */}
          <span className={s.wideOnly}>
            <LanguageSwitch onChosen={saveLanguage} />
            {user && <Avatar name={user.full_name} src={user.avatar_url} size="sm" />}
            {user && <span data-testid="current-user">{user.full_name}</span>}
          </span>
          <Bell />
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
