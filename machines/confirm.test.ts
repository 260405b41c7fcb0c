import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { confirmDefaults, confirmMachine } from './confirm';

function startConfirm() {
  const resolve = vi.fn();
  const actor = createActor(confirmMachine.provide({ actions: { resolve: (_, params: { result: boolean }) => resolve(params.result) } })).start();
  return { actor, resolve };
}

describe('confirm machine', () => {
  it('keeps the default texts for the view', () => {
    expect(confirmDefaults).toEqual({
      title: 'Действие',
      message: 'Вы действительно хотите удалить?',
      confirmLabel: 'Да',
      cancelLabel: 'Нет',
    });
  });

  it('opens with null texts so the view shows the translated defaults, and resolves true on accept', () => {
    const { actor, resolve } = startConfirm();
    actor.send({ type: 'confirm.open' });
    const open = actor.getSnapshot();
    expect(open.value).toBe('open');
    expect(open.hasTag('open')).toBe(true);
    expect(open.context).toMatchObject({ title: null, message: null, confirmLabel: null, cancelLabel: null });
    actor.send({ type: 'confirm.accept' });
    expect(actor.getSnapshot().value).toBe('resolved');
    expect(actor.getSnapshot().context.result).toBe(true);
    expect(resolve).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('resolves false on cancel and keeps the given texts while open', () => {
    const { actor, resolve } = startConfirm();
    actor.send({ type: 'confirm.open', title: 'Удаление', message: 'Удалить арендатора?', confirmLabel: 'OK' });
    expect(actor.getSnapshot().context).toMatchObject({
      title: 'Удаление',
      message: 'Удалить арендатора?',
      confirmLabel: 'OK',
      cancelLabel: null,
    });
    actor.send({ type: 'confirm.cancel' });
    expect(actor.getSnapshot().context.result).toBe(false);
    expect(resolve).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('is ready for the next dialog after resolving, with fresh texts and no stale result', () => {
    const { actor, resolve } = startConfirm();
    actor.send({ type: 'confirm.open', title: 'First' });
    actor.send({ type: 'confirm.accept' });
    actor.send({ type: 'confirm.open' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ title: null, result: null });
    actor.send({ type: 'confirm.cancel' });
    expect(resolve.mock.calls).toEqual([[true], [false]]);
  });

  it('ignores answers while closed', () => {
    const { actor, resolve } = startConfirm();
    actor.send({ type: 'confirm.accept' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(resolve).not.toHaveBeenCalled();
  });
});

describe('confirm machine paths', () => {
  const result = coverMachine('confirm', confirmMachine, {
    events: [{ type: 'confirm.open' }, { type: 'confirm.open', title: 'T', message: 'M' }],
  });

  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });

  it('the meter reports what a traversal did not reach', () => {
    const stunted = coverMachine('confirm (stopped at start)', confirmMachine, { stopWhen: () => true });
    expect(stunted.coverage.states).toEqual({ covered: 1, total: 3, missing: ['confirm.open', 'confirm.resolved'] });
    expect(stunted.coverage.transitions.covered).toBe(0);
    expect(stunted.coverage.transitions.total).toBe(4);
    expect(() => expectFullCoverage(stunted)).toThrow();
  });

  it.each(result.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    const resolve = vi.fn();
    const actor = runPath(confirmMachine.provide({ actions: { resolve: (_a, p: { result: boolean }) => resolve(p.result) } }), path);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    const answers = path.events.filter((e) => e.type === 'confirm.accept' || e.type === 'confirm.cancel');
    // Every answer settles exactly one promise, with the answer given.
    expect(resolve.mock.calls).toEqual(answers.map((e) => [e.type === 'confirm.accept']));
    if (snapshot.value === 'open') expect(snapshot.context.result).toBeNull();
    if (snapshot.value === 'resolved') expect(snapshot.context.result).toBe(answers.at(-1)?.type === 'confirm.accept');
  });
});
