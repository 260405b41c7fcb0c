import { Route } from 'wouter';
import type { RouteEntry } from './route-table';

/** One route of the table: its page, given the props it takes from the URL. */
export function routeOf(entry: RouteEntry) {
  const Page = entry.page;
  return (
    <Route key={entry.path} path={entry.path}>
      {(params) => <Page {...entry.props?.(params)} />}
    </Route>
  );
}
