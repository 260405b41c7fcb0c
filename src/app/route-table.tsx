import { lazyPage } from './lazy-page';
import { paths } from './paths';
import { all, guarded, Home, id, Landing, later, open, type RouteEntry, SetPassword, Static, staff, TaskCreate, TaskEdit, TaskView } from './route-entries';

export { type NavKey, type NavMeta, NotFoundPage, type RouteEntry } from './route-entries';

/**
 * Spec §2's routes, public first. The signed-in ones are in the navigation's order, which is the
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
    lazyPage(() => import('#/features/waiting-list/TenantsPage'), 'TenantsPage'),
  ),
  open(
    paths.applicationForm.pattern,
    lazyPage(() => import('#/features/waiting-list/ApplicationFormPage'), 'ApplicationFormPage'),
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

  guarded(paths.home, Home, { nav: { key: 'dashboard', roles: all } }),
  guarded(paths.homeIndex, Home),
  guarded(
    paths.landlords.list,
    lazyPage(() => import('#/features/landlords/LandlordsListPage'), 'LandlordsListPage'),
    { nav: { key: 'landlords', roles: ['superadmin'] } },
  ),
  guarded(
    paths.landlords.create,
    lazyPage(() => import('#/features/landlords/LandlordFormPage'), 'LandlordFormPage'),
  ),
  guarded(
    paths.landlords.edit.pattern,
    lazyPage(() => import('#/features/landlords/LandlordFormPage'), 'LandlordEditPage'),
    { props: id },
  ),
  guarded(
    paths.objectTypes.list,
    lazyPage(() => import('#/features/object-types/ObjectTypesPages'), 'ObjectTypesListPage'),
    { nav: { key: 'objectTypes', roles: ['superadmin'] } },
  ),
  guarded(
    paths.objectTypes.create,
    lazyPage(() => import('#/features/object-types/ObjectTypesPages'), 'ObjectTypeFormPage'),
  ),
  guarded(
    paths.objectTypes.edit.pattern,
    lazyPage(() => import('#/features/object-types/ObjectTypesPages'), 'ObjectTypeEditPage'),
    { props: id },
  ),
  guarded(
    paths.requestTypes,
    lazyPage(() => import('#/features/request-types/RequestTypesPage'), 'RequestTypesPage'),
    { nav: { key: 'requestTypes', roles: ['superadmin'] } },
  ),
  guarded(
    paths.objects.list,
    lazyPage(() => import('#/features/objects/ObjectsListPage'), 'ObjectsListPage'),
    { nav: { key: 'objects', roles: ['landlord'] } },
  ),
  guarded(
    paths.objects.create,
    lazyPage(() => import('#/features/objects/ObjectFormPage'), 'ObjectFormPage'),
  ),
  guarded(
    paths.objects.edit.pattern,
    lazyPage(() => import('#/features/objects/ObjectFormPage'), 'ObjectEditPage'),
    { props: id },
  ),
  guarded(
    paths.requests.list,
    lazyPage(() => import('#/features/requests/RequestsListPage'), 'RequestsListPage'),
    {
      // Spec §6: without the bid-access flag the requests module disappears.
      nav: { key: 'requests', roles: all, needsBidAccess: true },
    },
  ),
  guarded(
    paths.requests.create,
    lazyPage(() => import('#/features/requests/RequestCreatePage'), 'RequestCreatePage'),
  ),
  guarded(
    paths.requests.createOfType.pattern,
    lazyPage(() => import('#/features/requests/RequestFormPage'), 'RequestCreateFormPage'),
    { props: (p) => ({ typeId: p.typeId ?? '' }) },
  ),
  guarded(
    paths.requests.edit.pattern,
    lazyPage(() => import('#/features/requests/RequestFormPage'), 'RequestEditPage'),
    { props: (p) => ({ id: p.bidId ?? '' }) },
  ),
  guarded(
    paths.requests.view.pattern,
    lazyPage(() => import('#/features/requests/RequestViewPage'), 'RequestViewPage'),
    { props: (p) => ({ id: p.bidId ?? '' }) },
  ),
  guarded(
    paths.tasks.list,
    lazyPage(() => import('#/features/tasks/TasksListPage'), 'TasksListPage'),
    { nav: { key: 'tasks', roles: staff } },
  ),
  guarded(paths.tasks.create, TaskCreate, { props: () => ({ kind: 'task' as const }) }),
  guarded(paths.tasks.edit.pattern, TaskEdit, { props: (p) => ({ ...id(p), kind: 'task' as const }) }),
  guarded(paths.tasks.view.pattern, TaskView, { props: (p) => ({ ...id(p), kind: 'task' as const }) }),
  guarded(
    paths.quickTasks.list,
    lazyPage(() => import('#/features/tasks/TasksListPage'), 'QuickTasksListPage'),
    { nav: { key: 'quickTasks', roles: staff } },
  ),
  guarded(paths.quickTasks.create, TaskCreate, { props: () => ({ kind: 'quick' as const }) }),
  guarded(paths.quickTasks.edit.pattern, TaskEdit, { props: (p) => ({ ...id(p), kind: 'quick' as const }) }),
  guarded(paths.quickTasks.view.pattern, TaskView, { props: (p) => ({ ...id(p), kind: 'quick' as const }) }),
  later(paths.calendar, { key: 'calendar', roles: staff, module: 'calendar' }),
  guarded(
    paths.waitingList.list,
    lazyPage(() => import('#/features/waiting-list/QuestionnairesListPage'), 'QuestionnairesListPage'),
    {
      nav: { key: 'waitingList', roles: ['landlord', 'employee'], module: 'waiting_list' },
    },
  ),
  guarded(
    paths.waitingList.makeRenter.pattern,
    lazyPage(() => import('./compose/MakeRenterPage'), 'MakeRenterPage'),
    { props: id },
  ),
  guarded(
    paths.waitingList.view.pattern,
    lazyPage(() => import('#/features/waiting-list/QuestionnaireViewPage'), 'QuestionnaireViewPage'),
    { props: id },
  ),
  guarded(
    paths.renters.list,
    lazyPage(() => import('#/features/renters/RentersListPage'), 'RentersListPage'),
    {
      nav: { key: 'renters', roles: ['superadmin', 'landlord', 'employee'], module: 'renters' },
    },
  ),
  guarded(
    paths.renters.create,
    lazyPage(() => import('#/features/renters/RenterFormPage'), 'RenterFormPage'),
  ),
  guarded(
    paths.renters.view.pattern,
    lazyPage(() => import('#/features/renters/RenterViewPage'), 'RenterViewPage'),
    { props: id },
  ),
  guarded(
    paths.renters.edit.pattern,
    lazyPage(() => import('#/features/renters/RenterFormPage'), 'RenterEditPage'),
    { props: id },
  ),
  guarded(
    paths.employees.list,
    lazyPage(() => import('#/features/employees/EmployeesListPage'), 'EmployeesListPage'),
    {
      nav: { key: 'employees', roles: ['superadmin', 'landlord'], module: 'employees' },
    },
  ),
  guarded(
    paths.employees.create,
    lazyPage(() => import('#/features/employees/EmployeeFormPage'), 'EmployeeFormPage'),
  ),
  guarded(
    paths.employees.edit.pattern,
    lazyPage(() => import('#/features/employees/EmployeeFormPage'), 'EmployeeEditPage'),
    { props: id },
  ),
  guarded(
    paths.contractors.list,
    lazyPage(() => import('#/features/contractors/ContractorsListPage'), 'ContractorsListPage'),
    {
      nav: { key: 'contractors', roles: ['landlord', 'employee'], module: 'contractors' },
    },
  ),
  guarded(
    paths.contractors.applications,
    lazyPage(() => import('#/features/contractors/ApplicationsPage'), 'ApplicationsPage'),
  ),
  guarded(
    paths.contractors.create,
    lazyPage(() => import('#/features/contractors/ContractorFormPage'), 'ContractorFormPage'),
  ),
  guarded(
    paths.contractors.view.pattern,
    lazyPage(() => import('#/features/contractors/ContractorViewPage'), 'ContractorViewPage'),
    { props: id },
  ),
  guarded(
    paths.contractors.edit.pattern,
    lazyPage(() => import('#/features/contractors/ContractorFormPage'), 'ContractorEditPage'),
    { props: id },
  ),
  guarded(paths.contractors.taskEdit.pattern, TaskEdit, { props: (p) => ({ ...id(p), kind: 'task' as const }) }),
  later(paths.contracts, { key: 'contracts', roles: staff, module: 'contracts' }),
  later(paths.notifications, { key: 'notifications', roles: staff }),
  later(paths.reports, { key: 'reports', roles: ['superadmin', 'landlord'], module: 'reports' }),
  guarded(
    paths.socialLinks.list,
    lazyPage(() => import('#/features/social-links/SocialLinksListPage'), 'SocialLinksListPage'),
    { nav: { key: 'socialLinks', roles: ['landlord'] } },
  ),
  guarded(
    paths.socialLinks.create,
    lazyPage(() => import('#/features/social-links/SocialLinkFormPage'), 'SocialLinkFormPage'),
  ),
  guarded(
    paths.socialLinks.edit.pattern,
    lazyPage(() => import('#/features/social-links/SocialLinkFormPage'), 'SocialLinkEditPage'),
    { props: id },
  ),
  guarded(
    paths.settings,
    lazyPage(() => import('#/features/settings/SettingsPage'), 'SettingsPage'),
    { nav: { key: 'settings', roles: ['landlord'] } },
  ),
  guarded(
    paths.statecharts,
    lazyPage(() => import('#/features/charts/StatechartsPage'), 'StatechartsPage'),
    // The landlord opens it from Settings (reference, not everyday work); the superadmin keeps it in the menu.
    { nav: { key: 'statecharts', roles: ['superadmin'] } },
  ),
  guarded(
    paths.profile,
    lazyPage(() => import('#/features/profile/ProfilePage'), 'ProfilePage'),
    { nav: { key: 'profile', roles: all } },
  ),
  guarded(
    paths.resetPassword,
    lazyPage(() => import('#/features/profile/ResetPasswordPage'), 'ResetPasswordPage'),
  ),
];

/** The first segments of the signed-in paths: anything below them (even unknown) is behind the guard. */
const guardedPrefixes = [...new Set(routeTable.filter((r) => r.guarded).map((r) => `/${r.path.split('/')[1]}`))];
export const isGuarded = (path: string) => guardedPrefixes.some((p) => path === p || path.startsWith(`${p}/`));
