import type { EventInput, EventType, repeatFreqs, Visibility } from '#/state/queries/calendar';

type Freq = (typeof repeatFreqs)[number];
export type Values = {
  title: string;
  date: string;
  start: string;
  end: string;
  all_day: boolean;
  event_type: EventType;
  freq: Freq;
  weekdays: number[];
  until: string;
  count: string;
  reminders: number[];
  push: boolean;
  description: string;
  visibility: Visibility;
  participants: { id: string; name: string }[];
  scope: 'occurrence' | 'series';
};

/** The form's repeat fields as the contract's rule. */
export const repeatOf = (v: Values): EventInput['repeat'] =>
  v.freq === 'none'
    ? { freq: 'none' }
    : {
        freq: v.freq,
        ...(v.freq === 'weekly' && { weekdays: v.weekdays }),
        until: v.until || null,
        count: !v.until && v.count ? Number(v.count) : null,
      };
