import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { fromPromise, waitFor } from 'xstate';
import { allows, type Rule } from '#/shared/permissions';
import { type SessionActor, sessionActor, useSessionRole, viewerOf } from '#/state/session';
import { guardMachine } from '#machines/guard';
import { readToken } from '../api/token';
import { entryOf } from './access';
import { PageLoading } from './PageLoading';

/**
 * Guarded routes: the guard machine obtains the user first, a guest goes to /auth and a
 * user the route's rule does not allow (its roles, and an employee's level in its module) goes to
 * /home. It re-checks on each navigation and when the session ends (logout, 401).
 */
export function Guarded({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const role = useSessionRole();
  // The machine checks roles; the employee's level is the rule's, read where the view supplies the guard.
  const rule = useRef<Rule | undefined>(undefined);
  rule.current = entryOf(location)?.access;
  const logic = useMemo(
    () =>
      guardMachine.provide({
        actors: { ensureUser: fromPromise(() => ensureUser(sessionActor)) },
        actions: {
          redirect: (_, { to }) => navigate(to, { replace: true }),
          'log error': (_, { message, error }) => console.error(message, error),
        },
        guards: {
          'role is not allowed': (_, { user }) => Boolean(user && rule.current) && !allows(viewerOf(sessionActor.getSnapshot()), rule.current as Rule),
        },
      }),
    [navigate],
  );
  const [state, send] = useMachine(logic);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the guard checks again on each new location and sign-in or out.
  useEffect(() => {
    send({ type: 'guard.check', kind: 'guarded', requiredRoles: rule.current ? [[...rule.current.roles]] : [] });
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
