/**
 * Tenge and square metres as exact decimals: strings in the API, numeric in the database, BigInt in
 * between (never a float). Both have two digits after the point.
 */

/** "12345.67" → 1234567n (hundredths); "-0.5" → -50n (an adjustment's discount). */
export function hundredths(value: string): bigint {
  const trimmed = value.trim();
  if (trimmed.startsWith('-')) return -hundredths(trimmed.slice(1));
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
}

/** 1234567n → "12345.67". */
export function decimal(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * The rent of `area` m² at `rate` tenge per m² per month: the exact product (four decimals) rounded
 * half up to the tiyn. A lease's monthly total is this of its rooms' summed area.
 */
export function rentOf(area: string, rate: string): string {
  const product = hundredths(area) * hundredths(rate); // ten-thousandths
  return decimal((product + 50n) / 100n);
}

/** The rate grown by `percent` (two decimals), rounded half up to the tiyn: a renewal's indexation. */
export function indexed(rate: string, percent: string | null): string {
  if (!percent) return decimal(hundredths(rate));
  const grown = hundredths(rate) * (10000n + hundredths(percent)); // hundredths × ten-thousandths
  return decimal((grown + 5000n) / 10000n);
}

/** `percent` (two decimals) of an amount, rounded half up to the tiyn: VAT on a net amount. */
export function percentOf(amount: string, percent: string): string {
  return decimal((hundredths(amount) * hundredths(percent) + 5000n) / 10000n);
}

export const sum = (values: string[]) => decimal(values.reduce((total, v) => total + hundredths(v), 0n));
