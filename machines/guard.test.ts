import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { coverMachine, type EventSample, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { guardMachine, isRoleAllowed, type RedirectParams } from './guard';
import type { SessionUser } from './types';

const renter: SessionUser = {
  id: 'u1',
  username: 'tenant',
  email: null,
  full_name: 'Tenant',
  role: 'renter',
  landlord_id: null,
  avatar_url: null,
};
const landlord: SessionUser = { ...renter, id: 'u2', role: 'landlord' };

function startGuard(ensureUser: () => Promise<SessionUser | null>) {
  const redirect = vi.fn();
  const logError = vi.fn();
  const actor = createActor(
    guardMachine.provide({
      actors: { ensureUser: fromPromise(ensureUser) },
      actions: {
        redirect: (_, params: RedirectParams) => redirect(params.to),
        'log error': (_, params) => logError(params.message),
      },
    }),
  ).start();
  return { actor, redirect, logError };
}

describe('guard machine', () => {
  it('passes public routes (404, landing) without asking for the user', () => {
    const ensureUser = vi.fn(async () => null);
    const { actor, redirect } = startGuard(ensureUser);
    actor.send({ type: 'guard.check', kind: 'public' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(ensureUser).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('sends a guest on a guarded route to /auth', async () => {
    const { actor, redirect } = startGuard(async () => null);
    actor.send({ type: 'guard.check', kind: 'guarded' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('redirectToLogin'));
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/auth');
  });

  it('lets a signed-in user through a guarded route without declared roles', async () => {
    const { actor, redirect } = startGuard(async () => renter);
    actor.send({ type: 'guard.check', kind: 'guarded' });
    const done = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(done.value).toBe('allowed');
    expect(done.context.user).toEqual(renter);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('sends a user whose role is not allowed by every matched route to /home', async () => {
    const { actor, redirect } = startGuard(async () => renter);
    actor.send({ type: 'guard.check', kind: 'guarded', requiredRoles: [['renter', 'landlord'], ['landlord']] });
    await waitFor(actor, (s) => s.matches('redirectToHome'));
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/home');
  });

  it('allows a user allowed by all matched routes', async () => {
    const { actor } = startGuard(async () => landlord);
    actor.send({ type: 'guard.check', kind: 'guarded', requiredRoles: [['renter', 'landlord'], ['landlord']] });
    expect((await waitFor(actor, (s) => !s.hasTag('busy'))).value).toBe('allowed');
  });

  it('treats a failed user lookup as a guest and logs it', async () => {
    const { actor, redirect, logError } = startGuard(async () => {
      throw new Error('network');
    });
    actor.send({ type: 'guard.check', kind: 'guarded' });
    await waitFor(actor, (s) => s.matches('redirectToLogin'));
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/auth');
    expect(logError).toHaveBeenCalledOnce();
  });

  it('a new navigation while loading drops the stale answer', async () => {
    let answer: (user: SessionUser | null) => void = () => {};
    const { actor, redirect } = startGuard(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'guard.check', kind: 'guarded' });
    const first = answer;
    actor.send({ type: 'guard.check', kind: 'guarded' });
    first(null); // the stopped lookup: must not redirect
    answer(renter);
    expect((await waitFor(actor, (s) => !s.hasTag('busy'))).value).toBe('allowed');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('checks roles against every declaration', () => {
    expect(isRoleAllowed('renter', [])).toBe(true);
    expect(isRoleAllowed('renter', [['renter'], ['renter', 'landlord']])).toBe(true);
    expect(isRoleAllowed('renter', [['renter'], ['landlord']])).toBe(false);
    expect(isRoleAllowed('guest', [['renter']])).toBe(false);
  });
});

describe('guard machine paths', () => {
  const events: EventSample[] = [
    { type: 'guard.check', kind: 'public' },
    { type: 'guard.check', kind: 'guarded' },
    { type: 'guard.check', kind: 'guarded', requiredRoles: [['landlord']] },
    { type: 'xstate.done.actor.ensureUser', output: null },
    { type: 'xstate.done.actor.ensureUser', output: renter },
    { type: 'xstate.error.actor.ensureUser', error: new Error('network') },
  ];
  const result = coverMachine('guard', guardMachine, {
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.kind, s.context.requiredRoles, s.context.user?.role ?? null]),
  });

  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });

  it.each(result.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    const redirect = vi.fn();
    const actor = runPath(
      guardMachine.provide({
        actors: { ensureUser: fromPromise(() => new Promise<SessionUser | null>(() => {})) },
        actions: { redirect: (_a, params: RedirectParams) => redirect(params.to) },
      }),
      path,
    );
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    const last = path.events.at(-1);
    const check = path.events.filter((e) => e.type === 'guard.check').at(-1);
    if (snapshot.matches('allowed')) {
      // Allowed: a public route, or a user the route's declarations all allow.
      const user = snapshot.context.user;
      const required = (check?.requiredRoles as SessionUser['role'][][] | undefined) ?? [];
      expect(check?.kind === 'public' || (user !== null && isRoleAllowed(user.role, required))).toBe(true);
    }
    if (snapshot.matches('redirectToLogin')) {
      expect(snapshot.context.user).toBeNull();
      expect(redirect).toHaveBeenLastCalledWith('/auth');
    }
    if (snapshot.matches('redirectToHome')) {
      expect(snapshot.context.user).not.toBeNull();
      expect(redirect).toHaveBeenLastCalledWith('/home');
    }
    if (snapshot.matches('loadingUser')) expect(last?.type).toBe('guard.check');
    // Navigation happens only on an answered lookup, never on a public route or while loading.
    const answers = path.events.filter((e) => e.type.startsWith('xstate.') && e.type.endsWith('.ensureUser')).length;
    expect(redirect.mock.calls.length).toBeLessThanOrEqual(answers);
  });
});
