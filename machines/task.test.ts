import { describe, expect, it } from 'vitest';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { nextTaskStatus, taskActions, taskMachine } from './task';

const fresh = { statusBeforeExpiry: null };

describe('task machine', () => {
  it('lets the executor work the task and the creator accept or return it', () => {
    expect(nextTaskStatus('new', fresh, 'task.start', 'executor')?.status).toBe('in_progress');
    expect(nextTaskStatus('new', fresh, 'task.start', 'creator')).toBeNull();
    expect(nextTaskStatus('in_progress', fresh, 'task.complete', 'executor')?.status).toBe('done');
    expect(nextTaskStatus('done', fresh, 'task.accept', 'executor')).toBeNull();
    expect(nextTaskStatus('done', fresh, 'task.return', 'creator')?.status).toBe('for_revision');
    expect(nextTaskStatus('for_revision', fresh, 'task.start', 'executor')?.status).toBe('in_progress');
  });
  it('expires an open task and an extension returns it to where it was', () => {
    const expired = nextTaskStatus('paused', fresh, 'task.expire', 'system');
    expect(expired).toEqual({ status: 'expired', statusBeforeExpiry: 'paused' });
    expect(nextTaskStatus('expired', { statusBeforeExpiry: 'paused' }, 'task.extend', 'creator')).toEqual({
      status: 'paused',
      statusBeforeExpiry: null,
    });
    expect(nextTaskStatus('done', fresh, 'task.expire', 'system')).toBeNull();
    expect(nextTaskStatus('expired', { statusBeforeExpiry: 'new' }, 'task.extend', 'executor')).toBeNull();
  });
  it('offers each side exactly its buttons', () => {
    expect(taskActions('new', fresh, 'executor')).toEqual(['task.start', 'task.reject']);
    expect(taskActions('new', fresh, 'creator')).toEqual([]);
    expect(taskActions('done', fresh, 'creator')).toEqual(['task.accept', 'task.return']);
    expect(taskActions('accepted', fresh, 'creator')).toEqual([]);
  });
});

describe('task machine paths', () => {
  const events = (['executor', 'creator', 'system'] as const).flatMap((by) =>
    ['task.start', 'task.pause', 'task.resume', 'task.complete', 'task.reject', 'task.accept', 'task.return', 'task.expire', 'task.extend'].map((type) => ({
      type,
      by,
    })),
  );
  const result = coverMachine('task', taskMachine, { events });
  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });
  it.each(result.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(taskMachine, path);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    let state = {
      status: 'new' as Parameters<typeof nextTaskStatus>[0],
      statusBeforeExpiry: null as Parameters<typeof nextTaskStatus>[1]['statusBeforeExpiry'],
    };
    for (const e of path.events) state = nextTaskStatus(state.status, state, e.type as 'task.start', e.by as 'executor') ?? state;
    expect(state.status).toBe(actor.getSnapshot().value);
  });
});
