import { and, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarEvents, calendarParticipants, calendarRemindersSent } from '../../db/schema';
import { every, type Job } from '../../jobs/every';
import { notifyEach } from '../notifications/notify';
import { eventNotice } from './notices';
import { expandEvents } from './queries';

/**
 * A reminder more than this late (the API was down) is dropped rather than sent: a "starts in 10 minutes"
 * told an hour after the start helps nobody. Fifteen minutes covers a restart and several missed runs.
 */
export const REMINDER_LATE_MS = 15 * 60_000;
const LONGEST_OFFSET_MS = 1440 * 60_000;

/**
 * One run of the reminder job: every reminder due in the last REMINDER_LATE_MS is recorded in
 * calendar_reminders_sent, whose key (event, occurrence start, offset) lets ONE insert win; only the
 * rows this run inserted (ON CONFLICT DO NOTHING RETURNING) are told, in the same transaction. So with
 * several processes, or a run repeated after a restart, each participant hears of each reminder once.
 * The creator and the participants are told; pushed only when the event's push is on.
 */
export async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  // Read and expanded (on a worker thread) before the transaction: on PGlite an open transaction holds the one connection.
  const from = new Date(now.getTime() - REMINDER_LATE_MS);
  const to = new Date(now.getTime() + LONGEST_OFFSET_MS + 1);
  const events = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        sql`cardinality(${calendarEvents.reminders}) > 0`,
        lt(calendarEvents.startsAt, to),
        or(isNotNull(calendarEvents.rrule), gt(calendarEvents.endsAt, from)),
      ),
    );
  if (events.length === 0) return 0;
  // The window is a day and a quarter of an hour and a series repeats at most daily: about two
  // occurrences a series, so every one is taken (a cap would drop reminders without a word).
  const { occurrences } = await expandEvents(db, events, from, to, Number.MAX_SAFE_INTEGER);
  // Each due reminder by its calendar_reminders_sent key, with the start and title it tells (a changed occurrence's own).
  const keyOf = (eventId: string, occurrenceStart: Date, offset: number) => `${eventId} ${occurrenceStart.getTime()} ${offset}`;
  const due = new Map<string, { eventId: string; occurrenceStart: Date; offset: number; startsAt: Date; title: string }>();
  for (const o of occurrences) {
    for (const offset of o.event.reminders) {
      const at = o.startsAt.getTime() - offset * 60_000;
      if (at > from.getTime() && at <= now.getTime()) {
        due.set(keyOf(o.event.id, o.occurrenceStart, offset), {
          eventId: o.event.id,
          occurrenceStart: o.occurrenceStart,
          offset,
          startsAt: o.startsAt,
          title: o.title,
        });
      }
    }
  }
  if (due.size === 0) return 0;
  return db.transaction(async (tx) => {
    const won = await tx
      .insert(calendarRemindersSent)
      .values([...due.values()].map(({ eventId, occurrenceStart, offset }) => ({ eventId, occurrenceStart, offset })))
      .onConflictDoNothing()
      .returning();
    if (won.length === 0) return 0;
    const ids = [...new Set(won.map((w) => w.eventId))];
    const people = await tx
      .select({ eventId: calendarParticipants.eventId, userId: calendarParticipants.userId })
      .from(calendarParticipants)
      .where(inArray(calendarParticipants.eventId, ids));
    const byId = new Map(events.map((e) => [e.id, { event: e, recipients: [e.creatorUserId] }]));
    for (const p of people) byId.get(p.eventId)?.recipients.push(p.userId);
    const system = { userId: null, name: '' };
    const batch = won.flatMap((w) => {
      const of = byId.get(w.eventId);
      if (!of) return [];
      const d = due.get(keyOf(w.eventId, w.occurrenceStart, w.offset));
      const ev = d ? { ...of.event, title: d.title } : of.event;
      return [{ push: of.event.push, recipients: of.recipients, notice: eventNotice(ev, 'event.reminder', system, d?.startsAt ?? w.occurrenceStart) }];
    });
    await notifyEach(
      tx,
      batch.filter((b) => b.push),
    );
    await notifyEach(
      tx,
      batch.filter((b) => !b.push),
      { deliver: false },
    );
    return won.length;
  });
}

/** Every `intervalMs` (CALENDAR_REMINDER_INTERVAL_MS, 30 s; 0 disables it), never overlapping itself; stop() waits for a run. */
export function startReminderJob(db: Db, intervalMs: number, onError: (err: unknown) => void): Job {
  return every(intervalMs, () => sendDueReminders(db), onError);
}
