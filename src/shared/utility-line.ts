import type { components } from '#/api/schema';
import { formatDecimal } from '#/i18n/formatters';
import type { Locales, TranslationFunctions } from '#/i18n/i18n-types';
import { UNITS } from './meters';

type Utility = components['schemas']['UtilityDetail'];

/** A quantity without its trailing zeros ("1250.000" → "1250", "250.500" → "250.5"). */
const short = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
/** A price with at least two places ("25.5000" → "25.50", "25.1234" as it is). */
const priced = (value: string) => value.replace(/(\.\d\d\d*?)0+$/, '$1');

/**
 * What a utility line says of its meter, on the invoice screen and in its PDF and АВР alike:
 * "Электроэнергия, счётчик № E-1: 1 000 → 1 250 = 250 кВт·ч × 25,50"; an estimate and a common-area
 * share say so instead of readings.
 */
export function utilitySentence(LL: TranslationFunctions, locale: Locales, u: Utility): string {
  const t = LL.billing.utility;
  const values = {
    type: LL.meters.types[u.type](),
    unit: LL.meters.units[UNITS[u.type]](),
    consumption: formatDecimal(short(u.consumption), locale),
    tariff: formatDecimal(priced(u.tariff), locale),
  };
  if (u.common) return t.common(values);
  const meter = t.meter({ type: values.type, serial: u.serial });
  if (u.previous === null || u.current === null) return `${meter}: ${t.estimated(values)}`;
  return `${meter}: ${t.readings({ ...values, previous: formatDecimal(short(u.previous), locale), current: formatDecimal(short(u.current), locale) })}`;
}
