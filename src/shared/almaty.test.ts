import { describe, expect, it } from 'vitest';
import { almatyDay, almatyToday, fromAlmatyInput, toAlmatyInput } from './almaty';

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
});
