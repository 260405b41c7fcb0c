import type { AccessLevel, AccessModule } from '#/shared/access-levels';
import type { Role } from '#machines/types';
import { type NavMeta, routeTable } from '../route-table';

export type NavEntry = NavMeta & { href: string };

// Spec §2 names the entries; which role sees which is kept with each route of the table.
const entries: NavEntry[] = routeTable.flatMap((r) => (r.nav ? [{ ...r.nav, href: r.path }] : []));

/**
 * The navigation of a role; the requests entry disappears when the bid-access flag is false (spec §6),
 * and an employee's entries of modules it has no access to (GET /user `access`; null for the landlord).
 */
export function navFor(role: Role, hasBidAccess: boolean, access: Partial<Record<AccessModule, AccessLevel>> | null = null): NavEntry[] {
  if (role === 'guest') return [];
  return entries.filter(
    (e) => e.roles.includes(role) && (hasBidAccess || !e.needsBidAccess) && !(access && e.module && (access[e.module] ?? 'none') === 'none'),
  );
}
