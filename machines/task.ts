import { assign, setup } from 'xstate';
import { eventsFrom, nextSnapshot } from './lib/decide';

/**
 * A task, also every quick task. The executor starts, pauses, resumes,
 * completes or rejects (with a reason); the creator accepts a done task or returns it for revision
 * (with a comment); a deadline that passes before done makes it expired (`task.expire`, sent by the
 * server's deadline job); the creator extends an expired task's deadline, which returns it to the
 * status it had. accepted and rejected are final.
 *
 * `by` says who sends an event: the task's `executor`, its `creator`, or the `system` (deadline job).
 * The server accepts a transition only when this machine takes it; the SPA shows exactly these buttons.
 */
export const taskStatuses = ['new', 'in_progress', 'paused', 'done', 'accepted', 'expired', 'rejected', 'for_revision'] as const;
export type TaskStatus = (typeof taskStatuses)[number];
export type TaskActor = 'executor' | 'creator' | 'system';
/** The statuses a deadline can overtake, and so the ones an extension returns to. */
export const openTaskStatuses = ['new', 'in_progress', 'paused', 'for_revision'] as const;
export type OpenTaskStatus = (typeof openTaskStatuses)[number];

export type TaskContext = { statusBeforeExpiry: OpenTaskStatus | null };

type By = { by: TaskActor };
export type TaskEvent =
  | ({ type: 'task.start' } & By)
  | ({ type: 'task.pause' } & By)
  | ({ type: 'task.resume' } & By)
  | ({ type: 'task.complete' } & By)
  | ({ type: 'task.reject' } & By)
  | ({ type: 'task.accept' } & By)
  | ({ type: 'task.return' } & By)
  | ({ type: 'task.expire' } & By)
  | ({ type: 'task.extend' } & By);
export type TaskEventType = TaskEvent['type'];
export const taskEventTypes: TaskEventType[] = [
  'task.start',
  'task.pause',
  'task.resume',
  'task.complete',
  'task.reject',
  'task.accept',
  'task.return',
  'task.expire',
  'task.extend',
];

const expire = (from: OpenTaskStatus) => ({
  guard: 'by the system' as const,
  target: 'expired' as const,
  actions: { type: 'remember status' as const, params: { status: from } },
});

export const taskMachine = setup({
  types: { context: {} as TaskContext, events: {} as TaskEvent, input: {} as Partial<TaskContext> | undefined },
  actions: {
    'remember status': assign((_, params: { status: OpenTaskStatus }) => ({ statusBeforeExpiry: params.status })),
    'forget status': assign({ statusBeforeExpiry: null }),
  },
  guards: {
    'by the executor': ({ event }) => event.by === 'executor',
    'by the creator': ({ event }) => event.by === 'creator',
    'by the system': ({ event }) => event.by === 'system',
    'by the creator, it was new': ({ context, event }) => event.by === 'creator' && context.statusBeforeExpiry === 'new',
    'by the creator, it was in progress': ({ context, event }) => event.by === 'creator' && context.statusBeforeExpiry === 'in_progress',
    'by the creator, it was paused': ({ context, event }) => event.by === 'creator' && context.statusBeforeExpiry === 'paused',
    'by the creator, it was for revision': ({ context, event }) => event.by === 'creator' && context.statusBeforeExpiry === 'for_revision',
  },
}).createMachine({
  id: 'task',
  context: ({ input }) => ({ statusBeforeExpiry: input?.statusBeforeExpiry ?? null }),
  initial: 'new',
  states: {
    new: {
      on: {
        'task.start': { guard: 'by the executor', target: 'in_progress' },
        'task.reject': { guard: 'by the executor', target: 'rejected' },
        'task.expire': expire('new'),
      },
    },
    in_progress: {
      on: {
        'task.pause': { guard: 'by the executor', target: 'paused' },
        'task.complete': { guard: 'by the executor', target: 'done' },
        'task.reject': { guard: 'by the executor', target: 'rejected' },
        'task.expire': expire('in_progress'),
      },
    },
    paused: {
      on: {
        'task.resume': { guard: 'by the executor', target: 'in_progress' },
        'task.reject': { guard: 'by the executor', target: 'rejected' },
        'task.expire': expire('paused'),
      },
    },
    for_revision: {
      on: {
        'task.start': { guard: 'by the executor', target: 'in_progress' },
        'task.reject': { guard: 'by the executor', target: 'rejected' },
        'task.expire': expire('for_revision'),
      },
    },
    done: {
      on: {
        'task.accept': { guard: 'by the creator', target: 'accepted' },
        'task.return': { guard: 'by the creator', target: 'for_revision' },
      },
    },
    expired: {
      on: {
        'task.extend': [
          { guard: 'by the creator, it was new', target: 'new', actions: 'forget status' },
          { guard: 'by the creator, it was in progress', target: 'in_progress', actions: 'forget status' },
          { guard: 'by the creator, it was paused', target: 'paused', actions: 'forget status' },
          { guard: 'by the creator, it was for revision', target: 'for_revision', actions: 'forget status' },
        ],
      },
    },
    accepted: { type: 'final' },
    rejected: { type: 'final' },
  },
});

/** The status (and the remembered one) after `type` sent by `by`, or null when refused. */
export function nextTaskStatus(status: TaskStatus, context: TaskContext, type: TaskEventType, by: TaskActor) {
  const next = nextSnapshot(taskMachine, status, context, { type, by } as TaskEvent);
  return next && { status: next.value as TaskStatus, statusBeforeExpiry: next.context.statusBeforeExpiry };
}

/** The events `by` may send now: the buttons the SPA shows. */
export function taskActions(status: TaskStatus, context: TaskContext, by: TaskActor): TaskEventType[] {
  return eventsFrom(taskMachine, status, context, taskEventTypes, { by });
}
