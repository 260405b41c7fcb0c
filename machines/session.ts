import { assign, fromPromise, setup } from 'xstate';
import type { Role, SessionUser } from './types';

/**
 * The signed-in user, and whether an employee has bid access (the requests module).
 *
 * guest -> loading -> authenticated, or -> checkingBidAccess -> authenticated for an employee.
 * `session.expired` (a 401 anywhere) clears the stored token and returns to guest;
 * `session.reset` returns to guest without touching storage.
 */
export type SessionContext = {
  user: SessionUser | null;
  role: Role;
  /** Bid access: only employees are checked; everybody else, and a failed check, keeps access. */
  hasBidAccess: boolean;
};

export type SessionEvent = { type: 'session.load' } | { type: 'session.expired' } | { type: 'session.logout' } | { type: 'session.reset' };

export type SessionErrorReport = { message: string; error: unknown };

export const initialSessionContext: SessionContext = { user: null, role: 'guest', hasBidAccess: true };

function notProvided(name: string): never {
  throw new Error(`sessionMachine: actor "${name}" not provided`);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** GET /user */
    loadUser: fromPromise<SessionUser>(async () => notProvided('loadUser')),
    /** GET /type-request/check-bid-access -> has_access */
    checkBidAccess: fromPromise<boolean>(async () => notProvided('checkBidAccess')),
    /** Ends the session on the server; its outcome does not matter to the client. */
    logout: fromPromise<void>(async () => notProvided('logout')),
  },
  actions: {
    'assign user to context': assign((_, params: { user: SessionUser }) => ({
      user: params.user,
      role: params.user.role,
    })),
    'assign bid access': assign((_, params: { hasAccess: boolean }) => ({ hasBidAccess: params.hasAccess })),
    'grant bid access': assign({ hasBidAccess: true }),
    'reset session': assign(() => ({ ...initialSessionContext })),
    // Effects the view supplies with .provide(): no-ops here so the machine stays pure.
    'clear stored token': () => {},
    'log error': (_, _params: SessionErrorReport) => {},
  },
  guards: {
    'user is an employee': (_, params: { user: SessionUser }) => params.user.role === 'employee',
  },
}).createMachine({
  id: 'session',
  context: initialSessionContext,
  initial: 'guest',
  on: {
    'session.expired': { target: '.guest', actions: ['clear stored token', 'reset session'] },
    'session.reset': { target: '.guest', actions: 'reset session' },
  },
  states: {
    guest: {
      on: { 'session.load': { target: 'loading' } },
    },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'user is an employee', params: ({ event }) => ({ user: event.output }) },
            target: 'checkingBidAccess',
            actions: { type: 'assign user to context', params: ({ event }) => ({ user: event.output }) },
          },
          {
            target: 'authenticated',
            // Only employees are checked; a landlord loaded after an employee must not keep the
            // employee's "no access" (found by the path tests).
            actions: [{ type: 'assign user to context', params: ({ event }) => ({ user: event.output }) }, 'grant bid access'],
          },
        ],
        onError: {
          target: 'guest',
          actions: [
            {
              type: 'log error',
              params: ({ event }) => ({ message: 'Failed to load the current user', error: event.error }),
            },
            'reset session',
          ],
        },
      },
    },
    checkingBidAccess: {
      tags: 'busy',
      invoke: {
        id: 'checkBidAccess',
        src: 'checkBidAccess',
        onDone: {
          target: 'authenticated',
          actions: { type: 'assign bid access', params: ({ event }) => ({ hasAccess: event.output }) },
        },
        onError: {
          target: 'authenticated',
          actions: [
            {
              type: 'log error',
              params: ({ event }) => ({ message: 'Failed to check access to requests', error: event.error }),
            },
            'grant bid access',
          ],
        },
      },
    },
    authenticated: {
      tags: 'ready',
      on: {
        'session.load': { target: 'loading' },
        'session.logout': { target: 'loggingOut' },
      },
    },
    loggingOut: {
      tags: 'busy',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'guest', actions: ['clear stored token', 'reset session'] },
        onError: { target: 'guest', actions: ['clear stored token', 'reset session'] },
      },
    },
  },
});
