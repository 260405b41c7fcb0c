/** The product's days are Almaty's (UTC+5), whatever zone the browser or the server runs in. */
export const ALMATY = 'Asia/Almaty';

/** Today on Almaty's calendar, as YYYY-MM-DD. */
export function almatyToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ALMATY, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The Almaty day `offsetDays` from today (negative for the past), as YYYY-MM-DD. */
export function almatyDay(offsetDays: number, now = new Date()): string {
  const [y, m, d] = almatyToday(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
}

// Almaty is UTC+5 all year (no DST since 2024), so a datetime-local value is read as +05:00.
export const ALMATY_OFFSET_MS = 5 * 3_600_000;
const OFFSET_MS = ALMATY_OFFSET_MS;

/** `2026-11-23T15:00` typed in Almaty -> an ISO instant. */
export const fromAlmatyInput = (value: string) => new Date(`${value}:00+05:00`).toISOString();
/** An instant -> the datetime-local value Almaty reads. */
export const toAlmatyInput = (iso: string | number) => new Date(new Date(iso).getTime() + OFFSET_MS).toISOString().slice(0, 16);
/** A datetime-local input's `min`: now in Almaty. */
export const almatyNowInput = () => toAlmatyInput(Date.now());

/** `2026-11-24` and `10:00` typed in Almaty -> an ISO instant. */
export const almatyInstant = (date: string, time = '00:00') => fromAlmatyInput(`${date}T${time}`);
/** An instant -> Almaty's `YYYY-MM-DD` and `HH:mm`. */
export function almatyParts(iso: string | Date) {
  const wall = toAlmatyInput(new Date(iso).getTime());
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

// A calendar widget reads a Date's local fields: shifted by the browser's own offset as well, a Date
// whose local fields are Almaty's wall time draws Almaty's clock whatever zone the browser runs in.
/** An instant -> a Date whose local fields read Almaty's wall clock. */
export const toAlmatyClock = (iso: string | number | Date) => {
  const t = new Date(iso).getTime();
  return new Date(t + OFFSET_MS + new Date(t).getTimezoneOffset() * 60_000);
};
/** Back from `toAlmatyClock`: the instant a Date's local fields name on Almaty's wall clock. */
export const fromAlmatyClock = (d: Date) => new Date(d.getTime() - OFFSET_MS - d.getTimezoneOffset() * 60_000);

/** The last day of a lease from `start` (YYYY-MM-DD) running whole years, the fewest that reach `today` (one at least). */
export function leaseTermEnd(start: string, today: string): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  // The day before the anniversary: Date.UTC rolls 0 back into the previous month (29 February's is 28 February).
  const endAfter = (years: number) => new Date(Date.UTC(y + years, m - 1, d - 1)).toISOString().slice(0, 10);
  let years = 1;
  while (endAfter(years) < today) years += 1;
  return endAfter(years);
}
