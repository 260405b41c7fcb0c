import type { Viewer } from '#/shared/permissions';
import { mayOpen } from '../access';
import { type NavMeta, routeTable } from '../route-table';

export type NavEntry = NavMeta & { href: string };

// Each role has its own entries; the route table keeps them in order, each with its route's rule.
const entries: NavEntry[] = routeTable.flatMap((r) => (r.nav ? [{ ...r.nav, href: r.path }] : []));

/**
 * The navigation of a viewer: the entries whose route it may open, so an employee does not see the
 * modules it has no access to and, without the bid-access flag, the requests module.
 */
export function navFor(viewer: Viewer): NavEntry[] {
  if (viewer.role === 'guest') return [];
  return entries.filter((e) => mayOpen(viewer, e.href) && (!e.only || e.only.includes(viewer.role)));
}
