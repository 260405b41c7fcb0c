import type { calendarEvents, calendarExceptions } from '../../db/schema';
import { occurrenceStarts } from './recurrence';

type EventRow = typeof calendarEvents.$inferSelect;
export type Exception = typeof calendarExceptions.$inferSelect;
/** One occurrence of `events[event]` as the worker answers it (the event is not sent back). */
export type Expanded = { event: number; occurrenceStart: Date; startsAt: Date; endsAt: Date; title: string; description: string | null; changed: boolean };

/**
 * The occurrences of `events` overlapping [from, to), event by event: the rule's starts, each replaced by
 * its changed version or dropped when cancelled; an occurrence moved into the range from outside it is
 * found through its exception row. At most `limit`: `complete` says whether every one was found.
 * A series is expanded on a worker thread (server/workers): a daily one walked over a year is thousands of dates.
 */
export function expandOccurrences(input: { events: EventRow[]; exceptions: Exception[]; from: Date; to: Date; limit: number }): {
  occurrences: Expanded[];
  complete: boolean;
} {
  const { events, from, to, limit } = input;
  const byEvent = new Map<string, Map<number, Exception>>();
  for (const x of input.exceptions) {
    const changes = byEvent.get(x.eventId) ?? new Map<number, Exception>();
    changes.set(x.occurrenceStart.getTime(), x);
    byEvent.set(x.eventId, changes);
  }
  const out: Expanded[] = [];
  for (const [index, event] of events.entries()) {
    const changes = byEvent.get(event.id);
    const duration = event.endsAt.getTime() - event.startsAt.getTime();
    const plain = (start: Date): Expanded => ({
      event: index,
      occurrenceStart: start,
      startsAt: start,
      endsAt: new Date(start.getTime() + duration),
      title: event.title,
      description: event.description,
      changed: false,
    });
    for (const start of occurrenceStarts(event, from, to, limit - out.length + 1)) {
      if (!changes?.has(start.getTime())) out.push(plain(start));
    }
    for (const x of changes?.values() ?? []) {
      if (x.cancelled) continue;
      const o = plain(x.occurrenceStart);
      const changed = {
        ...o,
        startsAt: x.startsAt ?? o.startsAt,
        endsAt: x.endsAt ?? o.endsAt,
        title: x.title ?? o.title,
        description: x.description ?? o.description,
        changed: true,
      };
      if (changed.startsAt < to && changed.endsAt > from) out.push(changed);
    }
    if (out.length > limit) return { occurrences: sorted(out.slice(0, limit)), complete: false };
  }
  return { occurrences: sorted(out), complete: true };
}

const sorted = (list: Expanded[]) => list.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
