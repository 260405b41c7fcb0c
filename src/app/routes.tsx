import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoading } from './PageLoading';
import { GuardedFrame } from './preload';
import { routeOf } from './route-of';
import { isGuarded, NotFoundPage, routeTable } from './route-table';

/** Spec §2's route table: public and auth screens, then the guarded ones, then 404. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {routeTable.filter((r) => !r.guarded).map(routeOf)}
        <Route>{isGuarded(location) ? <GuardedFrame /> : <NotFoundPage />}</Route>
      </Switch>
    </Suspense>
  );
}
