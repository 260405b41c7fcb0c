import type { TranslationFunctions } from '#/i18n/i18n-types';
import type { AccessModule } from '#/shared/access-levels';
import type { Role } from '#machines/types';
import { type LazyPage, lazyPage } from './lazy-page';

type Params = Record<string, string | undefined>;
export type NavKey = Exclude<keyof TranslationFunctions['nav'], 'logout'>;
/** Who sees the entry (DESIGN §3's table); `module`: an employee without access to it does not. */
export type NavMeta = { key: NavKey; roles: readonly Role[]; module?: AccessModule; needsBidAccess?: boolean };
export type RouteEntry = {
  path: string;
  // Pages differ in their props; `props` below is checked against each page where the entry is made.
  // biome-ignore lint/suspicious/noExplicitAny: pages differ in their props; `props` is checked against each page where its entry is made.
  page: LazyPage<any>;
  props?: (params: Params) => object;
  /** Behind the guard and inside the shell; everything else is public. */
  guarded: boolean;
  /** Also matches everything below the path (the modules still to come). */
  nest?: boolean;
  nav?: NavMeta;
};

type Options<P> = { props?: (params: Params) => P; nest?: boolean; nav?: NavMeta };
const entry =
  (guarded: boolean) =>
  <P extends object>(path: string, page: LazyPage<P>, options: Options<NoInfer<P>> = {}): RouteEntry => ({
    path,
    page,
    guarded,
    ...options,
  });
export const open = entry(false);
export const guarded = entry(true);
export const id = (p: Params) => ({ id: p.id ?? '' });
export const all = ['superadmin', 'landlord', 'employee', 'renter'] as const;
export const staff = ['landlord', 'employee', 'renter'] as const;

export const Landing = lazyPage(() => import('#/features/landing/LandingPage'), 'LandingPage');
export const Static = (name: 'TermsPage' | 'PrivacyPage' | 'TestPage' | 'NotFoundPage') => lazyPage(() => import('#/features/pages/StaticPage'), name);
export const SetPassword = lazyPage(() => import('#/features/auth/SetPasswordPage'), 'SetPasswordPage');
export const Home = lazyPage(() => import('#/features/home/HomePage'), 'HomePage');
export const TaskCreate = lazyPage(() => import('#/features/tasks/TaskFormPage'), 'TaskCreatePage');
export const TaskEdit = lazyPage(() => import('#/features/tasks/TaskFormPage'), 'TaskEditPage');
export const TaskView = lazyPage(() => import('#/features/tasks/TaskViewPage'), 'TaskViewPage');
const ComingSoon = lazyPage(() => import('./shell/ComingSoonPage'), 'ComingSoonPage');
export const NotFoundPage = Static('NotFoundPage');

/** A module of a later issue: in the navigation already, it says it is coming. */
export const later = (path: string, nav: NavMeta) => guarded(path, ComingSoon, { props: () => ({ section: nav.key }), nest: true, nav });
