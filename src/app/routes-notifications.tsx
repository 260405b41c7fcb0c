import { lazyPage } from './lazy-page';
import { paths } from './paths';
import { guarded, id, inModule, type RouteEntry, staff, team } from './route-entries';

/** Notices: the landlord; an employee with notification access sends and reads, one whose `notifications` level allows read reads. */
const noticeReader = { ...inModule('notifications'), notify: 'read' as const };
const noticeSender = { roles: team, notify: 'send' as const };

/** The inbox, notices to renters and notices to employees: a section of the route table (route-table.tsx), in its order. */
export const notificationRoutes: RouteEntry[] = [
  // Each user's own inbox; the superadmin's platform work tells it nothing, so it has none.
  guarded(
    paths.notifications,
    lazyPage(() => import('#/features/notifications/NotificationsPage'), 'NotificationsPage'),
    { roles: staff },
    { nav: { key: 'notifications' } },
  ),
  guarded(
    paths.notices.renters,
    lazyPage(() => import('#/features/notices/RenterNoticesPage'), 'RenterNoticesPage'),
    noticeReader,
  ),
  guarded(
    paths.notices.create,
    lazyPage(() => import('#/features/notices/RenterNoticeFormPage'), 'RenterNoticeFormPage'),
    noticeSender,
  ),
  // A renter or an employee opens a notice it was sent from its inbox; who may read the lists, any.
  guarded(
    paths.notices.view.pattern,
    lazyPage(() => import('#/features/notices/NoticeViewPage'), 'NoticeViewPage'),
    { roles: staff },
    { props: id },
  ),
  guarded(
    paths.employeeNotifications.list,
    lazyPage(() => import('#/features/notices/EmployeeNotificationsPage'), 'EmployeeNotificationsPage'),
    noticeReader,
    { nav: { key: 'employeeNotifications' } },
  ),
  guarded(
    paths.employeeNotifications.create,
    lazyPage(() => import('#/features/notices/EmployeeNotificationFormPage'), 'EmployeeNotificationFormPage'),
    noticeSender,
  ),
  guarded(
    paths.employeeNotifications.view.pattern,
    lazyPage(() => import('#/features/notices/EmployeeNotificationViewPage'), 'EmployeeNotificationViewPage'),
    noticeReader,
    { props: id },
  ),
];
