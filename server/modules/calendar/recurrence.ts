import rrulePkg, { type Weekday } from 'rrule';
import type { components } from '../../../src/api/schema';
import { ALMATY } from '../../../src/shared/almaty';

const { RRule } = rrulePkg;

export type Repeat = components['schemas']['CalendarRepeat'];

/** The centres' clock: repeating events keep their wall time here (a weekly 10:00 stays 10:00). */
const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: ALMATY,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Almaty's clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: Date): number {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant as Almaty's wall clock reads it, written in a Date's UTC fields ("floating" time, as rrule expects). */
export const toWall = (at: Date) => new Date(at.getTime() + offsetAt(at));
/** Back from Almaty's wall clock to the instant. */
export const fromWall = (wall: Date) => new Date(wall.getTime() - offsetAt(new Date(wall.getTime() - offsetAt(wall))));

/** Almaty's midnight of the day `at` falls on. */
export function almatyMidnight(at: Date): Date {
  const wall = toWall(at);
  return fromWall(new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate())));
}

const DAY = 86_400_000;
const WEEK = 7 * DAY;

const freqs = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY, yearly: RRule.YEARLY } as const;
const weekdays = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/** The RRULE line (without DTSTART) of a repeat, or null for none. `until` is a day, inclusive, in wall time. */
export function ruleOf(repeat: Repeat | undefined, startsAt: Date): string | null {
  if (!repeat || repeat.freq === 'none') return null;
  const days = repeat.freq === 'weekly' ? [...new Set(repeat.weekdays?.length ? repeat.weekdays : [(toWall(startsAt).getUTCDay() + 6) % 7])].sort() : undefined;
  const until = repeat.until ? new Date(`${repeat.until}T23:59:59Z`) : undefined;
  return RRule.optionsToString({
    freq: freqs[repeat.freq],
    ...(days && { byweekday: days.map((d) => weekdays[d] as Weekday) }),
    ...(until ? { until } : repeat.count ? { count: repeat.count } : {}),
  }).replace(/^RRULE:/, '');
}

/** The repeat the form shows for a stored RRULE line. */
export function repeatOf(rule: string | null): Repeat {
  if (!rule) return { freq: 'none' };
  const o = RRule.parseString(rule);
  const freq = (Object.entries(freqs).find(([, f]) => f === o.freq)?.[0] ?? 'none') as Repeat['freq'];
  const days = ((o.byweekday ?? []) as Array<Weekday | number>).map((d) => (typeof d === 'number' ? d : d.weekday));
  return {
    freq,
    ...(freq === 'weekly' && { weekdays: days }),
    until: o.until ? o.until.toISOString().slice(0, 10) : null,
    count: o.count ?? null,
  };
}

/**
 * The starts the rule gives occurrences overlapping [from, to): the rule runs on Almaty's wall clock
 * from the event's first start, so daylight or offset changes never move an occurrence's hour.
 */
export function occurrenceStarts(ev: { startsAt: Date; endsAt: Date; rrule: string | null }, from: Date, to: Date, limit = 2000): Date[] {
  const duration = ev.endsAt.getTime() - ev.startsAt.getTime();
  if (!ev.rrule) return ev.startsAt < to && ev.endsAt > from ? [ev.startsAt] : [];
  const options = RRule.parseString(ev.rrule);
  // A day of margin each side covers any offset between the wall clock and UTC.
  const after = toWall(new Date(from.getTime() - duration - DAY));
  let dtstart = toWall(ev.startsAt);
  // rrule walks every occurrence from the first start: a daily event of years ago would be walked day
  // by day on each read. Without a count, daily and weekly rules repeat whole weeks, so the walk may
  // start the last whole week before the window (the product's rules have no interval).
  if (!options.count && (options.freq === RRule.DAILY || options.freq === RRule.WEEKLY) && dtstart < after) {
    dtstart = new Date(dtstart.getTime() + Math.floor((after.getTime() - dtstart.getTime()) / WEEK) * WEEK);
  }
  const rule = new RRule({ ...options, dtstart });
  const out: Date[] = [];
  rule.between(after, toWall(new Date(to.getTime() + DAY)), true, (wall) => {
    const start = fromWall(wall);
    if (start < to && start.getTime() + duration > from.getTime()) out.push(start);
    return out.length < limit;
  });
  return out;
}
