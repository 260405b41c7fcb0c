import type { components } from '#/api/schema';
import { formatDecimal, formatMonth } from '#/i18n/formatters';
import { useI18nContext } from '#/i18n/i18n-react';
import { UNITS } from '#/shared/meters';

type MeterType = components['schemas']['MeterType'];

/** A meter's words: its type, its unit, where it is, its figures as the language writes numbers (exact, never through a float). */
export function useMeterText() {
  const { LL, locale } = useI18nContext();
  const t = LL.meters;
  return {
    type: (type: MeterType) => t.types[type](),
    unit: (type: MeterType) => t.units[UNITS[type]](),
    /** The unit's number, or the common area. */
    where: (m: { object: { name: string }; room: { number: string } | null }, withObject = true) => {
      const here = m.room ? t.room({ number: m.room.number }) : t.commonArea();
      return withObject ? `${m.object.name}, ${here}` : here;
    },
    /** "12 345,5" for "12345.500": trailing zeros of the three places dropped. */
    figure: (value: string | null) => (value === null ? '—' : formatDecimal(value.includes('.') ? value.replace(/\.?0+$/, '') : value, locale)),
    month: (period: string) => formatMonth(period.slice(0, 7), locale),
    /** The month inside a sentence: Russian writes it in small letters there ("за ноябрь 2026"). */
    monthIn: (period: string) => {
      const name = formatMonth(period.slice(0, 7), locale);
      return locale === 'ru' ? name.charAt(0).toLowerCase() + name.slice(1) : name;
    },
  };
}
