import { setup } from 'xstate';
import { eventsFrom, nextSnapshot } from './lib/decide';

/**
 * A lease contract. Staff prepare a `draft` (its rooms and terms may still change) and activate it once
 * signed: `active` from then on. The server's lease job (not a person) moves it to `expiring` a number
 * of days before its end (the landlord's setting, 90 by default) and to `expired` after its end day.
 * Staff may end a signed lease early (`terminated`, with a reason and a date). A renewal is not a
 * transition of this lease: it creates the next one as a draft, linked to this one.
 *
 * `by` says who sends an event: `staff` (the landlord, or an employee whose `contracts` grant allows
 * it) or the `system` (the lease job). The server accepts a transition only when this machine takes it.
 */
export const contractStatuses = ['draft', 'active', 'expiring', 'expired', 'terminated'] as const;
export type ContractStatus = (typeof contractStatuses)[number];
export type ContractActor = 'staff' | 'system';

type By = { by: ContractActor };
export type ContractEvent =
  | ({ type: 'contract.activate' } & By)
  | ({ type: 'contract.warn' } & By)
  | ({ type: 'contract.expire' } & By)
  | ({ type: 'contract.terminate' } & By);
export type ContractEventType = ContractEvent['type'];
export const contractEventTypes: ContractEventType[] = ['contract.activate', 'contract.warn', 'contract.expire', 'contract.terminate'];

export const contractMachine = setup({
  types: { events: {} as ContractEvent },
  guards: {
    'by staff': ({ event }) => event.by === 'staff',
    'by the system': ({ event }) => event.by === 'system',
  },
}).createMachine({
  id: 'contract',
  initial: 'draft',
  states: {
    draft: {
      on: { 'contract.activate': { guard: 'by staff', target: 'active' } },
    },
    active: {
      on: {
        'contract.warn': { guard: 'by the system', target: 'expiring' },
        'contract.expire': { guard: 'by the system', target: 'expired' },
        'contract.terminate': { guard: 'by staff', target: 'terminated' },
      },
    },
    expiring: {
      on: {
        'contract.expire': { guard: 'by the system', target: 'expired' },
        'contract.terminate': { guard: 'by staff', target: 'terminated' },
      },
    },
    expired: { type: 'final' },
    terminated: { type: 'final' },
  },
});

/** The status after `type` sent by `by`, or null when refused. */
export function nextContractStatus(status: ContractStatus, type: ContractEventType, by: ContractActor): ContractStatus | null {
  const next = nextSnapshot(contractMachine, status, undefined, { type, by } as ContractEvent);
  return next ? (next.value as ContractStatus) : null;
}

/** The events `by` may send now: the buttons the SPA shows. */
export function contractActions(status: ContractStatus, by: ContractActor): ContractEventType[] {
  return eventsFrom(contractMachine, status, undefined, contractEventTypes, { by });
}
