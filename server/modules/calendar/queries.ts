import { and, asc, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db, Tx } from '../../db/client';
import { calendarEvents, calendarExceptions, calendarOccurrenceAnswers, calendarParticipants, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type CalendarViewer, mayEdit } from './access';
import { occurrenceStarts, repeatOf } from './recurrence';

type EventRow = typeof calendarEvents.$inferSelect;
export type Exception = typeof calendarExceptions.$inferSelect;
export type Occurrence = { event: EventRow; occurrenceStart: Date; startsAt: Date; endsAt: Date; title: string; description: string | null; changed: boolean };

/** An event the caller sees, or 404 (another landlord's, or one not visible to it). */
export async function findEvent(db: Db | Tx, viewer: CalendarViewer, id: string): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(viewer.scope, eq(calendarEvents.id, id)));
  if (!row) throw notFound();
  return row;
}

/** The changed and cancelled occurrences of the repeating ones among `events`, by event, in date order. */
export async function exceptionsOf(db: Db | Tx, events: EventRow[]): Promise<Map<string, Exception[]>> {
  const repeating = events.filter((e) => e.rrule).map((e) => e.id);
  const rows = repeating.length
    ? await db.select().from(calendarExceptions).where(inArray(calendarExceptions.eventId, repeating)).orderBy(asc(calendarExceptions.occurrenceStart))
    : [];
  const out = new Map<string, Exception[]>();
  for (const x of rows) out.set(x.eventId, [...(out.get(x.eventId) ?? []), x]);
  return out;
}

/**
 * The occurrences of `events` overlapping [from, to): the rule's starts, each replaced by its changed
 * version or dropped when cancelled; an occurrence moved into the range from outside it is found
 * through its exception row.
 */
export async function expandEvents(db: Db | Tx, events: EventRow[], from: Date, to: Date): Promise<Occurrence[]> {
  const byEvent = new Map([...(await exceptionsOf(db, events))].map(([id, xs]) => [id, new Map(xs.map((x) => [x.occurrenceStart.getTime(), x]))]));
  const out: Occurrence[] = [];
  for (const event of events) {
    const changes = byEvent.get(event.id);
    const duration = event.endsAt.getTime() - event.startsAt.getTime();
    const plain = (start: Date): Occurrence => ({
      event,
      occurrenceStart: start,
      startsAt: start,
      endsAt: new Date(start.getTime() + duration),
      title: event.title,
      description: event.description,
      changed: false,
    });
    for (const start of occurrenceStarts(event, from, to)) {
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
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The caller's events overlapping [from, to), as occurrences. */
export async function listOccurrences(db: Db, viewer: CalendarViewer, from: Date, to: Date) {
  const events = await db
    .select()
    .from(calendarEvents)
    .where(and(viewer.scope, lt(calendarEvents.startsAt, to), or(isNotNull(calendarEvents.rrule), gt(calendarEvents.endsAt, from))));
  return expandEvents(db, events, from, to);
}

export const toOccurrenceDto = (o: Occurrence, viewer: CalendarViewer): components['schemas']['CalendarOccurrence'] => ({
  event_id: o.event.id,
  occurrence_start: o.occurrenceStart.toISOString(),
  starts_at: o.startsAt.toISOString(),
  ends_at: o.endsAt.toISOString(),
  all_day: o.event.allDay,
  title: o.title,
  event_type: o.event.eventType,
  visibility: o.event.visibility,
  repeating: Boolean(o.event.rrule),
  changed: o.changed,
  can_edit: mayEdit(viewer, o.event),
});

/**
 * The event with its participants; the others' answers only for those who may change it (its creator among
 * them). With `occurrenceStart` (a repeating event) an answer given for that date replaces the series' one.
 */
export async function presentEvent(db: Db, viewer: CalendarViewer, id: string, occurrenceStart?: string): Promise<components['schemas']['CalendarEvent']> {
  const ev = await findEvent(db, viewer, id);
  const at = ev.rrule && occurrenceStart ? new Date(occurrenceStart) : null;
  const forDate = at
    ? await db
        .select({ userId: calendarOccurrenceAnswers.userId, answer: calendarOccurrenceAnswers.answer })
        .from(calendarOccurrenceAnswers)
        .where(and(eq(calendarOccurrenceAnswers.eventId, ev.id), eq(calendarOccurrenceAnswers.occurrenceStart, at)))
    : [];
  const dated = new Map(forDate.map((a) => [a.userId, a.answer]));
  const people = (
    await db
      .select({ userId: users.id, fullName: users.fullName, role: users.role, answer: calendarParticipants.answer })
      .from(calendarParticipants)
      .innerJoin(users, eq(users.id, calendarParticipants.userId))
      .where(eq(calendarParticipants.eventId, ev.id))
      .orderBy(asc(users.fullName))
  ).map((p) => ({ ...p, answer: dated.get(p.userId) ?? p.answer }));
  const [creator] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, ev.creatorUserId));
  const canEdit = mayEdit(viewer, ev);
  const seesAnswers = canEdit || ev.creatorUserId === viewer.user.id;
  return {
    id: ev.id,
    title: ev.title,
    description: ev.description,
    event_type: ev.eventType,
    starts_at: ev.startsAt.toISOString(),
    ends_at: ev.endsAt.toISOString(),
    all_day: ev.allDay,
    repeat: repeatOf(ev.rrule),
    rrule: ev.rrule,
    reminders: ev.reminders,
    push: ev.push,
    visibility: ev.visibility,
    creator_user_id: ev.creatorUserId,
    creator_name: creator?.fullName ?? '',
    participants: people.map((p) => ({
      user_id: p.userId,
      full_name: p.fullName,
      role: p.role === 'renter' ? 'renter' : p.role === 'landlord' ? 'landlord' : 'employee',
      answer: seesAnswers || p.userId === viewer.user.id ? p.answer : null,
    })),
    my_answer: people.find((p) => p.userId === viewer.user.id)?.answer ?? null,
    can_edit: canEdit,
    can_delete: mayEdit(viewer, ev, 'delete'),
    my_answer_scope: dated.has(viewer.user.id) ? 'occurrence' : 'series',
  };
}
