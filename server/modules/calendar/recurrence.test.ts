import rrulePkg from 'rrule';
import { expect, it } from 'vitest';
import { fromWall, occurrenceStarts, ruleOf, toWall } from './recurrence';

const { RRule } = rrulePkg;

/** rrule walked from the very first start: what occurrenceStarts must still give, however it starts its walk. */
function walkedFromStart(ev: { startsAt: Date; endsAt: Date; rrule: string }, from: Date, to: Date) {
  const duration = ev.endsAt.getTime() - ev.startsAt.getTime();
  const rule = new RRule({ ...RRule.parseString(ev.rrule), dtstart: toWall(ev.startsAt) });
  return rule
    .between(toWall(new Date(from.getTime() - duration - 86_400_000)), toWall(new Date(to.getTime() + 86_400_000)), true)
    .map(fromWall)
    .filter((s) => s < to && s.getTime() + duration > from.getTime());
}

it('an event repeating for years gives the same occurrences in a late window as a walk from its first start', () => {
  const from = new Date('2026-11-01T00:00:00Z');
  const to = new Date('2026-12-01T00:00:00Z');
  const cases = [
    { start: '2000-01-03T04:00:00Z', repeat: { freq: 'daily' as const } },
    { start: '2001-05-09T13:30:00Z', repeat: { freq: 'weekly' as const, weekdays: [0, 2, 4] } },
    { start: '2003-02-28T19:30:00Z', repeat: { freq: 'weekly' as const } },
    { start: '2005-01-15T05:00:00Z', repeat: { freq: 'monthly' as const } },
    { start: '2020-06-01T05:00:00Z', repeat: { freq: 'daily' as const, until: '2026-11-15' } },
  ];
  for (const c of cases) {
    const startsAt = new Date(c.start);
    const ev = { startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), rrule: ruleOf(c.repeat, startsAt) as string };
    const expected = walkedFromStart(ev, from, to);
    expect(expected.length, c.start).toBeGreaterThan(0);
    expect(occurrenceStarts(ev, from, to).map((d) => d.toISOString())).toEqual(expected.map((d) => d.toISOString()));
  }
});

it('a counted series is walked from its start: its count is of occurrences since then', () => {
  const startsAt = new Date('2026-10-01T04:00:00Z');
  const ev = { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), rrule: ruleOf({ freq: 'daily', count: 40 }, startsAt) as string };
  const starts = occurrenceStarts(ev, new Date('2026-11-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'));
  // 1 October + 39 days = 9 November, the last of forty.
  expect(starts.at(-1)?.toISOString()).toBe('2026-11-09T04:00:00.000Z');
  expect(starts).toHaveLength(9);
});
