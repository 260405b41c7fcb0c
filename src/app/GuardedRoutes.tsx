import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { type RouteFacts, RouteFactsProvider } from '#/state/route-access';
import { entryOf } from './access';
import { Guarded } from './Guarded';
import { PageLoading } from './PageLoading';
import { routeOf } from './route-of';
import { NotFoundPage, routeTable } from './route-table';
import { Shell } from './shell/Shell';

const factsOf = (to: string): RouteFacts => entryOf(to);

/**
 * Every signed-in screen: behind the guard, inside the shell, which stays while a page loads. The
 * pages learn from the route table who may open the screens their buttons lead to.
 */
export function GuardedRoutes() {
  return (
    <RouteFactsProvider value={factsOf}>
      <Guarded>
        <Shell>
          <Suspense fallback={<PageLoading />}>
            <Switch>
              {routeTable.filter((r) => r.guarded).map(routeOf)}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </Shell>
      </Guarded>
    </RouteFactsProvider>
  );
}
