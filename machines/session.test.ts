import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { coverMachine, type EventSample, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { initialSessionContext, sessionMachine } from './session';
import type { SessionUser } from './types';

const landlord: SessionUser = {
  id: 'u1',
  username: 'owner',
  email: null,
  full_name: 'Owner',
  role: 'landlord',
  landlord_id: 'l1',
  avatar_url: null,
};
const employee: SessionUser = { ...landlord, id: 'u2', username: 'clerk', role: 'employee', landlord_id: 'l1' };

type Fakes = {
  user?: SessionUser | Error;
  bidAccess?: boolean | Error;
};

function startSession(fakes: Fakes) {
  const clearStoredToken = vi.fn();
  const logError = vi.fn();
  const settle = <T>(value: T | Error | undefined) => (value instanceof Error ? Promise.reject(value) : Promise.resolve(value as T));
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadUser: fromPromise(() => settle<SessionUser>(fakes.user)),
        checkBidAccess: fromPromise(() => settle<boolean>(fakes.bidAccess)),
        logout: fromPromise(async () => {}),
      },
      actions: {
        'clear stored token': clearStoredToken,
        'log error': (_, params) => logError(params.message),
      },
    }),
  ).start();
  return { actor, clearStoredToken, logError };
}

describe('session machine', () => {
  it('starts as a guest with bid access', () => {
    const { actor } = startSession({});
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context).toEqual(initialSessionContext);
  });

  it('loads a landlord without checking bid access', async () => {
    const { actor } = startSession({ user: landlord, bidAccess: new Error('must not be called') });
    actor.send({ type: 'session.load' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(done.value).toBe('authenticated');
    expect(done.context).toEqual({ user: landlord, role: 'landlord', hasBidAccess: true });
  });

  it('checks bid access for an employee', async () => {
    const { actor } = startSession({ user: employee, bidAccess: false });
    actor.send({ type: 'session.load' });
    const done = await waitFor(actor, (s) => s.matches('authenticated'));
    expect(done.context).toMatchObject({ role: 'employee', hasBidAccess: false });
  });

  it('grants access and logs when the employee bid check fails', async () => {
    const { actor, logError } = startSession({ user: employee, bidAccess: new Error('500') });
    actor.send({ type: 'session.load' });
    const done = await waitFor(actor, (s) => s.matches('authenticated'));
    expect(done.context.hasBidAccess).toBe(true);
    expect(logError).toHaveBeenCalledExactlyOnceWith('Failed to check access to requests');
  });

  it('a landlord loaded after an employee without access gets access back', async () => {
    const fakes: Fakes = { user: employee, bidAccess: false };
    const { actor } = startSession(fakes);
    actor.send({ type: 'session.load' });
    await waitFor(actor, (s) => s.matches('authenticated'));
    fakes.user = landlord;
    actor.send({ type: 'session.load' });
    const done = await waitFor(actor, (s) => s.matches('authenticated') && s.context.role === 'landlord');
    expect(done.context.hasBidAccess).toBe(true);
  });

  it('only logs a failed user load and stays a guest', async () => {
    const { actor, logError, clearStoredToken } = startSession({ user: new Error('network') });
    actor.send({ type: 'session.load' });
    const done = await waitFor(actor, (s) => s.matches('guest'));
    expect(done.context).toEqual(initialSessionContext);
    expect(logError).toHaveBeenCalledExactlyOnceWith('Failed to load the current user');
    expect(clearStoredToken).not.toHaveBeenCalled();
  });

  it('on a 401 clears the stored token, returns to guest and restores bid access', async () => {
    const { actor, clearStoredToken } = startSession({ user: employee, bidAccess: false });
    actor.send({ type: 'session.load' });
    await waitFor(actor, (s) => s.matches('authenticated'));
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context).toEqual({ user: null, role: 'guest', hasBidAccess: true });
    expect(clearStoredToken).toHaveBeenCalledOnce();
  });

  it('a 401 while loading drops the pending load', async () => {
    const { actor } = startSession({ user: landlord });
    actor.send({ type: 'session.load' });
    actor.send({ type: 'session.expired' });
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('reset returns to guest without touching storage', async () => {
    const { actor, clearStoredToken } = startSession({ user: employee, bidAccess: false });
    actor.send({ type: 'session.load' });
    await waitFor(actor, (s) => s.matches('authenticated'));
    actor.send({ type: 'session.reset' });
    expect(actor.getSnapshot().context).toEqual({ user: null, role: 'guest', hasBidAccess: true });
    expect(clearStoredToken).not.toHaveBeenCalled();
  });

  it('logout ends the session and clears the token', async () => {
    const { actor, clearStoredToken } = startSession({ user: landlord });
    actor.send({ type: 'session.load' });
    await waitFor(actor, (s) => s.matches('authenticated'));
    actor.send({ type: 'session.logout' });
    const done = await waitFor(actor, (s) => s.matches('guest'));
    expect(done.context).toEqual(initialSessionContext);
    expect(clearStoredToken).toHaveBeenCalledOnce();
  });
});

describe('session machine paths', () => {
  // Async actors never settle here: the path's injected done/error events drive the machine.
  const pending = <T>() => fromPromise<T>(() => new Promise<T>(() => {}));
  const events: EventSample[] = [
    { type: 'xstate.done.actor.loadUser', output: landlord },
    { type: 'xstate.done.actor.loadUser', output: employee },
    { type: 'xstate.error.actor.loadUser', error: new Error('network') },
    { type: 'xstate.done.actor.checkBidAccess', output: false },
    { type: 'xstate.error.actor.checkBidAccess', error: new Error('500') },
    { type: 'xstate.done.actor.logout', output: undefined },
    { type: 'xstate.error.actor.logout', error: new Error('offline') },
  ];
  const result = coverMachine('session', sessionMachine, {
    events,
    // What the view cares about; the user object itself would multiply equivalent snapshots.
    serializeState: (s) => JSON.stringify([s.value, s.context.role, s.context.hasBidAccess]),
  });

  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });

  it.each(result.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    const clearStoredToken = vi.fn();
    const actor = runPath(
      sessionMachine.provide({
        actors: { loadUser: pending<SessionUser>(), checkBidAccess: pending<boolean>(), logout: pending<void>() },
        actions: { 'clear stored token': clearStoredToken },
      }),
      path,
    );
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    const last = path.events.at(-1)?.type;
    if (snapshot.matches('guest')) expect(snapshot.context).toEqual(initialSessionContext);
    if (snapshot.matches('authenticated')) {
      expect(snapshot.context.user).not.toBeNull();
      expect(snapshot.context.role).toBe(snapshot.context.user?.role);
      if (snapshot.context.role !== 'employee') expect(snapshot.context.hasBidAccess).toBe(true);
    }
    if (snapshot.matches('checkingBidAccess')) expect(snapshot.context.role).toBe('employee');
    expect(snapshot.hasTag('busy')).toBe((['loading', 'checkingBidAccess', 'loggingOut'] as const).some((v) => snapshot.matches(v)));
    // The token is cleared exactly when the session ends: a 401 or a logout.
    const endings = path.events.filter(
      (e) => e.type === 'session.expired' || e.type === 'xstate.done.actor.logout' || e.type === 'xstate.error.actor.logout',
    ).length;
    expect(clearStoredToken).toHaveBeenCalledTimes(endings);
    if (last === 'session.expired') expect(clearStoredToken).toHaveBeenCalled();
  });
});
