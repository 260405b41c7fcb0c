import { getNextSnapshot, setup } from 'xstate';

/**
 * The soft-delete lifecycle of every register (DESIGN §4 "record"): active <-> deleted.
 * Nothing is erased; restore brings the record back unchanged. The server accepts a delete or a
 * restore only when this machine allows it from the stored status; the SPA shows the same actions.
 */
export const recordStatuses = ['active', 'deleted'] as const;
export type RecordStatus = (typeof recordStatuses)[number];
export type RecordEvent = { type: 'record.delete' } | { type: 'record.restore' };

export const recordMachine = setup({
  types: { events: {} as RecordEvent },
}).createMachine({
  id: 'record',
  initial: 'active',
  states: {
    active: { on: { 'record.delete': { target: 'deleted' } } },
    deleted: { on: { 'record.restore': { target: 'active' } } },
  },
});

/** The status after `event`, or null when the machine refuses it from `status`. */
export function nextRecordStatus(status: RecordStatus, event: RecordEvent['type']): RecordStatus | null {
  const from = recordMachine.resolveState({ value: status });
  if (!from.can({ type: event })) return null;
  return getNextSnapshot(recordMachine, from, { type: event }).value as RecordStatus;
}

/** The events a record in `status` accepts: what the list shows as buttons. */
export function recordActions(status: RecordStatus): RecordEvent['type'][] {
  const from = recordMachine.resolveState({ value: status });
  return (['record.delete', 'record.restore'] as const).filter((type) => from.can({ type }));
}
