import { allows, type Viewer } from '#/shared/permissions';
import { type RouteEntry, routeTable } from './route-table';

const patternOf = (r: RouteEntry) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`);
// In the table's order, as the router matches: fixed paths come before `:id` ones.
const matchers = routeTable.map((r) => [patternOf(r), r] as const);

/** The route table's entry a path (or a link with a query) leads to; none for an unknown path. */
export function entryOf(to: string): RouteEntry | undefined {
  const path = to.split(/[?#]/)[0] || '/';
  return matchers.find(([re]) => re.test(path))?.[1];
}

/** Whether the viewer may open the path: its route's rule, or nothing to check (public pages, 404). */
export function mayOpen(viewer: Viewer, to: string): boolean {
  const rule = entryOf(to)?.access;
  return !rule || allows(viewer, rule);
}
