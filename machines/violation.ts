import { setup } from 'xstate';
import { eventsFrom, nextSnapshot } from './lib/decide';

/**
 * A violation of the centre's rules by a renter. Staff record it (draft: editable, may be deleted) and
 * issue it to the renter; the renter acknowledges it or disputes it (with a comment); staff uphold the
 * dispute (the violation is cancelled) or reject it (the violation stands, acknowledged); the renter
 * reports it fixed with a photo; staff confirm (closed) or return it (with a comment).
 *
 * A passed deadline is not a state: the server's deadline job marks an open violation overdue with a
 * flag beside its status, so the renter's and staff's steps stay the same whether it is late or not.
 *
 * `by` says who sends an event: `staff` (the landlord, an employee with `violations` access) or the
 * `renter` the violation is about.
 */
export const violationStatuses = ['draft', 'issued', 'acknowledged', 'disputed', 'fixed', 'closed', 'cancelled'] as const;
export type ViolationStatus = (typeof violationStatuses)[number];
export type ViolationActor = 'staff' | 'renter';
/** The statuses a deadline can overtake: the renter still has to fix it. */
export const openViolationStatuses = ['issued', 'acknowledged', 'disputed'] as const;

export type ViolationContext = {
  /** A photo of the fix is attached: required to report it fixed. */
  hasFixPhoto: boolean;
};

type By = { by: ViolationActor };
export type ViolationEvent =
  | ({ type: 'violation.issue' } & By)
  | ({ type: 'violation.acknowledge' } & By)
  | ({ type: 'violation.dispute' } & By)
  | ({ type: 'violation.uphold' } & By)
  | ({ type: 'violation.reject' } & By)
  | ({ type: 'violation.fix' } & By)
  | ({ type: 'violation.confirm' } & By)
  | ({ type: 'violation.return' } & By);
export type ViolationEventType = ViolationEvent['type'];
export const violationEventTypes: ViolationEventType[] = [
  'violation.issue',
  'violation.acknowledge',
  'violation.dispute',
  'violation.uphold',
  'violation.reject',
  'violation.fix',
  'violation.confirm',
  'violation.return',
];

export const violationMachine = setup({
  types: { context: {} as ViolationContext, events: {} as ViolationEvent, input: {} as Partial<ViolationContext> | undefined },
  guards: {
    'by staff': ({ event }) => event.by === 'staff',
    'by the renter': ({ event }) => event.by === 'renter',
    'by the renter with a photo': ({ context, event }) => event.by === 'renter' && context.hasFixPhoto,
  },
}).createMachine({
  id: 'violation',
  context: ({ input }) => ({ hasFixPhoto: input?.hasFixPhoto ?? false }),
  initial: 'draft',
  states: {
    draft: {
      on: { 'violation.issue': { guard: 'by staff', target: 'issued' } },
    },
    issued: {
      on: {
        'violation.acknowledge': { guard: 'by the renter', target: 'acknowledged' },
        'violation.dispute': { guard: 'by the renter', target: 'disputed' },
        'violation.fix': { guard: 'by the renter with a photo', target: 'fixed' },
      },
    },
    acknowledged: {
      on: { 'violation.fix': { guard: 'by the renter with a photo', target: 'fixed' } },
    },
    disputed: {
      on: {
        'violation.uphold': { guard: 'by staff', target: 'cancelled' },
        // The dispute is refused: the violation stands, as if acknowledged.
        'violation.reject': { guard: 'by staff', target: 'acknowledged' },
      },
    },
    fixed: {
      on: {
        'violation.confirm': { guard: 'by staff', target: 'closed' },
        'violation.return': { guard: 'by staff', target: 'acknowledged' },
      },
    },
    closed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The status after `type` sent by `by`, or null when the machine refuses it. */
export function nextViolationStatus(status: ViolationStatus, context: ViolationContext, type: ViolationEventType, by: ViolationActor): ViolationStatus | null {
  return (nextSnapshot(violationMachine, status, context, { type, by } as ViolationEvent)?.value as ViolationStatus | undefined) ?? null;
}

/** The events `by` may send now: the buttons the SPA shows. */
export function violationActions(status: ViolationStatus, context: ViolationContext, by: ViolationActor): ViolationEventType[] {
  return eventsFrom(violationMachine, status, context, violationEventTypes, { by });
}
