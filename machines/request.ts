import { setup } from 'xstate';
import { eventsFrom, nextSnapshot } from './lib/decide';

/**
 * A request (bid) of the journal: new -> in_progress -> done -> closed, with
 * paused, rejected, returned by the applicant, and reopened by staff after closing (a low rating). Shared by the server (it accepts a transition
 * only when this machine can take it from the stored status) and the SPA (it shows exactly these
 * buttons).
 *
 * Who may send an event is part of the event: `by` is `staff` (the landlord, the superadmin, an
 * employee with access to requests, acting on the request) or `applicant` (the renter who sent it).
 * A visitor has no account, so staff confirms a visitor's request for them.
 */
export const requestStatuses = ['new', 'in_progress', 'paused', 'done', 'closed', 'rejected', 'returned'] as const;
export type RequestStatus = (typeof requestStatuses)[number];
export type RequestActor = 'staff' | 'applicant';

export type RequestContext = {
  /** A photo report is attached: required to leave in_progress for done. */
  hasPhotoReport: boolean;
  /** Sent from the public QR page: there is no applicant account to confirm or return it. */
  fromVisitor: boolean;
};

type By = { by: RequestActor };
/** A rating the applicant gives with its confirmation: 1 (bad) to 5 (good). */
export type RequestRating = 1 | 2 | 3 | 4 | 5;
export type RequestEvent =
  | ({ type: 'request.take' } & By)
  | ({ type: 'request.assign' } & By)
  | ({ type: 'request.pause' } & By)
  | ({ type: 'request.resume' } & By)
  | ({ type: 'request.complete' } & By)
  | ({ type: 'request.reject' } & By)
  | ({ type: 'request.confirm'; rating?: RequestRating } & By)
  | ({ type: 'request.return' } & By)
  | ({ type: 'request.reopen' } & By);

export type RequestEventType = RequestEvent['type'];
export const requestEventTypes: RequestEventType[] = [
  'request.take',
  'request.assign',
  'request.pause',
  'request.resume',
  'request.complete',
  'request.reject',
  'request.confirm',
  'request.return',
  'request.reopen',
];

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as Partial<RequestContext> | undefined,
  },
  guards: {
    'by staff': ({ event }) => event.by === 'staff',
    'by staff with a photo report': ({ context, event }) => event.by === 'staff' && context.hasPhotoReport,
    // The applicant answers for itself; for a visitor's request staff answers in its place.
    'by the applicant': ({ context, event }) => (context.fromVisitor ? event.by === 'staff' : event.by === 'applicant'),
  },
}).createMachine({
  id: 'request',
  context: ({ input }) => ({ hasPhotoReport: input?.hasPhotoReport ?? false, fromVisitor: input?.fromVisitor ?? false }),
  initial: 'new',
  states: {
    new: {
      on: {
        'request.take': { guard: 'by staff', target: 'in_progress' },
        'request.assign': { guard: 'by staff', target: 'in_progress' },
        'request.reject': { guard: 'by staff', target: 'rejected' },
      },
    },
    in_progress: {
      on: {
        'request.assign': { guard: 'by staff', target: 'in_progress', reenter: true },
        'request.pause': { guard: 'by staff', target: 'paused' },
        'request.complete': { guard: 'by staff with a photo report', target: 'done' },
        'request.reject': { guard: 'by staff', target: 'rejected' },
      },
    },
    paused: {
      on: {
        'request.resume': { guard: 'by staff', target: 'in_progress' },
        'request.reject': { guard: 'by staff', target: 'rejected' },
      },
    },
    done: {
      on: {
        'request.confirm': { guard: 'by the applicant', target: 'closed' },
        'request.return': { guard: 'by the applicant', target: 'returned' },
      },
    },
    returned: {
      on: {
        'request.take': { guard: 'by staff', target: 'in_progress' },
        'request.assign': { guard: 'by staff', target: 'in_progress' },
        'request.reject': { guard: 'by staff', target: 'rejected' },
      },
    },
    // Not final: staff may send a closed request back to work (after a low rating, say); it is returned again.
    closed: {
      on: {
        'request.reopen': { guard: 'by staff', target: 'returned' },
      },
    },
    rejected: { type: 'final' },
  },
});

/** The status after `event` sent by `by`, or null when the machine refuses it. */
export function nextRequestStatus(status: RequestStatus, context: RequestContext, type: RequestEventType, by: RequestActor): RequestStatus | null {
  return (nextSnapshot(requestMachine, status, context, { type, by } as RequestEvent)?.value as RequestStatus | undefined) ?? null;
}

/** The events `by` may send now: the buttons the SPA shows. */
export function requestActions(status: RequestStatus, context: RequestContext, by: RequestActor): RequestEventType[] {
  return eventsFrom(requestMachine, status, context, requestEventTypes, { by });
}
