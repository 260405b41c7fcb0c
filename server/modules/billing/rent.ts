import { addDays, addMonths, daysBetween, monthOf } from '#/shared/days';
import { decimal, hundredths, indexed, rentOf } from '#/shared/money';

/** What the run reads of a signed lease to bill its rent. */
export type BilledLease = { startsOn: string; endsOn: string; terminatedOn: string | null; area: string; rate: string; indexationPercent: string | null };

/** Anniversaries of `startsOn` on or before `day`: how many times the rate has been indexed by then. */
function yearsBy(startsOn: string, day: string): number {
  let years = 0;
  while (addMonths(startsOn, 12 * (years + 1)) <= day) years += 1;
  return years;
}

/** The rate after `years` indexations, each rounded to the tiyn as a renewal rounds it. */
function rateAfter(rate: string, percent: string | null, years: number): string {
  let grown = rate;
  for (let i = 0; i < years; i += 1) grown = indexed(grown, percent);
  return grown;
}

/**
 * A lease's rent for the month of `period`: the month's rent (area × rate) for each day let, as a share
 * of the month's days when the lease starts, ends or is terminated within it; the rate grown by the
 * yearly indexation from each anniversary of the start on (a month with an anniversary is split at it).
 * Rounded half up to the tiyn once, at the end. `days` is set only for a part of the month; null when
 * the lease lets no day of it.
 */
export function rentFor(lease: BilledLease, period: string): { amount: string; days: number | null } | null {
  const month = monthOf(period);
  const end = lease.terminatedOn && lease.terminatedOn < lease.endsOn ? lease.terminatedOn : lease.endsOn;
  // ISO days sort as text: the later start, the earlier end.
  const from = [lease.startsOn, month.first].sort()[1] as string;
  const to = [end, month.last].sort()[0] as string;
  if (from > to) return null;
  // Hundredths of a tenge × days, summed over the segments between anniversaries.
  let total = 0n;
  let days = 0;
  for (let cursor = from; cursor <= to; ) {
    const years = yearsBy(lease.startsOn, cursor);
    const next = addMonths(lease.startsOn, 12 * (years + 1));
    const last = next <= to ? addDays(next, -1) : to;
    const span = daysBetween(cursor, last) + 1;
    total += hundredths(rentOf(lease.area, rateAfter(lease.rate, lease.indexationPercent, years))) * BigInt(span);
    days += span;
    cursor = addDays(last, 1);
  }
  const monthDays = BigInt(month.days);
  return { amount: decimal((total * 2n + monthDays) / (2n * monthDays)), days: days === month.days ? null : days };
}

/**
 * A lease's service charge for the month: its service rate × area, for the days let as rent is. Not
 * indexed: the rate is what the centre's upkeep costs, which the landlord sets anew rather than grows
 * by the lease's yearly rule. Null without a rate or without a day let.
 */
export function serviceFor(lease: BilledLease & { serviceRate: string | null }, period: string): { amount: string; days: number | null } | null {
  if (!lease.serviceRate || hundredths(lease.serviceRate) <= 0n) return null;
  return rentFor({ ...lease, rate: lease.serviceRate, indexationPercent: null }, period);
}
