import { assign, sendTo, setup, stopChild } from 'xstate';

/**
 * Toast alerts: success, info, warning or error, each with its duration.
 *
 * `alertsMachine` keeps the list the view renders and spawns one `alertItemMachine` per alert, whose
 * id is the alert's id. The item owns the lifetime: shown -> removed after its duration, or at once
 * on `alert.dismiss`; an error alert ignores its timer and stays until dismissed. When an item is
 * done, the parent receives `xstate.done.actor.<id>` and drops the alert, so removal has one path.
 */
export const alertTypes = ['success', 'info', 'warning', 'error'] as const;
export type AlertType = (typeof alertTypes)[number];

/** The product's default alert duration, in seconds. */
export const defaultAlertDuration = 5;

export type Alert = {
  id: string;
  message: string;
  type: AlertType;
  /** Seconds. */
  duration: number;
  /** Where clicking the message leads (a notification's record), if anywhere. */
  href?: string;
};

// ---------------------------------------------------------------------------------------------
// One alert

export type AlertItemInput = Pick<Alert, 'id' | 'type' | 'duration'>;
export type AlertItemOutput = { id: string };

export const alertItemMachine = setup({
  types: {
    input: {} as AlertItemInput,
    context: {} as AlertItemInput,
    events: {} as { type: 'alert.dismiss' },
    output: {} as AlertItemOutput,
  },
  delays: {
    'alert duration': ({ context }) => context.duration * 1000,
  },
  guards: {
    // The timer still runs for an error; the guard keeps the alert so the delay stays one named value.
    'expires automatically': ({ context }) => context.type !== 'error',
  },
}).createMachine({
  id: 'alertItem',
  context: ({ input }) => ({ ...input }),
  initial: 'shown',
  states: {
    shown: {
      tags: 'ready',
      on: { 'alert.dismiss': { target: 'removed' } },
      after: { 'alert duration': { guard: 'expires automatically', target: 'removed' } },
    },
    removed: { type: 'final' },
  },
  output: ({ context }) => ({ id: context.id }),
});

// ---------------------------------------------------------------------------------------------
// The list

export type AlertsEvent =
  // `alertType`, not `type`: an event's `type` is its name. Defaults: info, 5 s.
  | { type: 'alert.add'; message: string; alertType?: AlertType; duration?: number; href?: string }
  | { type: 'alert.dismiss'; id: string }
  // Sent by xstate when an alert item reaches `removed`.
  | { type: `xstate.done.actor.${string}`; output: AlertItemOutput };

export type AlertsContext = {
  alerts: Alert[];
  /** Next alert number; a counter keeps ids unique and predictable in tests. */
  nextId: number;
};

export const alertsMachine = setup({
  types: {
    context: {} as AlertsContext,
    events: {} as AlertsEvent,
  },
  actors: {
    alertItem: alertItemMachine,
  },
  actions: {
    'add alert': assign(({ context, spawn }, params: { message: string; type: AlertType; duration: number; href?: string }) => {
      const alert: Alert = { id: `alert-${context.nextId}`, ...params };
      spawn('alertItem', { id: alert.id, input: { id: alert.id, type: alert.type, duration: alert.duration } });
      return { alerts: [...context.alerts, alert], nextId: context.nextId + 1 };
    }),
    'dismiss alert': sendTo((_, params: { id: string }) => params.id, { type: 'alert.dismiss' }),
    'remove alert': assign(({ context }, params: { id: string }) => ({
      alerts: context.alerts.filter((alert) => alert.id !== params.id),
    })),
    'stop alert item': stopChild((_, params: { id: string }) => params.id),
  },
  guards: {
    // A second click on a toast that is already gone must not reach a stopped item.
    'alert is shown': ({ context }, params: { id: string }) => context.alerts.some((alert) => alert.id === params.id),
    'it is the last alert': ({ context }, params: { id: string }) => context.alerts.length === 1 && context.alerts[0]?.id === params.id,
  },
}).createMachine({
  id: 'alerts',
  context: { alerts: [], nextId: 1 },
  initial: 'empty',
  on: {
    'alert.add': {
      target: '.showing',
      actions: {
        type: 'add alert',
        params: ({ event }) => ({
          message: event.message,
          type: event.alertType ?? 'info',
          duration: event.duration ?? defaultAlertDuration,
          ...(event.href && { href: event.href }),
        }),
      },
    },
  },
  states: {
    empty: {},
    showing: {
      on: {
        'alert.dismiss': {
          guard: { type: 'alert is shown', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'dismiss alert', params: ({ event }) => ({ id: event.id }) },
        },
        'xstate.done.actor.*': [
          {
            guard: { type: 'it is the last alert', params: ({ event }) => ({ id: event.output.id }) },
            target: 'empty',
            actions: [
              { type: 'remove alert', params: ({ event }) => ({ id: event.output.id }) },
              { type: 'stop alert item', params: ({ event }) => ({ id: event.output.id }) },
            ],
          },
          {
            actions: [
              { type: 'remove alert', params: ({ event }) => ({ id: event.output.id }) },
              { type: 'stop alert item', params: ({ event }) => ({ id: event.output.id }) },
            ],
          },
        ],
      },
    },
  },
});
