import { assign, setup } from 'xstate';

/**
 * The confirmation dialog: closed -> open -> resolved(true | false).
 *
 * `resolved` is the dialog closed again with the answer kept in `context.result`; it accepts the
 * next `confirm.open` exactly like `closed`. The view supplies `resolve` (it settles the promise the
 * caller awaits) and renders the dialog only while the snapshot has the `open` tag.
 */
export type ConfirmOptions = {
  title?: string | null;
  message?: string | null;
  confirmLabel?: string | null;
  cancelLabel?: string | null;
};

export type ConfirmEvent = ({ type: 'confirm.open' } & ConfirmOptions) | { type: 'confirm.accept' } | { type: 'confirm.cancel' };

export type ConfirmContext = {
  /** null means "use the translated default" (see `confirmDefaults`). */
  title: string | null;
  message: string | null;
  confirmLabel: string | null;
  cancelLabel: string | null;
  /** The answer of the last dialog; null until one has been answered. */
  result: boolean | null;
};

/**
 * The default texts, in the source language (Russian). The UI is trilingual, so the machine keeps
 * nulls and the view shows its translation of these.
 */
export const confirmDefaults = {
  title: 'Действие',
  message: 'Вы действительно хотите удалить?',
  confirmLabel: 'Да',
  cancelLabel: 'Нет',
} as const;

export const initialConfirmContext: ConfirmContext = {
  title: null,
  message: null,
  confirmLabel: null,
  cancelLabel: null,
  result: null,
};

export const confirmMachine = setup({
  types: {
    context: {} as ConfirmContext,
    events: {} as ConfirmEvent,
  },
  actions: {
    'assign dialog texts': assign((_, params: ConfirmOptions) => ({
      title: params.title ?? null,
      message: params.message ?? null,
      confirmLabel: params.confirmLabel ?? null,
      cancelLabel: params.cancelLabel ?? null,
      result: null,
    })),
    'assign result': assign((_, params: { result: boolean }) => ({ result: params.result })),
    // Supplied by the view with .provide(): settles the promise of whoever opened the dialog.
    resolve: (_, _params: { result: boolean }) => {},
  },
}).createMachine({
  id: 'confirm',
  context: initialConfirmContext,
  initial: 'closed',
  states: {
    closed: {
      tags: 'ready',
      on: {
        'confirm.open': { target: 'open', actions: { type: 'assign dialog texts', params: ({ event }) => event } },
      },
    },
    open: {
      tags: 'open',
      on: {
        'confirm.accept': {
          target: 'resolved',
          actions: [
            { type: 'assign result', params: { result: true } },
            { type: 'resolve', params: { result: true } },
          ],
        },
        'confirm.cancel': {
          target: 'resolved',
          actions: [
            { type: 'assign result', params: { result: false } },
            { type: 'resolve', params: { result: false } },
          ],
        },
      },
    },
    resolved: {
      tags: 'ready',
      on: {
        'confirm.open': { target: 'open', actions: { type: 'assign dialog texts', params: ({ event }) => event } },
      },
    },
  },
});
