import { describe, expect, it } from 'vitest';
import { calendarFormats, viewLabel } from './formats';

type DayFormat = (d: Date) => string;
const week = Array.from({ length: 7 }, (_, i) => new Date(2026, 11, 7 + i, 12));

describe('the calendar’s dates', () => {
  it('heads the weekdays as CLDR abbreviates them: ru пн … вс, kk дс … жс', () => {
    expect(week.map(calendarFormats('ru').weekdayFormat as DayFormat)).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
    expect(week.map(calendarFormats('kk').weekdayFormat as DayFormat)).toEqual(['дс', 'сс', 'ср', 'бс', 'жм', 'сб', 'жс']);
  });

  it('writes the list view’s days day/month/year in English as on every other screen', () => {
    expect((calendarFormats('en').agendaDateFormat as DayFormat)(new Date(2026, 11, 8, 12))).toBe('Tue 08/12/2026');
    expect((calendarFormats('ru').agendaDateFormat as DayFormat)(new Date(2026, 11, 8, 12))).toBe('вт 08.12.2026');
  });

  it('names a week by its first and last day', () => {
    expect(viewLabel('week', new Date(2026, 11, 9, 12), new Date(2026, 11, 7), 'ru')).toBe('7–13 декабря 2026\u202fг.');
    expect(viewLabel('week', new Date(2026, 11, 30, 12), new Date(2026, 11, 28), 'en')).toBe('28 December 2026\u2009–\u20093 January 2027');
  });
});
