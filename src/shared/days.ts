/**
 * Calendar days as ISO dates (YYYY-MM-DD), counted in UTC so no clock or zone shifts them: lease terms,
 * billing periods, anniversaries.
 */

export const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Whole days from `from` to `to` (0 for the same day). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The same day `months` later; the 31st in a shorter month (or 29 February in another year) is its last day. */
export const addMonths = (isoDate: string, months: number) => {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
};

/** The month of a day: its first and last days and how many days it has. */
export function monthOf(isoDate: string): { first: string; last: string; days: number } {
  const first = `${isoDate.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  return { first, last, days: daysBetween(first, last) + 1 };
}
