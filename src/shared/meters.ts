/**
 * Meters' quantities as exact decimals with three places (thousandths as BigInt), never floats: a
 * dial's figure, a consumption.
 */

/** What a meter measures: one list for the database's enum, the import and the screens. */
export const meterTypes = ['electricity', 'cold_water', 'hot_water', 'heat', 'gas'] as const;
export type MeterType = (typeof meterTypes)[number];

/** What each type is measured in. */
export const UNITS: Record<MeterType, 'kwh' | 'm3' | 'gcal'> = {
  electricity: 'kwh',
  cold_water: 'm3',
  hot_water: 'm3',
  heat: 'gcal',
  gas: 'm3',
};

/** A decimal with at most three places ("12.5", "-3", "0.125") as thousandths. */
export function thousandths(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(value.trim());
  if (!m) throw new Error(`not a quantity: ${value}`);
  const whole = BigInt(m[2] as string) * 1000n + BigInt((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -whole : whole;
}

/** Thousandths as a decimal with three places. */
export function quantity(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 1000n}.${String(abs % 1000n).padStart(3, '0')}`;
}

/**
 * What a meter counted between two readings, times its multiplier: a current reading below the previous
 * one is taken as the dial rolling over past all nines (10^digits), never as a negative consumption.
 * The product is rounded half up to thousandths.
 */
export function consumption(previous: string, current: string, digits: number, multiplier: string): string {
  let counted = thousandths(current) - thousandths(previous);
  if (counted < 0n) counted += 10n ** BigInt(digits) * 1000n;
  const product = counted * thousandths(multiplier);
  return quantity((product + 500n) / 1000n);
}

/** Whether a reading below the previous one can be a rollover: the dial was near its end (the last tenth of its range). */
export function canRollOver(previous: string, digits: number): boolean {
  return thousandths(previous) * 10n >= 9n * 10n ** BigInt(digits) * 1000n;
}
