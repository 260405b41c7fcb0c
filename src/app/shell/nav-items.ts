import type { Role } from '#machines/types';
import type { TranslationFunctions } from '#/i18n/i18n-types';
import type { AccessLevel, AccessModule } from '#/shared/access-levels';

type NavKey = keyof TranslationFunctions['nav'];
/** `module`: an employee without access to it (level none) does not see the entry. */
export type NavEntry = { key: Exclude<NavKey, 'logout'>; href: string; needsBidAccess?: boolean; module?: AccessModule };

// Spec §2 names the entries; which role sees which is DESIGN §3's table.
const entry = {
  dashboard: { key: 'dashboard', href: '/home' },
  requests: { key: 'requests', href: '/requests-journal', needsBidAccess: true },
  tasks: { key: 'tasks', href: '/tasks' },
  quickTasks: { key: 'quickTasks', href: '/quick-tasks' },
  calendar: { key: 'calendar', href: '/calendar', module: 'calendar' },
  waitingList: { key: 'waitingList', href: '/application-forms', module: 'waiting_list' },
  renters: { key: 'renters', href: '/renters', module: 'renters' },
  employees: { key: 'employees', href: '/employees', module: 'employees' },
  contractors: { key: 'contractors', href: '/contractors', module: 'contractors' },
  landlords: { key: 'landlords', href: '/landlords' },
  objects: { key: 'objects', href: '/objects' },
  objectTypes: { key: 'objectTypes', href: '/type-object' },
  requestTypes: { key: 'requestTypes', href: '/request-types' },
  contracts: { key: 'contracts', href: '/contracts', module: 'contracts' },
  notifications: { key: 'notifications', href: '/notifications' },
  reports: { key: 'reports', href: '/reports', module: 'reports' },
  socialLinks: { key: 'socialLinks', href: '/social-network' },
  settings: { key: 'settings', href: '/settings' },
  profile: { key: 'profile', href: '/profile' },
  statecharts: { key: 'statecharts', href: '/statecharts' },
} satisfies Record<string, NavEntry>;

const byRole: Record<Exclude<Role, 'guest'>, NavEntry[]> = {
  superadmin: [entry.dashboard, entry.landlords, entry.objectTypes, entry.requestTypes, entry.requests, entry.renters, entry.employees, entry.reports, entry.statecharts, entry.profile],
  landlord: [
    entry.dashboard, entry.objects, entry.requests, entry.tasks, entry.quickTasks, entry.calendar, entry.waitingList, entry.renters, entry.employees,
    entry.contractors, entry.contracts, entry.notifications, entry.reports, entry.socialLinks, entry.settings, entry.statecharts, entry.profile,
  ],
  employee: [
    entry.dashboard, entry.requests, entry.tasks, entry.quickTasks, entry.calendar, entry.waitingList, entry.renters, entry.contractors, entry.contracts,
    entry.notifications, entry.profile,
  ],
  renter: [entry.dashboard, entry.requests, entry.tasks, entry.quickTasks, entry.calendar, entry.contracts, entry.notifications, entry.profile],
};

/**
 * The navigation of a role; the requests entry disappears when the bid-access flag is false (spec §6),
 * and an employee's entries of modules it has no access to (GET /user `access`; null for the landlord).
 */
export function navFor(role: Role, hasBidAccess: boolean, access: Partial<Record<AccessModule, AccessLevel>> | null = null): NavEntry[] {
  if (role === 'guest') return [];
  return byRole[role].filter((e) => (hasBidAccess || !e.needsBidAccess) && !(access && e.module && (access[e.module] ?? 'none') === 'none'));
}
