import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { entryOf } from './access';
import { PageLoading } from './PageLoading';
import { GuardedFrame } from './preload';
import { routeOf } from './route-of';
import { NotFoundPage, routeTable } from './route-table';

/** The route table: public and auth screens, then the guarded ones, then 404. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {routeTable.filter((r) => !r.guarded).map(routeOf)}
        {/* An unknown path is the 404 page for everyone, a guest too: the guard never stops the 404 route. */}
        <Route>{entryOf(location)?.guarded ? <GuardedFrame /> : <NotFoundPage />}</Route>
      </Switch>
    </Suspense>
  );
}
