import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, { ICalAlarmType, type ICalEventData } from 'ical-generator';
import { ALMATY } from '../../../src/shared/almaty';
import type { calendarEvents } from '../../db/schema';
import type { Exception } from './expand';
import { fromWall, toWall } from './recurrence';

type EventRow = typeof calendarEvents.$inferSelect;

// ical-generator writes a Date with a TZID in the process's own zone; a dayjs value it turns to the TZID's.
dayjs.extend(utc);
dayjs.extend(timezone);
const zoned = (at: Date) => dayjs(at);

/**
 * Asia/Almaty as subscribers must read it, written here rather than fetched so the feed needs no network:
 * UTC+6 until 1 March 2024, UTC+5 since (no daylight saving in the years events may lie in).
 */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${ALMATY}`,
  `X-LIC-LOCATION:${ALMATY}`,
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0600',
  'TZOFFSETTO:+0600',
  'TZNAME:+06',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0600',
  'TZOFFSETTO:+0500',
  'TZNAME:+05',
  'DTSTART:20240301T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const compact = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** Almaty's wall clock as iCalendar writes a TZID time (20270301T100000). */
const wallText = (at: Date) => compact(toWall(at).toISOString()).slice(0, 15);
/** Almaty's calendar day (20270301). */
const dayText = (at: Date) => wallText(at).slice(0, 8);
const dayOnly = (at: Date) => toWall(at).toISOString().slice(0, 10);

/**
 * The stored rule's UNTIL is a wall-clock day's end written with a Z (rrule expands floating times);
 * with a TZID start RFC 5545 wants UNTIL in UTC, and a date for an all-day series.
 */
function ruleLine(ev: EventRow, rule: string): string {
  return rule.replace(/UNTIL=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, (_m, y, mo, d, h, mi, s) => {
    if (ev.allDay) return `UNTIL=${y}${mo}${d}`;
    return `UNTIL=${compact(fromWall(new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`)).toISOString())}`;
  });
}

/** What the series and its changed occurrences share: UID, SEQUENCE, alarms, stamp, zone. */
function common(ev: EventRow): Omit<ICalEventData, 'start'> {
  return {
    id: `${ev.id}@mall-crm`,
    sequence: ev.sequence,
    stamp: ev.updatedAt,
    lastModified: ev.updatedAt,
    timezone: ev.allDay ? null : ALMATY,
    alarms: ev.reminders.map((minutes) => ({ type: ICalAlarmType.display, trigger: minutes * 60, description: ev.title })),
  };
}

/** The time fields: an all-day event is a date on Almaty's calendar, whatever the subscriber's zone. */
const when = (ev: EventRow, start: Date, end: Date) =>
  ev.allDay ? { allDay: true, start: dayOnly(start), end: dayOnly(end) } : { start: zoned(start), end: zoned(end) };

/**
 * The iCalendar text of `events`: each as one VEVENT with a stable UID; a series keeps its RRULE, its
 * cancelled dates as EXDATE and each changed date as a VEVENT of the same UID with its RECURRENCE-ID.
 * Run on a worker thread (server/workers), with the events' exceptions read beforehand.
 */
export function icsText(input: { events: EventRow[]; exceptions: Exception[]; name: string }): string {
  const { events, name } = input;
  const cal = ical({ name, prodId: { company: 'mall-crm', product: 'calendar', language: 'RU' } });
  // No calendar-wide zone: DTSTAMP and LAST-MODIFIED stay in UTC; each timed event names Almaty.
  cal.timezone({ name: null, generator: (tz) => (tz === ALMATY ? VTIMEZONE : null) });
  const exceptions = new Map<string, Exception[]>();
  for (const x of input.exceptions) exceptions.get(x.eventId)?.push(x) ?? exceptions.set(x.eventId, [x]);
  for (const ev of events) {
    const changes: Exception[] = exceptions.get(ev.id) ?? [];
    const cancelled = changes.filter((x) => x.cancelled).map((x) => x.occurrenceStart);
    const exdate = cancelled.length
      ? ev.allDay
        ? `\r\nEXDATE;VALUE=DATE:${cancelled.map(dayText).join(',')}`
        : `\r\nEXDATE;TZID=${ALMATY}:${cancelled.map(wallText).join(',')}`
      : '';
    cal.createEvent({
      ...common(ev),
      ...when(ev, ev.startsAt, ev.endsAt),
      summary: ev.title,
      description: ev.description,
      ...(ev.rrule && { repeating: `RRULE:${ruleLine(ev, ev.rrule)}${exdate}` }),
    });
    if (!ev.rrule) continue;
    const duration = ev.endsAt.getTime() - ev.startsAt.getTime();
    for (const x of changes.filter((c) => !c.cancelled)) {
      const start = x.startsAt ?? x.occurrenceStart;
      cal.createEvent({
        ...common(ev),
        ...when(ev, start, x.endsAt ?? new Date(start.getTime() + duration)),
        recurrenceId: ev.allDay ? dayOnly(x.occurrenceStart) : zoned(x.occurrenceStart),
        summary: x.title ?? ev.title,
        description: x.description ?? ev.description,
      });
    }
  }
  // Every content line, the last one included, ends with CRLF.
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
