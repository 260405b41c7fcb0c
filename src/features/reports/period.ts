import { almatyToday } from '../../shared/almaty';

/** The period presets of every report; days are Almaty's, like the server's. */
export const presets = ['week', 'month', 'lastMonth', 'quarter', 'year', 'custom'] as const;
export type Preset = (typeof presets)[number];

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** A preset's first and last day (this week/month/quarter/year so far; last month whole). */
export function rangeOf(preset: Exclude<Preset, 'custom'>, today = almatyToday()): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  switch (preset) {
    case 'week': {
      const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
      return { from: iso(y, m - 1, d - weekday), to: today };
    }
    case 'month':
      return { from: iso(y, m - 1, 1), to: today };
    case 'lastMonth':
      return { from: iso(y, m - 2, 1), to: iso(y, m - 1, 0) };
    case 'quarter':
      return { from: iso(y, Math.floor((m - 1) / 3) * 3, 1), to: today };
    case 'year':
      return { from: iso(y, 0, 1), to: today };
  }
}
