import dayjs from 'dayjs';
import type { Formats, View } from 'react-big-calendar';
import { formatDay } from '../../i18n/formatters';
import type { Locales } from '../../i18n/i18n-types';

// The calendar's dates as every other screen writes them: day/month/year, weekdays as CLDR abbreviates
// them (ru «пн … вс», kk «дс … жс»). The Dates here are display Dates: their local fields are Almaty's.
const intlLocale = { ru: 'ru', kk: 'kk', en: 'en-GB' } as const;

const weekdayOf = (locale: Locales) => {
  const f = new Intl.DateTimeFormat(intlLocale[locale], { weekday: 'short' });
  return (d: Date) => f.format(d).replace(/\.$/, '');
};
const dayMonth = (locale: Locales) => {
  const f = new Intl.DateTimeFormat(intlLocale[locale], { day: 'numeric', month: 'short' });
  return (d: Date) => f.format(d);
};
const monthYear = (locale: Locales) => new Intl.DateTimeFormat(intlLocale[locale], { month: 'long', year: 'numeric' });
const longDay = (locale: Locales) => new Intl.DateTimeFormat(intlLocale[locale], { day: 'numeric', month: 'long', year: 'numeric' });

/** A display Date's own day, `YYYY-MM-DD` (the address keeps it). */
export const dayOf = (d: Date) => dayjs(d).format('YYYY-MM-DD');

/** react-big-calendar's formats for `locale`. */
export function calendarFormats(locale: Locales): Formats {
  const weekday = weekdayOf(locale);
  const day = (d: Date) => formatDay(dayOf(d), locale);
  const range = ({ start, end }: { start: Date; end: Date }) => `${day(start)} – ${day(end)}`;
  return {
    weekdayFormat: (d: Date) => weekday(d),
    dayFormat: (d: Date) => `${weekday(d)} ${dayMonth(locale)(d)}`,
    agendaDateFormat: (d: Date) => `${weekday(d)} ${day(d)}`,
    dayHeaderFormat: (d: Date) => `${weekday(d)} ${day(d)}`,
    dayRangeHeaderFormat: range,
    agendaHeaderFormat: range,
  };
}

/**
 * The toolbar's label: a month and its year, a day in words, and for a week its first and last day
 * (4–10 Jan 2027, 28 Dec 2026 – 3 Jan 2027).
 */
export function viewLabel(view: View, date: Date, weekStart: Date, locale: Locales): string {
  if (view === 'month' || view === 'agenda') return monthYear(locale).format(date);
  if (view === 'day') return `${longDay(locale).format(date)}, ${weekdayOf(locale)(date)}`;
  const end = new Date(weekStart.getFullYear(), weekStart.getMonth(), weekStart.getDate() + 6, 12);
  return longDay(locale).formatRange(weekStart, end);
}
