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
const OFFSET_MS = 5 * 3_600_000;

/** `2026-11-23T15:00` typed in Almaty -> an ISO instant. */
export const fromAlmatyInput = (value: string) => new Date(`${value}:00+05:00`).toISOString();
/** An instant -> the datetime-local value Almaty reads. */
export const toAlmatyInput = (iso: string | number) => new Date(new Date(iso).getTime() + OFFSET_MS).toISOString().slice(0, 16);
/** A datetime-local input's `min`: now in Almaty. */
export const almatyNowInput = () => toAlmatyInput(Date.now());
