import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { createActor, fromPromise } from 'xstate';
import type { Schemas } from '#/api/client';
import { api, unwrap } from '#/api/client';
import { clearPushToken, readPushToken } from '#/api/push-token';
import { clearToken } from '#/api/token';
import type { AccessAction, AccessModule } from '#/shared/access-levels';
import { allows, type Viewer } from '#/shared/permissions';
import { sessionMachine } from '#machines/session';
import type { SessionUser } from '#machines/types';

// The machine stays pure; here it gets the client and the browser's storage.
export const appSessionMachine = sessionMachine.provide({
  actors: {
    loadUser: fromPromise(async () => (await unwrap(api.GET('/user'))) as SessionUser),
    checkBidAccess: fromPromise(async () => (await unwrap(api.GET('/type-request/check-bid-access'))).has_access),
    logout: fromPromise(async () => {
      // This browser's pushes stop with the session; a failure here must not keep anyone signed in.
      const fcmToken = readPushToken();
      if (fcmToken) await api.DELETE('/set-fcm-token', { body: { fcm_token: fcmToken } }).catch(() => undefined);
      clearPushToken();
      await unwrap(api.POST('/auth/logout'));
    }),
  },
  actions: {
    'clear stored token': () => clearToken(),
    // A failed user load or bid-access check is only logged.
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

type Access = Schemas['User']['access'];
/** An employee without grants: every module is none. One object, so selectors keep returning the same value. */
const noGrants: NonNullable<Access> = {};

/** The session as the permission rules see it (#/shared/permissions): role, an employee's levels, bid access. */
export function viewerOf(s: SessionSnapshot): Viewer {
  const user = s.context.user;
  return {
    role: s.context.role,
    access: user?.role === 'employee' ? ((user.access as Access) ?? noGrants) : null,
    hasBidAccess: s.context.hasBidAccess,
    canNotify: user?.can_notify === true,
  };
}

export function useViewer(): Viewer {
  const role = useSessionRole();
  const access = useSession((s) => (s.context.user?.role === 'employee' ? ((s.context.user.access as Access) ?? noGrants) : null));
  const hasBidAccess = useHasBidAccess();
  const canNotify = useSession((s) => s.context.user?.can_notify === true);
  return useMemo(() => ({ role, access, hasBidAccess, canNotify }), [role, access, hasBidAccess, canNotify]);
}

/** The roles that act in modules: the landlord and the superadmin everything, an employee by its level. */
const moduleRoles = ['superadmin', 'landlord', 'employee'] as const;

/**
 * Whether the viewer may do `action` in `module`, for actions that are not a screen of their own
 * (delete, restore); a screen's own rule is in the route table (`useMayOpen`). A renter's rights are
 * not module levels, so it may not. Without a module (the superadmin's registers) the route's rule
 * already said who is here. Only to offer what the server will allow; the server checks every call.
 */
export const useCan = (module: AccessModule | undefined, action: AccessAction) => {
  const viewer = useViewer();
  return !module || allows(viewer, { roles: moduleRoles, module, action });
};
