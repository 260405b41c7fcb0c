import { setup } from 'xstate';
import { eventsFrom, nextSnapshot } from './lib/decide';

/**
 * An import of a spreadsheet into a register (server/modules/imports). The file is uploaded, then the
 * system checks it (`checked`, with its counts and errors) or gives up (`failed`: unreadable in time).
 * Staff commit a checked import without wrong rows (all or nothing), or discard it before that.
 *
 * `by` says who sends an event: `staff` (whoever may import the entity) or the `system` (the check).
 */
export const importStatuses = ['uploaded', 'checked', 'committed', 'failed', 'discarded'] as const;
export type ImportStatus = (typeof importStatuses)[number];
export type ImportActor = 'staff' | 'system';

export type ImportContext = {
  /** Rows of the last check that cannot be written: a commit needs none. */
  wrong: number;
};

type By = { by: ImportActor };
export type ImportEvent =
  | ({ type: 'import.check' } & By)
  | ({ type: 'import.fail' } & By)
  | ({ type: 'import.commit' } & By)
  | ({ type: 'import.discard' } & By);
export type ImportEventType = ImportEvent['type'];
export const importEventTypes: ImportEventType[] = ['import.check', 'import.fail', 'import.commit', 'import.discard'];
/** What a person may send (the buttons); the rest is the system's. */
export const importStaffEvents = ['import.commit', 'import.discard'] as const;

export const importMachine = setup({
  types: { context: {} as ImportContext, events: {} as ImportEvent, input: {} as Partial<ImportContext> | undefined },
  guards: {
    'by the system': ({ event }) => event.by === 'system',
    'by staff': ({ event }) => event.by === 'staff',
    'by staff, no wrong rows': ({ context, event }) => event.by === 'staff' && context.wrong === 0,
  },
}).createMachine({
  id: 'import',
  context: ({ input }) => ({ wrong: input?.wrong ?? 0 }),
  initial: 'uploaded',
  states: {
    uploaded: {
      on: {
        'import.check': { guard: 'by the system', target: 'checked' },
        'import.fail': { guard: 'by the system', target: 'failed' },
        'import.discard': { guard: 'by staff', target: 'discarded' },
      },
    },
    checked: {
      on: {
        // A check again (the commit's own, which found the register changed) keeps it checked.
        'import.check': { guard: 'by the system', target: 'checked' },
        'import.commit': { guard: 'by staff, no wrong rows', target: 'committed' },
        'import.discard': { guard: 'by staff', target: 'discarded' },
      },
    },
    committed: { type: 'final' },
    failed: { type: 'final' },
    discarded: { type: 'final' },
  },
});

/** The status after `type` sent by `by`, or null when the machine refuses it. */
export function nextImportStatus(status: ImportStatus, context: ImportContext, type: ImportEventType, by: ImportActor): ImportStatus | null {
  return (nextSnapshot(importMachine, status, context, { type, by } as ImportEvent)?.value as ImportStatus | undefined) ?? null;
}

/** The events `by` may send now: the buttons the SPA shows. */
export function importActions(status: ImportStatus, context: ImportContext, by: ImportActor): ImportEventType[] {
  return eventsFrom(importMachine, status, context, importEventTypes, { by });
}
