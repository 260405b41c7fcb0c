import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise, waitFor } from 'xstate';
import { type SessionActor, sessionActor, useSessionRole } from '#/state/session';
import { guardMachine } from '#machines/guard';
import type { Role } from '#machines/types';
import { readToken } from '../api/token';
import { PageLoading } from './PageLoading';

/**
 * Guarded routes (spec §2): the guard machine obtains the user first, a guest goes to /auth and a
 * role the route does not allow goes to /home. It re-checks when the session ends (logout, 401).
 */
export function Guarded({ requiredRoles = [], children }: { requiredRoles?: Role[][]; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const role = useSessionRole();
  const logic = useMemo(
    () =>
      guardMachine.provide({
        actors: { ensureUser: fromPromise(() => ensureUser(sessionActor)) },
        actions: {
          redirect: (_, { to }) => navigate(to, { replace: true }),
          'log error': (_, { message, error }) => console.error(message, error),
        },
      }),
    [navigate],
  );
  const [state, send] = useMachine(logic);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the guard checks again on each new location and sign-in or out; requiredRoles is a literal of the route table.
  useEffect(() => {
    send({ type: 'guard.check', kind: 'guarded', requiredRoles });
  }, [location, role === 'guest', send]);
  if (!state.matches('allowed')) return <PageLoading />;
  return <>{children}</>;
}

/** The session's user; loads it when a token is stored, null for a guest. */
async function ensureUser(session: SessionActor) {
  if (session.getSnapshot().matches('guest')) {
    if (!readToken()) return null;
    session.send({ type: 'session.load' });
  }
  const settled = await waitFor(session, (s) => !s.hasTag('busy'));
  return settled.matches('authenticated') ? settled.context.user : null;
}
