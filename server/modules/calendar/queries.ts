import { and, asc, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db, Tx } from '../../db/client';
import { calendarEvents, calendarExceptions, calendarOccurrenceAnswers, calendarParticipants, users } from '../../db/schema';
import { invalidField, notFound } from '../../http/errors';
import { runTask, TaskTimeout } from '../../workers/pool';
import { type CalendarViewer, mayEdit } from './access';
import { type Exception, type Expanded, expandOccurrences } from './expand';
import { repeatOf } from './recurrence';

type EventRow = typeof calendarEvents.$inferSelect;
export type Occurrence = Omit<Expanded, 'event'> & { event: EventRow };

/** An event the caller sees, or 404 (another landlord's, or one not visible to it). */
export async function findEvent(db: Db | Tx, viewer: CalendarViewer, id: string): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(viewer.scope, eq(calendarEvents.id, id)));
  if (!row) throw notFound();
  return row;
}

/** The changed and cancelled occurrences of the repeating ones among `events`, in date order. */
export async function exceptionsOf(db: Db | Tx, events: EventRow[]): Promise<Exception[]> {
  const repeating = events.filter((e) => e.rrule).map((e) => e.id);
  return repeating.length
    ? await db.select().from(calendarExceptions).where(inArray(calendarExceptions.eventId, repeating)).orderBy(asc(calendarExceptions.occurrenceStart))
    : [];
}

/**
 * The occurrences of `events` overlapping [from, to), at most `limit` (`complete` false when there were
 * more), a series' on a worker thread (expand.ts); past its time limit the range is refused as too full.
 * `known`: the events' exceptions when the caller has read them already.
 */
export async function expandEvents(
  db: Db | Tx,
  events: EventRow[],
  from: Date,
  to: Date,
  limit: number,
  known?: Exception[],
): Promise<{ occurrences: Occurrence[]; complete: boolean }> {
  if (events.length === 0) return { occurrences: [], complete: true };
  const exceptions = known ?? (await exceptionsOf(db, events));
  const input = { events, exceptions, from, to, limit };
  // Single events are one occurrence each: only a series is worth a thread (and copying the rows to it).
  const { occurrences, complete } = events.some((e) => e.rrule)
    ? await runTask('expandOccurrences', input).catch((err: unknown) => {
        throw err instanceof TaskTimeout ? tooMany(limit) : err;
      })
    : expandOccurrences(input);
  return { occurrences: occurrences.map((o) => ({ ...o, event: events[o.event] as EventRow })), complete };
}

/** The most occurrences one call of the calendar's page shows: a month of a very busy centre is a few hundred. */
export const MAX_LIST_OCCURRENCES = 5_000;
const tooMany = (max: number) => invalidField('to', (ll) => ll.calendar.errors.tooManyOccurrences({ max }));

/** The caller's events overlapping [from, to), as occurrences; 400 past MAX_LIST_OCCURRENCES. */
export async function listOccurrences(db: Db, viewer: CalendarViewer, from: Date, to: Date) {
  const events = await db
    .select()
    .from(calendarEvents)
    .where(and(viewer.scope, lt(calendarEvents.startsAt, to), or(isNotNull(calendarEvents.rrule), gt(calendarEvents.endsAt, from))));
  const { occurrences, complete } = await expandEvents(db, events, from, to, MAX_LIST_OCCURRENCES);
  if (!complete) throw tooMany(MAX_LIST_OCCURRENCES);
  return occurrences;
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
