import { lazyPage } from './lazy-page';
import { isGuarded, NotFoundPage, type RouteEntry, routeTable } from './route-table';

// The guard and the shell come with the first signed-in screen, not with the landing page. Kept apart
// from the route table, which the shell's navigation reads: the table itself imports no frame.
export const GuardedFrame = lazyPage(() => import('./GuardedRoutes'), 'GuardedRoutes');

const patternOf = (r: RouteEntry) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}${r.nest ? '(/.*)?' : ''}$`);
const matchers = routeTable.map((r) => [patternOf(r), r] as const);

/** Fetches the code a path shows (its page, and the guard and shell for a signed-in one). */
export function preloadPath(to: string): Promise<unknown> {
  const path = to.split(/[?#]/)[0] || '/';
  const entry = matchers.find(([re]) => re.test(path))?.[1];
  const guardedPath = entry ? entry.guarded : isGuarded(path);
  return Promise.all([(entry?.page ?? NotFoundPage).preload(), guardedPath && GuardedFrame.preload()]);
}
