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
