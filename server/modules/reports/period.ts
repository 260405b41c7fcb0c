import { sql } from 'drizzle-orm';
import { ALMATY, almatyToday } from '../../../src/shared/almaty';
import { invalidField } from '../../http/errors';

/** Days are Almaty's: a report's period is from the start of `from` to the end of `to` on Almaty's wall clock. */

export type Period = { from: string; to: string; unit: 'day' | 'week' | 'month' };

const DAY = 86_400_000;

/**
 * The asked period, this month so far without one; refused when it ends before it starts or spans more
 * than three years (a chart of a thousand weeks says nothing). Periods past two months are charted by
 * week, past eight months by month (a year's 52 weekly points are mostly zeros).
 */
export function periodOf(q: { from?: string; to?: string }): Period {
  const today = almatyToday();
  const from = q.from ?? `${today.slice(0, 8)}01`;
  const to = q.to ?? today;
  const days = (Date.parse(to) - Date.parse(from)) / DAY;
  if (days < 0) throw invalidField('to', (ll) => ll.reports.periodInvalid());
  if (days > 3 * 366) throw invalidField('from', (ll) => ll.reports.periodInvalid());
  return { from, to, unit: days > 240 ? 'month' : days > 62 ? 'week' : 'day' };
}

/** The period's instants: [lo, hi) as timestamptz, computed by the database in Almaty's zone. */
export const lowerBound = (p: Period) => sql`((${p.from}::date)::timestamp at time zone ${ALMATY})`;
export const upperBound = (p: Period) => sql`((${p.to}::date + 1)::timestamp at time zone ${ALMATY})`;

/** `column` within the period. */
export const within = (column: ReturnType<typeof sql.raw>, p: Period) => sql`${column} >= ${lowerBound(p)} and ${column} < ${upperBound(p)}`;

/** A bucket's label: YYYY-MM-DD for a day or an ISO week's Monday, YYYY-MM for a month. */
const labelFormat = (p: Period) => (p.unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD');

/** The chart's bucket (Almaty day, ISO week or month) of an instant. */
export const bucketOf = (column: ReturnType<typeof sql.raw>, p: Period) =>
  sql`to_char(date_trunc(${p.unit}, ${column} at time zone ${ALMATY}), ${labelFormat(p)})`;

/** Every bucket of the period, oldest first, so a chart has no gaps on empty days. */
export function bucketsOf(p: Period): string[] {
  if (p.unit === 'month') return monthsOf(p);
  let start = Date.parse(p.from);
  if (p.unit === 'week') start -= ((new Date(start).getUTCDay() + 6) % 7) * DAY;
  const end = Date.parse(p.to);
  const step = p.unit === 'week' ? 7 * DAY : DAY;
  const out: string[] = [];
  for (let t = start; t <= end; t += step) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function monthsOf(p: Period): string[] {
  const [y, m] = p.from.split('-').map(Number) as [number, number];
  const last = p.to.slice(0, 7);
  const out: string[] = [];
  for (let i = 0; ; i++) {
    const month = new Date(Date.UTC(y, m - 1 + i, 1)).toISOString().slice(0, 7);
    if (month > last) return out;
    out.push(month);
  }
}

/** A rollup's Almaty `date` column within the period. */
export const daysWithin = (column: ReturnType<typeof sql.raw>, p: Period) => sql`${column} between ${p.from}::date and ${p.to}::date`;

/** The chart's bucket of a rollup's Almaty `date`, as bucketOf gives it for an instant. */
export const dayBucketOf = (column: ReturnType<typeof sql.raw>, p: Period) => sql`to_char(date_trunc(${p.unit}, ${column}), ${labelFormat(p)})`;
