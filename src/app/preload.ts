import { entryOf } from './access';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './route-table';

// The guard and the shell come with the first signed-in screen, not with the landing page. Kept apart
// from the route table, which the shell's navigation reads: the table itself imports no frame.
export const GuardedFrame = lazyPage(() => import('./GuardedRoutes'), 'GuardedRoutes');

/** Fetches the code a path shows (its page, and the guard and shell for a signed-in one). */
export function preloadPath(to: string): Promise<unknown> {
  const entry = entryOf(to);
  return Promise.all([(entry?.page ?? NotFoundPage).preload(), entry?.guarded && GuardedFrame.preload()]);
}
