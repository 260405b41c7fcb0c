import type { Locales } from '../../i18n/i18n-types';

/** A lease date (ISO day, no time) as the user's language writes it; UTC so the day never shifts. */
export function formatDay(iso: string, locale: Locales): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Square metres with at most two decimals, in the user's number style. */
export function formatArea(value: number, locale: Locales): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}
