import { assign, fromPromise, setup } from 'xstate';
import type { Role, SessionUser } from './types';

/**
 * The route guard, one check per navigation.
 *
 * `guard.check` with `kind: 'public'` (404, landing, auth and other public pages) passes at once.
 * A guarded route first obtains the user through the `ensureUser` actor (the view supplies it: it
 * returns the session's user, loading it when the session has none yet, or null for a guest), then
 * a guest goes to /auth and a user whose role is not allowed by every matched route goes to /home.
 * Navigation itself is the `redirect` action the view supplies, so the machine stays pure.
 */
export type RouteKind = 'public' | 'guarded';

export type GuardCheckEvent = {
  type: 'guard.check';
  kind: RouteKind;
  /** One entry per matched route that declares roles; the user must be allowed by all of them. */
  requiredRoles?: Role[][];
};

export type GuardEvent = GuardCheckEvent;

export type GuardContext = {
  kind: RouteKind | null;
  requiredRoles: Role[][];
  /** The user the last guarded check saw; null for a guest or before any guarded check. */
  user: SessionUser | null;
};

export type RedirectParams = { to: '/auth' | '/home' };

export const loginPath = '/auth';
export const homePath = '/home';

export function isRoleAllowed(role: Role, requiredRoles: readonly (readonly Role[])[]): boolean {
  return requiredRoles.every((roles) => roles.includes(role));
}

// Every state answers a new navigation the same way; `reenter` restarts `ensureUser` when a check
// arrives while the previous one is still loading, so a stale answer is dropped with its actor.
const onCheck = [
  {
    guard: { type: 'route is public' as const, params: ({ event }: { event: GuardCheckEvent }) => ({ kind: event.kind }) },
    target: 'allowed',
    reenter: true,
    actions: { type: 'assign route' as const, params: ({ event }: { event: GuardCheckEvent }) => event },
  },
  {
    target: 'loadingUser',
    reenter: true,
    actions: { type: 'assign route' as const, params: ({ event }: { event: GuardCheckEvent }) => event },
  },
];

export const guardMachine = setup({
  types: {
    context: {} as GuardContext,
    events: {} as GuardEvent,
  },
  actors: {
    /** The session's user, loading it first when needed; null for a guest. */
    ensureUser: fromPromise<SessionUser | null>(async () => {
      throw new Error('guardMachine: actor "ensureUser" not provided');
    }),
  },
  actions: {
    'assign route': assign((_, params: GuardCheckEvent) => ({
      kind: params.kind,
      requiredRoles: params.requiredRoles ?? [],
    })),
    'assign user': assign((_, params: { user: SessionUser | null }) => ({ user: params.user })),
    // Effects the view supplies with .provide().
    redirect: (_, _params: RedirectParams) => {},
    'log error': (_, _params: { message: string; error: unknown }) => {},
  },
  guards: {
    'route is public': (_, params: { kind: RouteKind }) => params.kind === 'public',
    'user is a guest': (_, params: { user: SessionUser | null }) => params.user === null,
    'role is not allowed': (_, params: { user: SessionUser | null; requiredRoles: Role[][] }) =>
      !isRoleAllowed(params.user?.role ?? 'guest', params.requiredRoles),
  },
}).createMachine({
  id: 'guard',
  context: { kind: null, requiredRoles: [], user: null },
  initial: 'idle',
  states: {
    idle: { on: { 'guard.check': onCheck } },
    loadingUser: {
      tags: 'busy',
      on: { 'guard.check': onCheck },
      invoke: {
        id: 'ensureUser',
        src: 'ensureUser',
        onDone: [
          {
            guard: { type: 'user is a guest', params: ({ event }) => ({ user: event.output }) },
            target: 'redirectToLogin',
            actions: { type: 'assign user', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: {
              type: 'role is not allowed',
              params: ({ context, event }) => ({ user: event.output, requiredRoles: context.requiredRoles }),
            },
            target: 'redirectToHome',
            actions: { type: 'assign user', params: ({ event }) => ({ user: event.output }) },
          },
          {
            target: 'allowed',
            actions: { type: 'assign user', params: ({ event }) => ({ user: event.output }) },
          },
        ],
        // The session already logs a failed load; without a user the route is a guest's.
        onError: {
          target: 'redirectToLogin',
          actions: [
            { type: 'log error', params: ({ event }) => ({ message: 'Failed to obtain the user', error: event.error }) },
            { type: 'assign user', params: { user: null } },
          ],
        },
      },
    },
    allowed: { tags: 'ready', on: { 'guard.check': onCheck } },
    redirectToLogin: {
      entry: { type: 'redirect', params: { to: loginPath } },
      on: { 'guard.check': onCheck },
    },
    redirectToHome: {
      entry: { type: 'redirect', params: { to: homePath } },
      on: { 'guard.check': onCheck },
    },
  },
});
