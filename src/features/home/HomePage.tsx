import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { useMenuCounts } from '#/state/queries/menu-counts';
import { useMayOpen } from '#/state/route-access';
import { useHasBidAccess, useSessionUser } from '#/state/session';
import { useI18nContext } from '../../i18n/i18n-react';
import { RenterSocialLinks } from '../../shared-ui/RenterSocialLinks';
import { FormError, Page, Tile } from '../../ui';
import * as s from './HomePage.css';
import { KeyFigures } from './KeyFigures';
import { OverdueLine } from './OverdueLine';

// Each tile is offered to whoever may open what it leads to, and only once that screen exists.
const tiles = [
  { key: 'applications', href: paths.requests.list },
  { key: 'surveys', href: paths.waitingList.list },
  { key: 'tasks', href: paths.tasks.list },
  { key: 'notifications', href: paths.notifications },
  { key: 'calendar', href: paths.calendar },
  { key: 'violations', href: paths.violations.list },
  { key: 'contracts', href: paths.contracts.list },
  // The superadmin's own work: the landlords and the catalogues.
  { key: 'landlords', href: paths.landlords.list },
  { key: 'objectTypes', href: paths.objectTypes.list },
  { key: 'requestTypes', href: paths.requestTypes },
] as const;

/** `/home` and `/home/index`: the role's dashboard tiles; badges come with their modules. */
export function HomePage() {
  const { LL } = useI18nContext();
  const user = useSessionUser();
  const hasBidAccess = useHasBidAccess();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const counts = useMenuCounts();
  // The staff's words ("the log of tenant requests") read oddly to the tenant itself.
  const renterText = { applications: LL.home.applicationsTextRenter, notifications: LL.home.notificationsTextRenter };
  return (
    <Page title={LL.home.title()} data-testid="home">
      {user && <p>{LL.home.greeting({ name: user.full_name })}</p>}
      {!hasBidAccess && <FormError tone="info" message={LL.home.noBidAccess()} data-testid="no-bid-access" />}
      {user && user.role !== 'superadmin' && mayOpen(paths.reports) && <KeyFigures />}
      <div className={s.tiles}>
        {tiles
          // A renter reads its leases from the menu; the tile is the staff's.
          .filter((t) => mayOpen(t.href) && (t.key !== 'contracts' || user?.role !== 'renter'))
          .map((t) => (
            <Tile
              key={t.key}
              title={LL.home[t.key]()}
              description={(user?.role === 'renter' && renterText[t.key as keyof typeof renterText]?.()) || LL.home[`${t.key}Text`]()}
              href={t.href}
              onClick={link(t.href)}
              data-testid={`tile-${t.key}`}
              {...(t.key === 'applications' && {
                badge: counts.requests_new,
                badgeLabel: LL.requests.newCount({ count: counts.requests_new ?? 0 }),
              })}
              {...(t.key === 'surveys' && {
                badge: counts.questionnaires_new,
                badgeLabel: LL.badges.questionnairesNew({ count: counts.questionnaires_new ?? 0 }),
              })}
              // The tasks list opens on incoming tasks (quick tasks have their own list), as the badge counts them.
              {...(t.key === 'tasks' && {
                badge: counts.tasks_incoming,
                badgeLabel: LL.badges.tasksIncoming({ count: counts.tasks_incoming ?? 0 }),
              })}
              {...(t.key === 'violations' &&
                (user?.role === 'renter'
                  ? { badge: counts.violations_issued, badgeLabel: LL.badges.violationsIssued({ count: counts.violations_issued ?? 0 }) }
                  : { badge: counts.violations_overdue, badgeLabel: LL.badges.violationsOverdue({ count: counts.violations_overdue ?? 0 }) }))}
              {...(t.key === 'contracts' && {
                badge: counts.contracts_expiring,
                badgeLabel: LL.badges.contractsExpiring({ count: counts.contracts_expiring ?? 0 }),
              })}
              {...(t.key === 'notifications' && {
                badge: counts.notifications_unread,
                badgeLabel: LL.notifications.bell({ count: counts.notifications_unread ?? 0 }),
              })}
            >
              {t.key === 'applications' && <OverdueLine count={counts.requests_overdue} />}
            </Tile>
          ))}
      </div>
      {user?.role === 'renter' && <RenterSocialLinks />}
    </Page>
  );
}
