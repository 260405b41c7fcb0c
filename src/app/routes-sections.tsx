import { importScreenRule } from '#/shared/imports';
import { lazyPage } from './lazy-page';
import { paths } from './paths';
import { guarded, id, inModule, type RouteEntry, staff } from './route-entries';

/** Sections of the route table (route-table.tsx), each in its order there. */
export const waitingListRoutes: RouteEntry[] = [
  guarded(
    paths.waitingList.list,
    lazyPage(() => import('#/features/waiting-list/QuestionnairesListPage'), 'QuestionnairesListPage', ['waitingList']),
    inModule('waiting_list'),
    {
      nav: { key: 'waitingList' },
    },
  ),
  guarded(
    paths.waitingList.makeRenter.pattern,
    lazyPage(() => import('./compose/MakeRenterPage'), 'MakeRenterPage', ['waitingList']),
    // The server checks both: the questionnaire changes and a renter is registered.
    { ...inModule('waiting_list', 'update'), also: inModule('renters', 'create') },
    { props: id },
  ),
  guarded(
    paths.waitingList.view.pattern,
    lazyPage(() => import('#/features/waiting-list/QuestionnaireViewPage'), 'QuestionnaireViewPage', ['waitingList']),
    inModule('waiting_list'),
    { props: id },
  ),
];

export const leaseRoutes: RouteEntry[] = [
  // Leases: staff by their `contracts` level, a renter its own (read-only); the rent roll is staff's.
  guarded(
    paths.contracts.list,
    lazyPage(() => import('#/features/contracts/ContractsListPage'), 'ContractsListPage', ['contracts']),
    inModule('contracts', 'read', staff),
    { nav: { key: 'contracts' } },
  ),
  guarded(
    paths.contracts.rentRoll,
    lazyPage(() => import('#/features/contracts/RentRollPage'), 'RentRollPage', ['contracts']),
    inModule('contracts'),
  ),
  guarded(
    paths.contracts.create,
    lazyPage(() => import('#/features/contracts/ContractFormPage'), 'ContractCreatePage', ['contracts']),
    inModule('contracts', 'create'),
  ),
  guarded(
    paths.contracts.view.pattern,
    lazyPage(() => import('#/features/contracts/ContractViewPage'), 'ContractViewPage', ['contracts', 'tasks']),
    inModule('contracts', 'read', staff),
    { props: id },
  ),
  guarded(
    paths.contracts.edit.pattern,
    lazyPage(() => import('#/features/contracts/ContractFormPage'), 'ContractEditPage', ['contracts']),
    inModule('contracts', 'update'),
    { props: id },
  ),
];

export const violationRoutes: RouteEntry[] = [
  // Violations: a renter sees its own (from issued on); an employee by its `violations` level.
  guarded(
    paths.violations.list,
    lazyPage(() => import('#/features/violations/ViolationsListPage'), 'ViolationsListPage', ['violations']),
    inModule('violations', 'read', staff),
    { nav: { key: 'violations' } },
  ),
  guarded(
    paths.violations.create,
    lazyPage(() => import('#/features/violations/ViolationFormPage'), 'ViolationCreatePage', ['violations']),
    inModule('violations', 'create'),
  ),
  guarded(
    paths.violations.edit.pattern,
    lazyPage(() => import('#/features/violations/ViolationFormPage'), 'ViolationEditPage', ['violations']),
    inModule('violations', 'update'),
    { props: id },
  ),
  guarded(
    paths.violations.view.pattern,
    lazyPage(() => import('#/features/violations/ViolationViewPage'), 'ViolationViewPage', ['tasks', 'violations']),
    inModule('violations', 'read', staff),
    { props: id },
  ),
];

export const reportAndLinkRoutes: RouteEntry[] = [
  // Reports: the landlord and employees whose `reports` level allows reading; the superadmin its platform report.
  guarded(
    paths.reports,
    lazyPage(() => import('#/features/reports/ReportsPage'), 'ReportsPage', ['meters', 'reports']),
    inModule('reports', 'read', ['superadmin', 'landlord', 'employee']),
    { nav: { key: 'reports' } },
  ),
  guarded(
    paths.socialLinks.list,
    lazyPage(() => import('#/features/social-links/SocialLinksListPage'), 'SocialLinksListPage'),
    inModule('social_links'),
    { nav: { key: 'socialLinks' } },
  ),
  guarded(
    paths.socialLinks.create,
    lazyPage(() => import('#/features/social-links/SocialLinkFormPage'), 'SocialLinkFormPage'),
    inModule('social_links', 'create'),
  ),
  guarded(
    paths.socialLinks.edit.pattern,
    lazyPage(() => import('#/features/social-links/SocialLinkFormPage'), 'SocialLinkEditPage'),
    inModule('social_links', 'update'),
    { props: id },
  ),
];

export const billingRoutes: RouteEntry[] = [
  // Invoices: staff by their `billing` level, a renter its own (read-only); the month's run is staff's at create.
  guarded(
    paths.invoices.list,
    lazyPage(() => import('#/features/billing/InvoicesListPage'), 'InvoicesListPage', ['billing', 'contracts']),
    inModule('billing', 'read', staff),
    { nav: { key: 'invoices' } },
  ),
  guarded(
    paths.invoices.run,
    lazyPage(() => import('#/features/billing/BillingRunPage'), 'BillingRunPage', ['billing', 'meters']),
    inModule('billing', 'create'),
  ),
  guarded(
    paths.invoices.arrears,
    lazyPage(() => import('#/features/billing/ArrearsPage'), 'ArrearsPage', ['billing']),
    inModule('billing'),
  ),
  // The bank statement's matching queue: staff who may record payments.
  guarded(
    paths.invoices.bank,
    lazyPage(() => import('#/features/billing/BankQueuePage'), 'BankQueuePage', ['billing']),
    inModule('billing', 'create'),
  ),
  guarded(
    paths.invoices.statement,
    lazyPage(() => import('#/features/billing/StatementPage'), 'StatementPage', ['billing', 'billingDocs']),
    inModule('billing', 'read', staff),
  ),
  guarded(
    paths.invoices.view.pattern,
    lazyPage(() => import('#/features/billing/InvoiceViewPage'), 'InvoiceViewPage', ['billing', 'billingDocs', 'contracts', 'meters']),
    inModule('billing', 'read', staff),
    { props: id },
  ),
];

export const meterRoutes: RouteEntry[] = [
  // Meters: staff by their `meters` level, a renter its own units' (its cards, its phone form); the sheet is in staff's menu.
  guarded(
    paths.meters.list,
    lazyPage(() => import('#/features/meters/MetersPage'), 'MetersPage', ['meters']),
    inModule('meters', 'read', staff),
    { nav: { key: 'meters' } },
  ),
  guarded(
    paths.meters.submit,
    lazyPage(() => import('#/features/meters/SubmitReadingPage'), 'SubmitReadingPage', ['meters']),
    { roles: ['renter'] },
  ),
  guarded(
    paths.meters.view.pattern,
    lazyPage(() => import('#/features/meters/MeterViewPage'), 'MeterViewPage', ['meters']),
    inModule('meters', 'read', staff),
    { props: id },
  ),
  guarded(
    paths.meterReadings.list,
    lazyPage(() => import('#/features/meters/ReadingsPage'), 'ReadingsPage', ['meters']),
    inModule('meters', 'read', staff),
    { nav: { key: 'meterReadings', only: ['landlord', 'employee'] } },
  ),
  guarded(
    paths.meterReadings.view.pattern,
    lazyPage(() => import('#/features/meters/ReadingViewPage'), 'ReadingViewPage', ['meters']),
    inModule('meters', 'read', staff),
    { props: id },
  ),
];

export const importRoutes: RouteEntry[] = [
  // Imports: the landlord, and an employee whose `renters` level allows creating (tenants; units are the landlord's).
  guarded(
    paths.imports.page,
    lazyPage(() => import('#/features/imports/ImportPage'), 'ImportPage', ['importPage', 'imports']),
    importScreenRule,
    { nav: { key: 'imports' } },
  ),
  guarded(
    paths.imports.history,
    lazyPage(() => import('#/features/imports/ImportsListPage'), 'ImportsListPage', ['importPage', 'imports']),
    importScreenRule,
  ),
  guarded(
    paths.imports.view.pattern,
    lazyPage(() => import('#/features/imports/ImportViewPage'), 'ImportViewPage', ['importPage', 'imports']),
    importScreenRule,
    { props: id },
  ),
];
