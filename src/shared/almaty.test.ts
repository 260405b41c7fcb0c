import { describe, expect, it } from 'vitest';
import { almatyDay, almatyInstant, almatyParts, almatyToday, fromAlmatyClock, fromAlmatyInput, leaseTermEnd, toAlmatyClock, toAlmatyInput } from './almaty';

describe('Almaty days', () => {
  it('takes the day on Almaty’s calendar: 19:30 UTC is already the next day', () => {
    expect(almatyToday(new Date('2031-01-31T18:30:00Z'))).toBe('2031-01-31');
    expect(almatyToday(new Date('2031-01-31T19:30:00Z'))).toBe('2031-02-01');
  });
  it('counts days from Almaty’s today, across months and years', () => {
    const lateEvening = new Date('2031-12-31T19:30:00Z'); // already 1 January 2032 in Almaty
    expect(almatyDay(0, lateEvening)).toBe('2032-01-01');
    expect(almatyDay(-1, lateEvening)).toBe('2031-12-31');
    expect(almatyDay(31, lateEvening)).toBe('2032-02-01');
  });
  it('reads a datetime-local value as Almaty’s wall clock, and writes an instant back as one', () => {
    expect(fromAlmatyInput('2031-02-01T00:30')).toBe('2031-01-31T19:30:00.000Z');
    expect(toAlmatyInput('2031-01-31T19:30:00.000Z')).toBe('2031-02-01T00:30');
  });
  it('splits an instant into Almaty’s day and time, and joins them back', () => {
    expect(almatyParts('2031-01-31T19:30:00.000Z')).toEqual({ date: '2031-02-01', time: '00:30' });
    expect(almatyInstant('2031-02-01', '00:30')).toBe('2031-01-31T19:30:00.000Z');
    expect(almatyInstant('2031-02-01')).toBe('2031-01-31T19:00:00.000Z');
  });
  it('draws an instant on Almaty’s clock in the local fields of a Date, and reads it back, whatever the zone', () => {
    const shown = toAlmatyClock('2031-01-31T19:30:00.000Z');
    expect([shown.getFullYear(), shown.getMonth(), shown.getDate(), shown.getHours(), shown.getMinutes()]).toEqual([2031, 1, 1, 0, 30]);
    expect(fromAlmatyClock(shown).toISOString()).toBe('2031-01-31T19:30:00.000Z');
    expect(fromAlmatyClock(new Date(2031, 1, 1, 10, 0)).toISOString()).toBe('2031-02-01T05:00:00.000Z');
  });
});

describe('a lease term from a renter card’s date', () => {
  it('runs a year to the day before the anniversary, or whole years until it reaches today', () => {
    expect(leaseTermEnd('2026-01-15', '2026-11-27')).toBe('2027-01-14');
    expect(leaseTermEnd('2026-01-01', '2026-05-01')).toBe('2026-12-31');
    expect(leaseTermEnd('2024-02-29', '2024-03-01')).toBe('2025-02-28');
    // Registered in June 2023: four whole years, the fewest whose end is not before today.
    expect(leaseTermEnd('2023-06-10', '2026-11-27')).toBe('2027-06-09');
    expect(leaseTermEnd('2025-11-28', '2026-11-27')).toBe('2026-11-27');
  });
});
