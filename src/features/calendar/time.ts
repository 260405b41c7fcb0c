import { fromAlmatyInput, toAlmatyInput } from '../../shared/almaty';

// The calendar shows Asia/Almaty's clock whatever the browser's zone: react-big-calendar reads a Date's
// local fields, so each instant is shifted to a Date whose local fields are Almaty's wall time (UTC+5
// all year since 2024), and shifted back when the user drops or picks a time.
const ALMATY_MS = 5 * 3_600_000;

export const toDisplay = (iso: string | number | Date) => {
  const t = new Date(iso).getTime();
  return new Date(t + ALMATY_MS + new Date(t).getTimezoneOffset() * 60_000);
};
export const fromDisplay = (d: Date) => new Date(d.getTime() - ALMATY_MS - d.getTimezoneOffset() * 60_000);

/** `2026-11-24` and `10:00` typed in Almaty -> an ISO instant. */
export const almatyInstant = (date: string, time = '00:00') => fromAlmatyInput(`${date}T${time}`);
/** An instant -> Almaty's `YYYY-MM-DD` and `HH:mm`. */
export function almatyParts(iso: string | Date) {
  const wall = toAlmatyInput(new Date(iso).getTime());
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}
/** A display Date's own day, `YYYY-MM-DD` (the address keeps it). */
export const dayOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
