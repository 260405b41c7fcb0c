import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import type { Schemas } from '#/api/client';
import { api, unwrap } from '#/api/client';
import { clearToken } from '#/api/token';
import { type AccessAction, type AccessModule, levelAllows } from '#/shared/access-levels';
import { sessionMachine } from '#machines/session';
import type { SessionUser } from '#machines/types';

// The machine stays pure; here it gets the client and the browser's storage.
export const appSessionMachine = sessionMachine.provide({
  actors: {
    loadUser: fromPromise(async () => (await unwrap(api.GET('/user'))) as SessionUser),
    checkBidAccess: fromPromise(async () => (await unwrap(api.GET('/type-request/check-bid-access'))).has_access),
    logout: fromPromise(async () => {
      await unwrap(api.POST('/auth/logout'));
    }),
  },
  actions: {
    'clear stored token': () => clearToken(),
    // Spec §8: a failed user load or bid-access check is only logged.
    'log error': (_, params) => console.error(params.message, params.error),
  },
});

/**
 * One session per tab, started before React renders (main.tsx), so a guard that runs in the first
 * commit already sees it loading; a provider's actor would only start after its children's effects.
 */
export const sessionActor = createActor(appSessionMachine);
export type SessionActor = typeof sessionActor;
type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

export const useSession = <T>(selector: (s: SessionSnapshot) => T) => useSelector(sessionActor, selector);
export const useSessionUser = () => useSession((s) => s.context.user);
export const useSessionRole = () => useSession((s) => s.context.role);
export const useHasBidAccess = () => useSession((s) => s.context.hasBidAccess);

/**
 * Whether the signed-in staff member may do `action` in `module` (GET /user `access`): the landlord and the
 * superadmin everything, an employee what its levels allow, a renter nothing (its own rights are not
 * module levels). Only to offer what the server will allow; the server checks every call regardless.
 * Without a module (the superadmin's registers) nothing beyond the route's role is needed.
 */
export const useCan = (module: AccessModule | undefined, action: AccessAction) =>
  useSession((s) => {
    const user = s.context.user;
    if (!module) return true;
    if (!user || user.role === 'renter') return false;
    const access = user.access as Schemas['User']['access'];
    return !access || levelAllows(access[module] ?? 'none', action);
  });
