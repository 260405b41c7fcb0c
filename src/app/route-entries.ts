import type { TranslationFunctions } from '#/i18n/i18n-types';
import type { AccessAction, AccessModule } from '#/shared/access-levels';
import type { Rule } from '#/shared/permissions';
import type { Role } from '#machines/types';
import { type LazyPage, lazyPage } from './lazy-page';

type Params = Record<string, string | undefined>;
export type NavKey = Exclude<keyof TranslationFunctions['nav'], 'logout'>;
/** The route's place in the navigation; whoever may open the route sees it. */
/** `only`: roles that see the entry in the menu when fewer than may open the page. */
export type NavMeta = { key: NavKey; only?: readonly Role[] };
export type RouteEntry = {
  path: string;
  // Pages differ in their props; `props` below is checked against each page where the entry is made.
  // biome-ignore lint/suspicious/noExplicitAny: pages differ in their props; `props` is checked against each page where its entry is made.
  page: LazyPage<any>;
  props?: (params: Params) => object;
  /** Behind the guard and inside the shell; everything else is public. */
  guarded: boolean;
  nav?: NavMeta;
  /** Who may open it (a signed-in route always says); the guard sends anyone else to Home. */
  access?: Rule;
};

type Options<P> = { props?: (params: Params) => P; nav?: NavMeta };
export const open = <P extends object>(path: string, page: LazyPage<P>, options: Options<NoInfer<P>> = {}): RouteEntry => ({
  path,
  page,
  guarded: false,
  ...options,
});
export const guarded = <P extends object>(path: string, page: LazyPage<P>, access: Rule, options: Options<NoInfer<P>> = {}): RouteEntry => ({
  path,
  page,
  guarded: true,
  access,
  ...options,
});
export const id = (p: Params) => ({ id: p.id ?? '' });

/**
 * The roles: the superadmin keeps the platform (landlords, catalogues) and is not offered a
 * landlord's everyday screens, whose lists and forms work for one landlord at a time; the landlord's
 * people (`team`, and the renters with them, `staff`) work there.
 */
export const all = ['superadmin', 'landlord', 'employee', 'renter'] as const;
export const staff = ['landlord', 'employee', 'renter'] as const;
export const team = ['landlord', 'employee'] as const;
export const platform = ['superadmin'] as const;
/** The landlord's people; an employee needs `module` at the level `action` asks for (read when absent). */
export const inModule = (module: AccessModule, action: AccessAction = 'read', roles: readonly Role[] = team): Rule => ({ roles, module, action });

export const Landing = lazyPage(() => import('#/features/landing/LandingPage'), 'LandingPage');
export const Static = (name: 'TermsPage' | 'PrivacyPage' | 'TestPage' | 'NotFoundPage') => lazyPage(() => import('#/features/pages/StaticPage'), name);
export const SetPassword = lazyPage(() => import('#/features/auth/SetPasswordPage'), 'SetPasswordPage');
export const Home = lazyPage(() => import('#/features/home/HomePage'), 'HomePage');
export const TaskCreate = lazyPage(() => import('#/features/tasks/TaskFormPage'), 'TaskCreatePage', ['tasks']);
export const TaskEdit = lazyPage(() => import('#/features/tasks/TaskFormPage'), 'TaskEditPage', ['tasks']);
export const TaskView = lazyPage(() => import('#/features/tasks/TaskViewPage'), 'TaskViewPage', ['tasks']);
export const NotFoundPage = Static('NotFoundPage');
