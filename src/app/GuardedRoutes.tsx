import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Guarded } from './Guarded';
import { PageLoading } from './PageLoading';
import { routeOf } from './route-of';
import { NotFoundPage, routeTable } from './route-table';
import { Shell } from './shell/Shell';

/** Every signed-in screen: behind the guard, inside the shell, which stays while a page loads. */
export function GuardedRoutes() {
  return (
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
  );
}
