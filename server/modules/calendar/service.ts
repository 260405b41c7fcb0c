import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db, Tx } from '../../db/client';
import { calendarEvents, calendarExceptions, calendarOccurrenceAnswers, calendarParticipants, users } from '../../db/schema';
import { AppError, forbidden, invalidField } from '../../http/errors';
import { actorOf } from '../../workflow/history';
import { type CalendarViewer, mayCreate, mayEdit } from './access';
import { tellParticipants } from './notices';
import { findEvent } from './queries';
import { almatyMidnight, occurrenceStarts, ruleOf } from './recurrence';

type Input = components['schemas']['CalendarEventInput'];
type EventRow = typeof calendarEvents.$inferSelect;

/** The product's rule: a title is required and has at most 50 characters. */
export const TITLE_MAX = 50;
const DAY = 86_400_000;
/** Events lie in these years, and one lasts a year at most. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
const LONGEST = 366 * DAY;

function titleOf(value: string): string {
  const title = value.trim();
  if (!title) throw invalidField('title', (ll) => ll.calendar.errors.titleRequired());
  if (title.length > TITLE_MAX) throw invalidField('title', (ll) => ll.calendar.errors.titleMax());
  return title;
}

/** The event's time: an all-day event from Almaty's midnight to the midnight after its last day. */
function timeOf(input: Pick<Input, 'starts_at' | 'ends_at' | 'all_day'>) {
  let startsAt = new Date(input.starts_at);
  let endsAt = new Date(input.ends_at);
  if (input.all_day) {
    startsAt = almatyMidnight(startsAt);
    endsAt = new Date(Math.max(almatyMidnight(new Date(endsAt.getTime() - 1)).getTime() + DAY, startsAt.getTime() + DAY));
  }
  if (endsAt < startsAt) throw invalidField('ends_at', (ll) => ll.calendar.errors.endBeforeStart());
  if (endsAt.getTime() - startsAt.getTime() > LONGEST) throw invalidField('ends_at', (ll) => ll.calendar.errors.tooLong());
  withinYears(startsAt, endsAt);
  return { startsAt, endsAt };
}

/**
 * A repeating event is expanded from its first start on every read and by the reminder job: a start in
 * the year 1000 (typed, or reached by dragging a late occurrence's series back again and again) would
 * make one landlord's calendar, and the reminders of every landlord, wait or fail.
 */
function withinYears(startsAt: Date, endsAt: Date) {
  if (startsAt.getTime() < EARLIEST || endsAt.getTime() >= LATEST) throw invalidField('starts_at', (ll) => ll.calendar.errors.years());
}

/**
 * Active employees and tenants of the landlord; nobody for a private event (only its creator sees it).
 * Those already taking part (`eventId`) stay allowed after their account is deleted, so the event can be
 * saved as the form shows it.
 */
async function participantsOf(db: Db, landlordId: string, input: Input, eventId?: string): Promise<string[]> {
  if ((input.visibility ?? 'private') === 'private') return [];
  const ids = [...new Set(input.participant_ids ?? [])];
  if (ids.length === 0) return [];
  const already = eventId ? new Set(await participantIds(db, eventId)) : new Set<string>();
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        eq(users.landlordId, landlordId),
        inArray(users.role, ['employee', 'renter']),
        already.size ? or(eq(users.active, true), inArray(users.id, [...already])) : eq(users.active, true),
      ),
    );
  if (found.length !== ids.length) throw invalidField('participant_ids', (ll) => ll.errors.not_found());
  return ids;
}

function fieldsOf(input: Input) {
  const { startsAt, endsAt } = timeOf(input);
  return {
    title: titleOf(input.title),
    description: input.description?.trim() || null,
    eventType: input.event_type ?? 'other',
    startsAt,
    endsAt,
    allDay: input.all_day ?? false,
    rrule: ruleOf(input.repeat, startsAt),
    reminders: [...new Set(input.reminders ?? [])].sort((a, b) => a - b),
    push: input.push ?? true,
    visibility: input.visibility ?? 'private',
  };
}

/**
 * The most events one person keeps created: every one is read by the calendar's page, the feed and the
 * reminders, and a person planning years of meetings stays far below it (a series is one event).
 */
export const MAX_EVENTS_PER_PERSON = 2_000;

export async function createEvent(db: Db, viewer: CalendarViewer, input: Input): Promise<string> {
  if (!mayCreate(viewer)) throw forbidden();
  const fields = fieldsOf(input);
  const people = await participantsOf(db, viewer.landlordId, input);
  return db.transaction(async (tx) => {
    const [made] = await tx
      .select({ n: count() })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.landlordId, viewer.landlordId), eq(calendarEvents.creatorUserId, viewer.user.id)));
    if ((made?.n ?? 0) >= MAX_EVENTS_PER_PERSON) {
      throw new AppError(400, 'calendar_full', undefined, { max: MAX_EVENTS_PER_PERSON });
    }
    const [row] = await tx
      .insert(calendarEvents)
      .values({ ...fields, landlordId: viewer.landlordId, creatorUserId: viewer.user.id })
      .returning();
    if (!row) throw new Error('event not created');
    if (people.length) await tx.insert(calendarParticipants).values(people.map((userId) => ({ eventId: row.id, userId })));
    await tellParticipants(tx, row, 'event.invited', people, actorOf(viewer), row.startsAt);
    return row.id;
  });
}

const participantIds = async (tx: Db | Tx, eventId: string) =>
  (await tx.select({ id: calendarParticipants.userId }).from(calendarParticipants).where(eq(calendarParticipants.eventId, eventId))).map((r) => r.id);

async function editable(db: Db | Tx, viewer: CalendarViewer, id: string, action: 'update' | 'delete' = 'update'): Promise<EventRow> {
  const ev = await findEvent(db, viewer, id);
  if (!mayEdit(viewer, ev, action)) throw forbidden();
  return ev;
}

/** Each change raises the event's SEQUENCE, so calendar clients subscribed to the feed take the new version. */
const revised = () => ({ updatedAt: new Date(), sequence: sql`${calendarEvents.sequence} + 1` });

/** A start the event's rule really gives (an exception for any other would add an occurrence). */
function occurrenceOf(ev: EventRow, value: string): Date {
  const at = new Date(value);
  const found = occurrenceStarts(ev, new Date(at.getTime() - 1), new Date(at.getTime() + 1)).some((s) => s.getTime() === at.getTime());
  if (!found) throw invalidField('occurrence_start', (ll) => ll.errors.not_found());
  return at;
}

/** The occurrence's own time, title and description, apart from its series. */
async function changeOccurrence(tx: Tx, ev: EventRow, occurrenceStart: Date, change: Partial<typeof calendarExceptions.$inferInsert>) {
  await tx.update(calendarEvents).set(revised()).where(eq(calendarEvents.id, ev.id));
  await tx
    .insert(calendarExceptions)
    .values({ eventId: ev.id, occurrenceStart, ...change })
    .onConflictDoUpdate({ target: [calendarExceptions.eventId, calendarExceptions.occurrenceStart], set: change });
}

/**
 * The whole series, or (`occurrence_start`) one occurrence of a repeating event. New participants are
 * invited, removed ones told it is cancelled for them, the others that it changed. When a series' start
 * or rule changes, its changed occurrences (keyed by the old starts) are dropped.
 */
export async function updateEvent(db: Db, viewer: CalendarViewer, id: string, input: Input): Promise<void> {
  const current = await editable(db, viewer, id);
  const actor = actorOf(viewer);
  if (input.occurrence_start && current.rrule) {
    const occurrenceStart = occurrenceOf(current, input.occurrence_start);
    const title = titleOf(input.title);
    const { startsAt, endsAt } = timeOf({ ...input, all_day: current.allDay });
    await db.transaction(async (tx) => {
      await changeOccurrence(tx, current, occurrenceStart, { startsAt, endsAt, title, description: input.description?.trim() || null, cancelled: false });
      await tellParticipants(tx, current, 'event.changed', await participantIds(tx, id), actor, startsAt);
    });
    return;
  }
  const fields = fieldsOf(input);
  const people = await participantsOf(db, viewer.landlordId, input, id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(calendarEvents)
      .set({ ...fields, ...revised() })
      .where(eq(calendarEvents.id, id))
      .returning();
    if (!row) throw new Error('event vanished');
    if (fields.rrule !== current.rrule || fields.startsAt.getTime() !== current.startsAt.getTime()) {
      await tx.delete(calendarExceptions).where(eq(calendarExceptions.eventId, id));
    }
    const before = await participantIds(tx, id);
    const added = people.filter((p) => !before.includes(p));
    const removed = before.filter((p) => !people.includes(p));
    const kept = before.filter((p) => people.includes(p));
    if (removed.length) await tx.delete(calendarParticipants).where(and(eq(calendarParticipants.eventId, id), inArray(calendarParticipants.userId, removed)));
    if (added.length) await tx.insert(calendarParticipants).values(added.map((userId) => ({ eventId: id, userId })));
    await tellParticipants(tx, row, 'event.invited', added, actor, row.startsAt);
    await tellParticipants(tx, row, 'event.cancelled', removed, actor, row.startsAt);
    await tellParticipants(tx, row, 'event.changed', kept, actor, row.startsAt);
  });
}

/** A drag: one occurrence gets its new time, or (single event, or `series`) the whole event shifts. */
export async function moveEvent(
  db: Db,
  viewer: CalendarViewer,
  id: string,
  input: { occurrence_start: string; starts_at: string; ends_at: string; series?: boolean },
) {
  const ev = await editable(db, viewer, id);
  const { startsAt, endsAt } = timeOf({ ...input, all_day: ev.allDay });
  const occurrenceStart = ev.rrule ? occurrenceOf(ev, input.occurrence_start) : new Date(input.occurrence_start);
  await db.transaction(async (tx) => {
    if (ev.rrule && !input.series) {
      await changeOccurrence(tx, ev, occurrenceStart, { startsAt, endsAt, cancelled: false });
    } else {
      const shift = startsAt.getTime() - occurrenceStart.getTime();
      const newStart = new Date(ev.startsAt.getTime() + shift);
      const newEnd = new Date(newStart.getTime() + (endsAt.getTime() - startsAt.getTime()));
      withinYears(newStart, newEnd);
      await tx
        .update(calendarEvents)
        .set({ startsAt: newStart, endsAt: newEnd, ...revised() })
        .where(eq(calendarEvents.id, id));
      if (shift !== 0) await tx.delete(calendarExceptions).where(eq(calendarExceptions.eventId, id));
    }
    await tellParticipants(tx, ev, 'event.changed', await participantIds(tx, id), actorOf(viewer), startsAt);
  });
}

/** The whole event, or (`occurrenceStart`, repeating events) one occurrence cancelled; participants are told. */
export async function deleteEvent(db: Db, viewer: CalendarViewer, id: string, occurrenceStart?: string): Promise<void> {
  const ev = await editable(db, viewer, id, 'delete');
  await db.transaction(async (tx) => {
    const people = await participantIds(tx, id);
    if (occurrenceStart && ev.rrule) {
      const at = occurrenceOf(ev, occurrenceStart);
      await changeOccurrence(tx, ev, at, { cancelled: true });
      await tellParticipants(tx, ev, 'event.cancelled', people, actorOf(viewer), at);
      return;
    }
    await tellParticipants(tx, ev, 'event.cancelled', people, actorOf(viewer), ev.startsAt);
    await tx.delete(calendarEvents).where(eq(calendarEvents.id, id));
  });
}

type AnswerInput = { answer: 'going' | 'not_going'; scope?: 'series' | 'occurrence'; occurrence_start?: string };

/**
 * A participant's going / not going, for the series or (`scope: occurrence`) for one date of a repeating
 * event; an answer for the series replaces those given for single dates. Anyone else who sees the event is refused.
 */
export async function answerEvent(db: Db, viewer: CalendarViewer, id: string, input: AnswerInput): Promise<void> {
  const ev = await findEvent(db, viewer, id);
  const mine = and(eq(calendarParticipants.eventId, id), eq(calendarParticipants.userId, viewer.user.id));
  const [participant] = await db.select({ id: calendarParticipants.userId }).from(calendarParticipants).where(mine);
  if (!participant) throw forbidden();
  const { answer } = input;
  if (input.scope === 'occurrence' && ev.rrule) {
    if (!input.occurrence_start) throw invalidField('occurrence_start', (ll) => ll.validation.required());
    const occurrenceStart = occurrenceOf(ev, input.occurrence_start);
    await db
      .insert(calendarOccurrenceAnswers)
      .values({ eventId: id, userId: viewer.user.id, occurrenceStart, answer })
      .onConflictDoUpdate({
        target: [calendarOccurrenceAnswers.eventId, calendarOccurrenceAnswers.userId, calendarOccurrenceAnswers.occurrenceStart],
        set: { answer, answeredAt: sql`now()` },
      });
    return;
  }
  await db.transaction(async (tx) => {
    await tx.update(calendarParticipants).set({ answer, answeredAt: sql`now()` }).where(mine);
    await tx.delete(calendarOccurrenceAnswers).where(and(eq(calendarOccurrenceAnswers.eventId, id), eq(calendarOccurrenceAnswers.userId, viewer.user.id)));
  });
}
