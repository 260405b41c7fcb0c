import { ALMATY_OFFSET_MS } from '../../../../src/shared/almaty';

/**
 * The landlord's working week on Almaty's clock: ISO weekdays (1 Monday … 7 Sunday), the minutes of the
 * day it starts and ends (540–1080 is 09:00–18:00), and the public holidays (YYYY-MM-DD) it is off.
 */
export type WorkWeek = { days: readonly number[]; from: number; to: number; holidays: ReadonlySet<string> };
/** What an SLA counts: every minute, or only the working week's. */
export type Clock = { kind: 'calendar' } | { kind: 'working'; week: WorkWeek };

const MINUTE = 60_000;
const DAY = 86_400_000;
// Past three years of days without a working minute (every day a holiday), a deadline is counted on the calendar.
const MAX_DAYS = 3 * 366;

/** The instant the Almaty day holding `t` starts (Almaty has no DST: UTC+5 all year). */
const dayStart = (t: number) => Math.floor((t + ALMATY_OFFSET_MS) / DAY) * DAY - ALMATY_OFFSET_MS;

/** The working window of the Almaty day starting at `start`, or null on a day off or a holiday. */
function windowOf(start: number, week: WorkWeek): [number, number] | null {
  const wall = new Date(start + ALMATY_OFFSET_MS);
  const weekday = wall.getUTCDay() || 7;
  if (!week.days.includes(weekday) || week.holidays.has(wall.toISOString().slice(0, 10))) return null;
  return [start + week.from * MINUTE, start + week.to * MINUTE];
}

/** `start` plus `minutes` of the working week: time outside its hours, on days off and on holidays does not count. */
export function addWorkingMinutes(start: Date, minutes: number, week: WorkWeek): Date {
  let left = minutes * MINUTE;
  if (left <= 0) return start;
  const t = start.getTime();
  for (let i = 0, day = dayStart(t); i < MAX_DAYS; i++, day += DAY) {
    const w = windowOf(day, week);
    if (!w) continue;
    const from = Math.max(t, w[0]);
    if (from >= w[1]) continue;
    if (left <= w[1] - from) return new Date(from + left);
    left -= w[1] - from;
  }
  return new Date(t + minutes * MINUTE);
}

/** The working minutes between two instants (0 when `to` is not after `from`), whole minutes rounded. */
export function workingMinutesBetween(from: Date, to: Date, week: WorkWeek): number {
  const a = from.getTime();
  const b = to.getTime();
  let ms = 0;
  for (let day = dayStart(a); day < b; day += DAY) {
    const w = windowOf(day, week);
    if (w) ms += Math.max(0, Math.min(b, w[1]) - Math.max(a, w[0]));
  }
  return Math.round(ms / MINUTE);
}

/** `start` plus `minutes` on the clock. */
export const addClockMinutes = (clock: Clock, start: Date, minutes: number): Date =>
  clock.kind === 'working' ? addWorkingMinutes(start, minutes, clock.week) : new Date(start.getTime() + minutes * MINUTE);

/** The clock's minutes between two instants: how long a pause stopped it. */
export const clockMinutesBetween = (clock: Clock, from: Date, to: Date): number =>
  clock.kind === 'working' ? workingMinutesBetween(from, to, clock.week) : Math.max(0, Math.round((to.getTime() - from.getTime()) / MINUTE));
