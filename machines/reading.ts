import { setup } from 'xstate';
import { eventsFrom, nextSnapshot } from './lib/decide';

/**
 * A meter's reading for a month. A tenant's reading arrives `submitted` (a value and a photo of the
 * dial); staff `accept` it, or `return` it with a reason, and the tenant (or staff) `resubmit`s a new
 * value. A submitted reading may be resubmitted until it is decided. Staff's own readings (entered or
 * imported) are accepted as they are written. An accepted reading may be `correct`ed by staff while no
 * invoice carries its consumption; after that the next reading settles the difference.
 *
 * `by` says who sends an event: `staff` (the landlord, or an employee whose `meters` grant allows it)
 * or the `renter` whose unit the meter measures.
 */
export const readingStatuses = ['submitted', 'accepted', 'returned'] as const;
export type ReadingStatus = (typeof readingStatuses)[number];
export type ReadingActor = 'staff' | 'renter';
export type ReadingContext = { billed: boolean };

type By = { by: ReadingActor };
export type ReadingEvent =
  | ({ type: 'reading.accept' } & By)
  | ({ type: 'reading.return' } & By)
  | ({ type: 'reading.resubmit' } & By)
  | ({ type: 'reading.correct' } & By);
export type ReadingEventType = ReadingEvent['type'];
export const readingEventTypes: ReadingEventType[] = ['reading.accept', 'reading.return', 'reading.resubmit', 'reading.correct'];

export const readingMachine = setup({
  types: { context: {} as ReadingContext, events: {} as ReadingEvent, input: {} as Partial<ReadingContext> | undefined },
  guards: {
    'by staff': ({ event }) => event.by === 'staff',
    'by staff, not billed': ({ context, event }) => event.by === 'staff' && !context.billed,
  },
}).createMachine({
  id: 'reading',
  context: ({ input }) => ({ billed: input?.billed ?? false }),
  initial: 'submitted',
  states: {
    submitted: {
      on: {
        'reading.accept': { guard: 'by staff', target: 'accepted' },
        'reading.return': { guard: 'by staff', target: 'returned' },
        'reading.resubmit': { target: 'submitted' },
      },
    },
    returned: {
      on: {
        'reading.resubmit': { target: 'submitted' },
      },
    },
    accepted: {
      on: {
        'reading.correct': { guard: 'by staff, not billed', target: 'accepted' },
      },
    },
  },
});

/** The status after `type` sent by `by`, or null when the machine refuses it. */
export function nextReadingStatus(status: ReadingStatus, context: ReadingContext, type: ReadingEventType, by: ReadingActor): ReadingStatus | null {
  return (nextSnapshot(readingMachine, status, context, { type, by } as ReadingEvent)?.value as ReadingStatus | undefined) ?? null;
}

/** The events `by` may send now: the buttons the SPA shows. */
export function readingActions(status: ReadingStatus, context: ReadingContext, by: ReadingActor): ReadingEventType[] {
  return eventsFrom(readingMachine, status, context, readingEventTypes, { by });
}
