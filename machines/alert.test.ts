import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { coverMachine, type EventSample, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { alertItemMachine, alertsMachine, defaultAlertDuration } from './alert';

describe('alerts machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds an info alert with the default 5 s duration and a counter id', () => {
    const actor = createActor(alertsMachine).start();
    actor.send({ type: 'alert.add', message: 'Сохранено' });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.alerts).toEqual([{ id: 'alert-1', message: 'Сохранено', type: 'info', duration: defaultAlertDuration }]);
    expect(defaultAlertDuration).toBe(5);
  });

  it('keeps where a notification toast leads', () => {
    const actor = createActor(alertsMachine).start();
    actor.send({ type: 'alert.add', message: 'Заявка №7: статус «В работе»', href: '/requests-journal/view/1' });
    expect(actor.getSnapshot().context.alerts[0]).toMatchObject({ href: '/requests-journal/view/1', type: 'info' });
  });

  it('removes a non-error alert after its duration', () => {
    const actor = createActor(alertsMachine).start();
    actor.send({ type: 'alert.add', message: 'ok', alertType: 'success' });
    vi.advanceTimersByTime(4_999);
    expect(actor.getSnapshot().context.alerts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.alerts).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().children).toEqual({});
  });

  it('honours a custom duration per alert', () => {
    const actor = createActor(alertsMachine).start();
    actor.send({ type: 'alert.add', message: 'short', alertType: 'warning', duration: 1 });
    actor.send({ type: 'alert.add', message: 'long', duration: 10 });
    vi.advanceTimersByTime(1_000);
    expect(actor.getSnapshot().context.alerts.map((a) => a.message)).toEqual(['long']);
    vi.advanceTimersByTime(9_000);
    expect(actor.getSnapshot().context.alerts).toEqual([]);
  });

  it('keeps an error alert until it is dismissed', () => {
    const actor = createActor(alertsMachine).start();
    actor.send({ type: 'alert.add', message: 'failed', alertType: 'error' });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().context.alerts.map((a) => a.id)).toEqual(['alert-1']);
    actor.send({ type: 'alert.dismiss', id: 'alert-1' });
    expect(actor.getSnapshot().context.alerts).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('dismisses one alert early and leaves the others', () => {
    const actor = createActor(alertsMachine).start();
    actor.send({ type: 'alert.add', message: 'a' });
    actor.send({ type: 'alert.add', message: 'b' });
    actor.send({ type: 'alert.dismiss', id: 'alert-1' });
    expect(actor.getSnapshot().context.alerts.map((a) => a.id)).toEqual(['alert-2']);
    expect(actor.getSnapshot().value).toBe('showing');
    // Dismissing one that is gone (a double click) is ignored, not an error.
    actor.send({ type: 'alert.dismiss', id: 'alert-1' });
    expect(actor.getSnapshot().status).toBe('active');
    vi.advanceTimersByTime(5_000);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('keeps ids unique after removals', () => {
    const actor = createActor(alertsMachine).start();
    actor.send({ type: 'alert.add', message: 'a' });
    vi.advanceTimersByTime(5_000);
    actor.send({ type: 'alert.add', message: 'b' });
    expect(actor.getSnapshot().context.alerts.map((a) => a.id)).toEqual(['alert-2']);
  });
});

describe('alert item machine', () => {
  it('is removed after its duration unless it is an error', () => {
    vi.useFakeTimers();
    try {
      const info = createActor(alertItemMachine, { input: { id: 'a', type: 'info', duration: 2 } }).start();
      const error = createActor(alertItemMachine, { input: { id: 'b', type: 'error', duration: 2 } }).start();
      vi.advanceTimersByTime(2_000);
      expect(info.getSnapshot().value).toBe('removed');
      expect(info.getSnapshot().output).toEqual({ id: 'a' });
      expect(error.getSnapshot().value).toBe('shown');
      error.send({ type: 'alert.dismiss' });
      expect(error.getSnapshot().status).toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('alert machines paths', () => {
  const item = coverMachine('alertItem', alertItemMachine, { input: { id: 'alert-1', type: 'info', duration: 5 } });

  // The list grows without bound; two alerts are enough to reach "last one" and "one of several".
  const events: EventSample[] = [
    { type: 'alert.add', message: 'saved' },
    { type: 'alert.add', message: 'failed', alertType: 'error' },
    { type: 'alert.dismiss', id: 'alert-1' },
    { type: 'xstate.done.actor.alert-1', output: { id: 'alert-1' } },
    { type: 'xstate.done.actor.alert-2', output: { id: 'alert-2' } },
  ];
  const list = coverMachine('alerts', alertsMachine, {
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.alerts.map((a: { id: string }) => a.id)]),
    stopWhen: (s) => s.context.alerts.length >= 2 || s.context.nextId > 3,
  });

  it('covers every state and transition', () => {
    reportCoverage(item, list);
    expectFullCoverage(item);
    expectFullCoverage(list);
  });

  it.each(item.paths.map((path) => [path.description, path] as const))('item: %s', (_, path) => {
    const actor = runPath(alertItemMachine, path, { id: 'alert-1', type: 'info', duration: 5 });
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ id: 'alert-1' });
  });

  it.each(list.paths.map((path) => [path.description, path] as const))('list: %s', (_, path) => {
    vi.useFakeTimers(); // no real 5 s timers left behind by the spawned items
    try {
      const actor = runPath(alertsMachine, path);
      const snapshot = actor.getSnapshot();
      // The pure traversal only forwards `alert.dismiss` to the item; the real item then finishes
      // and the list drops it, so a dismissed alert must be gone here even where the model still lists it.
      const dismissed = path.events.filter((e) => e.type === 'alert.dismiss').map((e) => e.id);
      for (const id of dismissed) expect(snapshot.context.alerts.map((a) => a.id)).not.toContain(id);
      if (dismissed.length === 0) expect(snapshot.value).toEqual(path.state.value);
      const added = path.events.filter((e) => e.type === 'alert.add').length;
      // Ids come from the counter; every alert added and not yet removed is listed once.
      expect(snapshot.context.nextId).toBe(added + 1);
      expect(snapshot.matches('empty')).toBe(snapshot.context.alerts.length === 0);
      expect(Object.keys(snapshot.children).sort()).toEqual(snapshot.context.alerts.map((a) => a.id).sort());
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
