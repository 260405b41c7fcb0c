import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoading } from './PageLoading';
import { routeOf } from './route-of';
import { isGuarded, NotFoundPage, routeTable } from './route-table';

// The guard and the shell come with the first signed-in screen, not with the landing page.
const GuardedRoutes = lazy(async () => ({ default: (await import('./GuardedRoutes')).GuardedRoutes }));

/** Spec §2's route table: public and auth screens, then the guarded ones, then 404. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {routeTable.filter((r) => !r.guarded).map(routeOf)}
        <Route>{isGuarded(location) ? <GuardedRoutes /> : <NotFoundPage />}</Route>
      </Switch>
    </Suspense>
  );
}
