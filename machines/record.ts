import { setup } from 'xstate';
import { eventsFrom, nextSnapshot } from './lib/decide';

/**
 * The soft-delete lifecycle of every register: active <-> deleted.
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
  return (nextSnapshot(recordMachine, status, undefined, { type: event })?.value as RecordStatus | undefined) ?? null;
}

/** The events a record in `status` accepts: what the list shows as buttons. */
export function recordActions(status: RecordStatus): RecordEvent['type'][] {
  return eventsFrom(recordMachine, status, undefined, ['record.delete', 'record.restore'] as const);
}
