import type { FormattersInitializer } from 'typesafe-i18n';
import type { Formatters, Locales } from './i18n-types';

/**
 * The one way each language writes numbers, areas, money and dates, everywhere in the product.
 * Written out by hand rather than left to the browser's Intl data: a browser without Kazakh number
 * data wrote "55.5" in one place and "55,5" in another, and dates fell back to ISO.
 * ru and kk: 12 345,5 and 23.11.2026, 15:05; en: 12,345.5 and 23/11/2026, 15:05.
 */
const styles: Record<Locales, { group: string; decimal: string; date: string }> = {
  ru: { group: '\u00a0', decimal: ',', date: '.' },
  kk: { group: '\u00a0', decimal: ',', date: '.' },
  en: { group: ',', decimal: '.', date: '/' },
};

/** A number with at most `digits` decimals (trailing zeros dropped), grouped by thousands. */
export function formatNumber(value: number, locale: Locales, digits = 2): string {
  if (!Number.isFinite(value)) return String(value);
  const { group, decimal } = styles[locale];
  const [whole = '0', part = ''] = Math.abs(value).toFixed(digits).split('.');
  const fraction = part.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = value < 0 && (Number(whole) > 0 || fraction !== '') ? '-' : '';
  return `${sign}${grouped}${fraction ? decimal + fraction : ''}`;
}

/** A number as a form field shows it for editing: the language's decimal mark, no grouping (the field reads a comma or a dot). */
export const formatInput = (value: number, locale: Locales) => String(value).replace('.', styles[locale].decimal);

/** Square metres, to the hundredth; the unit is in the text around it. */
export const formatArea = (value: number, locale: Locales) => formatNumber(value, locale, 2);

/** Tenge, to the tiyn, with the sign after the amount as Kazakhstan writes it. */
export const formatMoney = (value: number, locale: Locales) => `${formatNumber(value, locale, 2)}\u00a0₸`;

/** A calendar day (`2026-03-01`, a lease date) as the language writes it; no zone, so it never shifts. */
export function formatDay(iso: string, locale: Locales): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const sep = styles[locale].date;
  return `${m[3]}${sep}${m[2]}${sep}${m[1]}`;
}

/**
 * A report's row label: the server names a period's days and months as ISO (2026-03-01, 2026-03), shown
 * as the language writes dates (01.03.2026, 03.2026; 01/03/2026, 03/2026 in English). Any other label
 * (an object's name) is left as it is.
 */
export function formatBucket(label: string, locale: Locales): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(label)) return formatDay(label, locale);
  const m = /^(\d{4})-(\d{2})$/.exec(label);
  return m ? `${m[2]}${styles[locale].date}${m[1]}` : label;
}

const almaty = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Almaty',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant in Asia/Almaty time whatever the browser's zone: the day, then hours and minutes. */
export function formatDateTime(iso: string, locale: Locales): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(almaty.formatToParts(date).map((p) => [p.type, p.value]));
  return `${formatDay(`${part.year}-${part.month}-${part.day}`, locale)}, ${part.hour}:${part.minute}`;
}

/**
 * A name that a text puts in quotes: quotes of its own become the inner pair, so «ТРЦ «Mega»» reads
 * «ТРЦ „Mega“» (ru, kk) and “the “Mega” mall” reads “the ‘Mega’ mall” (en).
 */
export function nestedQuotes(value: string, locale: Locales): string {
  return locale === 'en'
    ? value.replace(/[“«]/g, '‘').replace(/[”»]/g, '’')
    : value.replace(/«/g, '„').replace(/»/g, '“');
}

export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale) => ({
  nested: (value: unknown) => nestedQuotes(String(value), locale),
});

/** An exact decimal of the API ("12345.67": money, areas of leases) written as the language writes numbers, never through a float. */
export function formatDecimal(value: string, locale: Locales): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/^-/, '').replace(/\B(?=(\d{3})+(?!\d))/g, styles[locale].group);
  return `${whole.startsWith('-') ? '-' : ''}${grouped}${fraction ? styles[locale].decimal + fraction : ''}`;
}

const monthNames: Record<Locales, string[]> = {
  ru: ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'],
  kk: ['қаңтар', 'ақпан', 'наурыз', 'сәуір', 'мамыр', 'маусым', 'шілде', 'тамыз', 'қыркүйек', 'қазан', 'қараша', 'желтоқсан'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

/** A month (`2026-11`) by its name: "Ноябрь 2026", "2026 ж. қараша", "November 2026"; anything else is left as it is. */
export function formatMonth(month: string, locale: Locales): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const name = m && monthNames[locale][Number(m[2]) - 1];
  if (!m || !name) return month;
  return locale === 'kk' ? `${m[1]} ж. ${name}` : `${name} ${m[1]}`;
}
