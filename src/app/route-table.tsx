import { lazyPage } from './lazy-page';
import { paths } from './paths';
import {
  all,
  guarded,
  Home,
  id,
  inModule,
  Landing,
  open,
  platform,
  type RouteEntry,
  SetPassword,
  Static,
  staff,
  TaskCreate,
  TaskEdit,
  TaskView,
} from './route-entries';
import { notificationRoutes } from './routes-notifications';
import { billingRoutes, importRoutes, leaseRoutes, meterRoutes, reportAndLinkRoutes, violationRoutes, waitingListRoutes } from './routes-sections';

export { type NavMeta, NotFoundPage, type RouteEntry } from './route-entries';

// What each screen needs follows the server's checks of the calls it makes (server/modules/*).
const everyone = { roles: all };
const superadmin = { roles: platform };
const landlord = { roles: ['landlord'] } as const;
/** Tasks: every staff member sees its own; creating and editing need `tasks` at `employee` (the creator's level). */
const taskReader = { roles: staff };
const taskCreator = inModule('tasks', 'create');
/** The journal: a renter its own requests; an employee by its `requests` level, and only with bid access. */
const journal = (action: 'read' | 'create' | 'update') => ({ ...inModule('requests', action, staff), needsBidAccess: true });

/**
 * Every route of the product, public first. The signed-in ones are in the navigation's order, which is the
 * same for every role (each role sees a subset); within a section the fixed paths come before `:id`.
 */
export const routeTable: RouteEntry[] = [
  open(paths.landing, Landing),
  open(paths.landingRu, Landing),
  open(paths.terms, Static('TermsPage')),
  open(paths.privacy, Static('PrivacyPage')),
  open(paths.test, Static('TestPage')),
  open(
    paths.contractorForm,
    lazyPage(() => import('#/features/contractors/PublicContractorFormPage'), 'PublicContractorFormPage'),
  ),
  open(
    paths.visitorRequest.pattern,
    lazyPage(() => import('#/features/visitor/VisitorRequestPage'), 'VisitorRequestPage'),
    { props: (p) => ({ objectId: p.objectId ?? '' }) },
  ),
  open(
    paths.tenants,
    lazyPage(() => import('#/features/waiting-list/TenantsPage'), 'TenantsPage', ['waitingList']),
  ),
  open(
    paths.applicationForm.pattern,
    lazyPage(() => import('#/features/waiting-list/ApplicationFormPage'), 'ApplicationFormPage', ['waitingList']),
  ),
  open(
    paths.auth.login,
    lazyPage(() => import('#/features/auth/LoginPage'), 'LoginPage'),
  ),
  open(
    paths.auth.restore,
    lazyPage(() => import('#/features/auth/RestorePasswordPage'), 'RestorePasswordPage'),
  ),
  open(paths.auth.reset, SetPassword, { props: () => ({ purpose: 'reset' as const }) }),
  open(paths.auth.firstLogin, SetPassword, { props: () => ({ purpose: 'first_login' as const }) }),
  open(
    paths.unsubscribe.pattern,
    lazyPage(() => import('#/features/auth/UnsubscribePage'), 'UnsubscribePage', ['push', 'unsubscribe']),
    { props: (p) => ({ token: p.token ?? '' }) },
  ),

  guarded(paths.home, Home, everyone, { nav: { key: 'dashboard' } }),
  guarded(paths.homeIndex, Home, everyone),
  guarded(
    paths.landlords.list,
    lazyPage(() => import('#/features/landlords/LandlordsListPage'), 'LandlordsListPage'),
    superadmin,
    { nav: { key: 'landlords' } },
  ),
  guarded(
    paths.landlords.create,
    lazyPage(() => import('#/features/landlords/LandlordFormPage'), 'LandlordFormPage'),
    superadmin,
  ),
  guarded(
    paths.landlords.edit.pattern,
    lazyPage(() => import('#/features/landlords/LandlordFormPage'), 'LandlordEditPage'),
    { roles: ['superadmin', 'landlord'] },
    { props: id },
  ),
  guarded(
    paths.objectTypes.list,
    lazyPage(() => import('#/features/object-types/ObjectTypesPages'), 'ObjectTypesListPage'),
    superadmin,
    { nav: { key: 'objectTypes' } },
  ),
  guarded(
    paths.objectTypes.create,
    lazyPage(() => import('#/features/object-types/ObjectTypesPages'), 'ObjectTypeFormPage'),
    superadmin,
  ),
  guarded(
    paths.objectTypes.edit.pattern,
    lazyPage(() => import('#/features/object-types/ObjectTypesPages'), 'ObjectTypeEditPage'),
    superadmin,
    { props: id },
  ),
  guarded(
    paths.requestTypes,
    lazyPage(() => import('#/features/request-types/RequestTypesPage'), 'RequestTypesPage'),
    superadmin,
    { nav: { key: 'requestTypes' } },
  ),
  guarded(
    paths.objects.list,
    lazyPage(() => import('#/features/objects/ObjectsListPage'), 'ObjectsListPage', ['waitingList']),
    { roles: ['superadmin', 'landlord'] },
    { nav: { key: 'objects' } },
  ),
  guarded(
    paths.objects.create,
    lazyPage(() => import('#/features/objects/ObjectFormPage'), 'ObjectFormPage', ['contracts', 'meters']),
    { roles: ['superadmin', 'landlord'] },
  ),
  guarded(
    paths.objects.edit.pattern,
    lazyPage(() => import('#/features/objects/ObjectFormPage'), 'ObjectEditPage', ['contracts', 'meters']),
    { roles: ['superadmin', 'landlord'] },
    { props: id },
  ),
  guarded(
    paths.requests.list,
    lazyPage(() => import('#/features/requests/RequestsListPage'), 'RequestsListPage', ['sla']),
    journal('read'),
    // Without bid access (requests level none) the requests module disappears (journal's needsBidAccess).
    { nav: { key: 'requests' } },
  ),
  guarded(
    paths.requests.create,
    lazyPage(() => import('#/features/requests/RequestCreatePage'), 'RequestCreatePage'),
    journal('create'),
  ),
  guarded(
    paths.requests.createOfType.pattern,
    lazyPage(() => import('#/features/requests/RequestFormPage'), 'RequestCreateFormPage', ['sla']),
    journal('create'),
    { props: (p) => ({ typeId: p.typeId ?? '' }) },
  ),
  guarded(
    paths.requests.edit.pattern,
    lazyPage(() => import('#/features/requests/RequestFormPage'), 'RequestEditPage', ['sla']),
    journal('update'),
    { props: (p) => ({ id: p.bidId ?? '' }) },
  ),
  guarded(
    paths.requests.view.pattern,
    lazyPage(() => import('#/features/requests/RequestViewPage'), 'RequestViewPage', ['sla']),
    journal('read'),
    { props: (p) => ({ id: p.bidId ?? '' }) },
  ),
  guarded(
    paths.tasks.list,
    lazyPage(() => import('#/features/tasks/TasksListPage'), 'TasksListPage', ['tasks']),
    taskReader,
    { nav: { key: 'tasks' } },
  ),
  guarded(paths.tasks.create, TaskCreate, taskCreator, { props: () => ({ kind: 'task' as const }) }),
  guarded(paths.tasks.edit.pattern, TaskEdit, taskCreator, { props: (p) => ({ ...id(p), kind: 'task' as const }) }),
  guarded(paths.tasks.view.pattern, TaskView, taskReader, { props: (p) => ({ ...id(p), kind: 'task' as const }) }),
  guarded(
    paths.quickTasks.list,
    lazyPage(() => import('#/features/tasks/TasksListPage'), 'QuickTasksListPage', ['tasks']),
    taskReader,
    { nav: { key: 'quickTasks' } },
  ),
  guarded(paths.quickTasks.create, TaskCreate, taskCreator, { props: () => ({ kind: 'quick' as const }) }),
  guarded(paths.quickTasks.edit.pattern, TaskEdit, taskCreator, { props: (p) => ({ ...id(p), kind: 'quick' as const }) }),
  guarded(paths.quickTasks.view.pattern, TaskView, taskReader, { props: (p) => ({ ...id(p), kind: 'quick' as const }) }),
  guarded(
    paths.calendar,
    lazyPage(() => import('#/features/calendar/CalendarPage'), 'CalendarPage', ['calendar', 'tasks']),
    // Like tasks: every employee sees what is shown to employees and what it is invited to; `calendar` governs creating and editing.
    { roles: staff },
    { nav: { key: 'calendar' } },
  ),
  ...waitingListRoutes,
  guarded(
    paths.renters.list,
    lazyPage(() => import('#/features/renters/RentersListPage'), 'RentersListPage'),
    inModule('renters'),
    {
      nav: { key: 'renters' },
    },
  ),
  guarded(
    paths.renters.create,
    lazyPage(() => import('#/features/renters/RenterFormPage'), 'RenterFormPage'),
    inModule('renters', 'create'),
  ),
  guarded(
    paths.renters.view.pattern,
    lazyPage(() => import('#/features/renters/RenterViewPage'), 'RenterViewPage', ['contracts']),
    inModule('renters'),
    { props: id },
  ),
  guarded(
    paths.renters.edit.pattern,
    lazyPage(() => import('#/features/renters/RenterFormPage'), 'RenterEditPage'),
    inModule('renters', 'update'),
    { props: id },
  ),
  guarded(
    paths.employees.list,
    lazyPage(() => import('#/features/employees/EmployeesListPage'), 'EmployeesListPage'),
    inModule('employees'),
    {
      nav: { key: 'employees' },
    },
  ),
  guarded(
    paths.employees.create,
    lazyPage(() => import('#/features/employees/EmployeeFormPage'), 'EmployeeFormPage'),
    inModule('employees', 'create'),
  ),
  guarded(
    paths.employees.edit.pattern,
    lazyPage(() => import('#/features/employees/EmployeeFormPage'), 'EmployeeEditPage'),
    inModule('employees', 'update'),
    { props: id },
  ),
  guarded(
    paths.contractors.list,
    lazyPage(() => import('#/features/contractors/ContractorsListPage'), 'ContractorsListPage'),
    inModule('contractors'),
    {
      nav: { key: 'contractors' },
    },
  ),
  guarded(
    paths.contractors.applications,
    lazyPage(() => import('#/features/contractors/ApplicationsPage'), 'ApplicationsPage'),
    inModule('contractors'),
  ),
  guarded(
    paths.contractors.create,
    lazyPage(() => import('#/features/contractors/ContractorFormPage'), 'ContractorFormPage'),
    inModule('contractors', 'create'),
  ),
  guarded(
    paths.contractors.view.pattern,
    lazyPage(() => import('#/features/contractors/ContractorViewPage'), 'ContractorViewPage', ['reports', 'tasks']),
    inModule('contractors'),
    { props: id },
  ),
  guarded(
    paths.contractors.edit.pattern,
    lazyPage(() => import('#/features/contractors/ContractorFormPage'), 'ContractorEditPage'),
    inModule('contractors', 'update'),
    { props: id },
  ),
  guarded(paths.contractors.taskEdit.pattern, TaskEdit, taskCreator, { props: (p) => ({ ...id(p), kind: 'task' as const }) }),
  ...leaseRoutes,
  ...billingRoutes,
  ...meterRoutes,
  ...notificationRoutes,
  ...violationRoutes,
  ...reportAndLinkRoutes,
  ...importRoutes,
  guarded(
    paths.settings,
    lazyPage(() => import('#/features/settings/SettingsPage'), 'SettingsPage', [
      'apiKeys',
      'billing',
      'billingDocs',
      'charts',
      'contracts',
      'meters',
      'sla',
      'violations',
    ]),
    landlord,
    { nav: { key: 'settings' } },
  ),
  guarded(
    paths.statecharts,
    lazyPage(() => import('#/features/charts/StatechartsPage'), 'StatechartsPage', [
      'billing',
      'charts',
      'contracts',
      'importPage',
      'meters',
      'tasks',
      'violations',
      'waitingList',
    ]),
    { roles: ['superadmin', 'landlord'] },
    // The landlord opens it from Settings (reference, not everyday work); the superadmin keeps it in the menu.
    { nav: { key: 'statecharts', only: ['superadmin'] } },
  ),
  guarded(
    paths.profile,
    lazyPage(() => import('#/features/profile/ProfilePage'), 'ProfilePage', ['push', 'telegram']),
    everyone,
    { nav: { key: 'profile' } },
  ),
  guarded(
    paths.resetPassword,
    lazyPage(() => import('#/features/profile/ResetPasswordPage'), 'ResetPasswordPage'),
    everyone,
  ),
  // Push notification test, for every signed-in user: linked from the profile's push section.
  guarded(
    paths.fcmTest,
    lazyPage(() => import('#/features/profile/FcmTestPage'), 'FcmTestPage', ['push']),
    everyone,
  ),
];
