import { addDays, addMonths, monthOf } from '#/shared/days';
import { consumption, quantity, thousandths } from '#/shared/meters';
import { decimal, hundredths } from '#/shared/money';

/**
 * A month's utilities worked out from what the run read: exact decimals as BigInt throughout
 * (quantities in thousandths, prices in ten-thousandths, money in hundredths), no database here.
 */

/** Rounds n / d half away from zero: a negative correction rounds as its positive twin. */
function divRound(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (a * 2n + b) / (2n * b);
  return negative ? -q : q;
}

/** A price with at most four places ("25.5", "25.5000") as ten-thousandths. */
function tenThousandths(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(value.trim());
  if (!m) throw new Error(`not a price: ${value}`);
  const whole = BigInt(m[2] as string) * 10000n + BigInt((m[3] ?? '').padEnd(4, '0'));
  return m[1] ? -whole : whole;
}

const price = (value: bigint) => `${value / 10000n}.${String(value % 10000n).padStart(4, '0')}`;

export type TariffStep = { startsOn: string; price: string };
/** A type's prices over a month: Σ price × days (ten-thousandths × days) and the month's days. */
export type MonthTariff = { priceDays: bigint; days: number; tariff: string };

/**
 * The month's tariff of a type from the landlord's steps: each day at the price in force on it (the
 * latest step started by then), so a change inside the month is prorated by days; `tariff` is the mean
 * by days, four places. Days before the landlord's first step take that step's price: a tariff entered
 * mid-month is the one the month is billed at. Null when no step starts by the month's end.
 */
export function monthTariff(steps: TariffStep[], period: string): MonthTariff | null {
  const month = monthOf(period);
  const known = steps.filter((s) => s.startsOn <= month.last).sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  if (known.length === 0) return null;
  let priceDays = 0n;
  // A month has at most 31 days: each priced by the step in force on it.
  for (let day = month.first; day <= month.last; day = addDays(day, 1)) {
    const step = known.findLast((s) => s.startsOn <= day) ?? (known[0] as TariffStep);
    priceDays += tenThousandths(step.price);
  }
  return { priceDays, days: month.days, tariff: price(divRound(priceDays, BigInt(month.days))) };
}

/** Consumption × the month's prices by days, rounded half up to the tiyn once. */
export function utilityAmount(used: string, tariff: MonthTariff): string {
  // thousandths × ten-thousandths = 10^-7 tenge; to hundredths: ÷ 10^5, and ÷ the month's days.
  return decimal(divRound(thousandths(used) * tariff.priceDays, 100000n * BigInt(tariff.days)));
}

/** VAT of a net amount at `rate` per cent, half up; a negative amount (a correction) takes back its share. */
export function vatOn(amount: string, vatPayer: boolean, rate: string): string {
  if (!vatPayer) return '0.00';
  return decimal(divRound(hundredths(amount) * hundredths(rate), 10000n));
}

/**
 * `total` split by `weights` so the parts sum to it exactly (largest remainder: each its floor, then a unit
 * more to the largest remainders, the earlier first on a tie).
 */
export function shares(total: bigint, weights: bigint[]): bigint[] {
  const whole = weights.reduce((a, w) => a + w, 0n);
  if (whole <= 0n) return weights.map(() => 0n);
  const sign = total < 0n ? -1n : 1n;
  const abs = total * sign;
  const parts = weights.map((w) => (abs * w) / whole);
  let left = abs - parts.reduce((a, p) => a + p, 0n);
  const order = weights.map((w, i) => ({ i, rest: (abs * w) % whole })).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    parts[i] = (parts[i] as bigint) + 1n;
    left -= 1n;
  }
  return parts.map((p) => p * sign);
}

export type Reading = { period: string; value: string };
/** A meter's own utility charges of a month before the billed one (summed over its tenants). */
export type Billed = { period: string; consumption: string; estimated: boolean };
export type MeterFacts = {
  digits: number;
  multiplier: string;
  initialReading: string;
  installedOn: string;
  removedOn: string | null;
  /** Its accepted readings up to the billed month (the run reads a window of months). */
  readings: Reading[];
  /** Its latest accepted reading before the month, however old (the window may not hold it). */
  before: Reading | null;
  billed: Billed[];
};
export type MeterMonth = { previous: string | null; current: string | null; consumption: string; estimated: boolean };

const previousMonth = (period: string) => addMonths(monthOf(period).first, -1);

/** The average of the latest three months known (posted charges first, else consecutive readings); null without any. */
export function averageOfLastThree(months: Map<string, string>): string | null {
  const last = [...months.entries()].sort((a, b) => b[0].localeCompare(a[0])).slice(0, 3);
  if (last.length === 0) return null;
  return quantity(
    divRound(
      last.reduce((a, [, v]) => a + thousandths(v), 0n),
      BigInt(last.length),
    ),
  );
}

/**
 * A unit meter's month. With the month's accepted reading: from the last reading actually billed on
 * (not one that came late for an estimated month, and not the initial one once there is another) to
 * this one, less what estimates billed since, so the next reading corrects them (below zero when they
 * billed more). Without one: the average of its last three billed months, marked estimated; a meter with
 * no history is not billed at all, as there is nothing to estimate from, nor is one removed in the month
 * (its final reading is its last).
 */
export function meterMonth(m: MeterFacts, period: string): MeterMonth | null {
  const month = monthOf(period).first;
  const current = m.readings.find((r) => r.period === month);
  const estimatedOn = new Set(m.billed.filter((b) => b.estimated).map((b) => b.period));
  if (current) {
    const earlier = m.readings.filter((r) => r.period < month).sort((a, b) => b.period.localeCompare(a.period));
    let base: Reading | null = earlier.find((r) => !estimatedOn.has(r.period)) ?? null;
    if (!base && m.before && !earlier.some((r) => r.period === m.before?.period)) base = m.before;
    const since = m.billed.filter((b) => b.estimated && b.period < month && (!base || b.period > base.period));
    const actual = thousandths(consumption(base?.value ?? m.initialReading, current.value, m.digits, m.multiplier));
    const billed = since.reduce((a, b) => a + thousandths(b.consumption), 0n);
    return { previous: base?.value ?? m.initialReading, current: current.value, consumption: quantity(actual - billed), estimated: false };
  }
  if (m.removedOn) return null;
  const months = new Map<string, string>();
  for (const b of m.billed) if (b.period < month) months.set(b.period, b.consumption);
  const sorted = [...m.readings].filter((r) => r.period < month).sort((a, b) => a.period.localeCompare(b.period));
  for (const [i, r] of sorted.entries()) {
    if (months.has(r.period)) continue;
    const prior = sorted[i - 1];
    if (prior && prior.period === previousMonth(r.period)) months.set(r.period, consumption(prior.value, r.value, m.digits, m.multiplier));
    else if (!prior && monthOf(m.installedOn).first === r.period) months.set(r.period, consumption(m.initialReading, r.value, m.digits, m.multiplier));
  }
  const average = averageOfLastThree(months);
  return average === null ? null : { previous: null, current: null, consumption: average, estimated: true };
}

/**
 * A common-area meter's month: only from its accepted reading of the month and one of the month before
 * (or its initial reading when installed since then). Never estimated: the common area's charge is what
 * is left after the units, and a guess on both sides of that subtraction bills a guess's error to every tenant.
 */
export function commonMonth(m: MeterFacts, period: string): string | null {
  const month = monthOf(period).first;
  const current = m.readings.find((r) => r.period === month);
  if (!current) return null;
  const prior = m.readings.find((r) => r.period === previousMonth(month));
  if (prior) return consumption(prior.value, current.value, m.digits, m.multiplier);
  if (!m.before && m.installedOn >= previousMonth(month)) return consumption(m.initialReading, current.value, m.digits, m.multiplier);
  return null;
}

/**
 * A property's common consumption of a type (its common meters' less its units', not below zero) shared
 * by leased area: consumption and amount each split so the parts sum exactly to the whole.
 */
export function commonShares(
  common: string[],
  units: string[],
  tariff: MonthTariff,
  areas: string[],
): { total: string; amount: string; parts: { consumption: string; amount: string }[] } {
  const left = common.reduce((a, c) => a + thousandths(c), 0n) - units.reduce((a, u) => a + thousandths(u), 0n);
  const total = quantity(left > 0n ? left : 0n);
  const amount = utilityAmount(total, tariff);
  const weights = areas.map(hundredths);
  const used = shares(thousandths(total), weights);
  const money = shares(hundredths(amount), weights);
  return { total, amount, parts: used.map((u, i) => ({ consumption: quantity(u), amount: decimal(money[i] as bigint) })) };
}
