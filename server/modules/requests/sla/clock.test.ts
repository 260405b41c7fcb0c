import { describe, expect, it } from 'vitest';
import { addClockMinutes, addWorkingMinutes, clockMinutesBetween, type WorkWeek, workingMinutesBetween } from './clock';

// Mon–Fri 09:00–18:00 in Almaty (UTC+5), with 2026-03-23 (a Monday of Nauryz) off.
const week: WorkWeek = { days: [1, 2, 3, 4, 5], from: 540, to: 1080, holidays: new Set(['2026-03-23']) };
const at = (local: string) => new Date(`${local}+05:00`);
const iso = (d: Date) => d.toISOString();
const H = 60;

describe("working hours on Almaty's clock", () => {
  it('adds within one working day', () => {
    expect(iso(addWorkingMinutes(at('2026-03-17T10:00:00'), 4 * H, week))).toBe(iso(at('2026-03-17T14:00:00')));
  });

  it('starts counting at 09:00 when created before the day starts, and ends exactly at 18:00', () => {
    expect(iso(addWorkingMinutes(at('2026-03-17T07:30:00'), 9 * H, week))).toBe(iso(at('2026-03-17T18:00:00')));
  });

  it('carries the rest of the evening over to the next working day', () => {
    // Tuesday 16:00 + 4 h: 2 h on Tuesday, 2 h on Wednesday from 09:00.
    expect(iso(addWorkingMinutes(at('2026-03-17T16:00:00'), 4 * H, week))).toBe(iso(at('2026-03-18T11:00:00')));
    // Created at night: counted from the next morning.
    expect(iso(addWorkingMinutes(at('2026-03-17T22:00:00'), 30, week))).toBe(iso(at('2026-03-18T09:30:00')));
  });

  it('skips the weekend', () => {
    // Friday 17:00 + 2 h: 1 h on Friday, 1 h on Monday.
    expect(iso(addWorkingMinutes(at('2026-03-13T17:00:00'), 2 * H, week))).toBe(iso(at('2026-03-16T10:00:00')));
    // Saturday: nothing counts until Monday 09:00.
    expect(iso(addWorkingMinutes(at('2026-03-14T12:00:00'), 1, week))).toBe(iso(at('2026-03-16T09:01:00')));
  });

  it('skips a weekend followed by a public holiday', () => {
    // Friday 2026-03-20 17:00 + 2 h: Saturday, Sunday and Monday the 23rd (Nauryz) are off.
    expect(iso(addWorkingMinutes(at('2026-03-20T17:00:00'), 2 * H, week))).toBe(iso(at('2026-03-24T10:00:00')));
  });

  it("is independent of the server's own zone: an instant before midnight UTC is already the next Almaty day", () => {
    // 2026-03-16 20:00 UTC is Tuesday 01:00 in Almaty.
    expect(iso(addWorkingMinutes(new Date('2026-03-16T20:00:00Z'), 60, week))).toBe(iso(at('2026-03-17T10:00:00')));
  });

  it('counts the working minutes between two instants: a pause over a weekend and a holiday', () => {
    // Paused Friday 2026-03-20 at 16:00, resumed Tuesday 2026-03-24 at 10:30: 2 h + 1.5 h.
    expect(workingMinutesBetween(at('2026-03-20T16:00:00'), at('2026-03-24T10:30:00'), week)).toBe(3.5 * H);
    expect(workingMinutesBetween(at('2026-03-21T10:00:00'), at('2026-03-22T10:00:00'), week)).toBe(0);
    expect(workingMinutesBetween(at('2026-03-24T10:00:00'), at('2026-03-24T09:00:00'), week)).toBe(0);
  });

  it('a pause extends the deadline by the working time it held', () => {
    // A 9-hour SLA from Thursday 09:00 ends Thursday 18:00; paused from 12:00 to Friday 12:00 (9 working hours), it ends Friday 18:00.
    const created = at('2026-03-19T09:00:00');
    const paused = clockMinutesBetween({ kind: 'working', week }, at('2026-03-19T12:00:00'), at('2026-03-20T12:00:00'));
    expect(paused).toBe(9 * H);
    expect(iso(addClockMinutes({ kind: 'working', week }, created, 9 * H + paused))).toBe(iso(at('2026-03-20T18:00:00')));
    // On the calendar clock the same pause is 24 hours.
    expect(clockMinutesBetween({ kind: 'calendar' }, at('2026-03-19T12:00:00'), at('2026-03-20T12:00:00'))).toBe(24 * H);
    expect(iso(addClockMinutes({ kind: 'calendar' }, created, 9 * H + 24 * H))).toBe(iso(at('2026-03-20T18:00:00')));
  });

  it('falls back to the calendar when the week has no working minute at all', () => {
    const never: WorkWeek = { days: [], from: 540, to: 1080, holidays: new Set() };
    expect(iso(addWorkingMinutes(at('2026-03-17T10:00:00'), 60, never))).toBe(iso(at('2026-03-17T11:00:00')));
    expect(iso(addWorkingMinutes(at('2026-03-17T10:00:00'), 0, week))).toBe(iso(at('2026-03-17T10:00:00')));
  });
});
