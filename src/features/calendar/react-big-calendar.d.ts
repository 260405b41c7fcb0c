// react-big-calendar ships no types and @types/react-big-calendar is not installed: the few pieces used here.
declare module 'react-big-calendar' {
  import type { ComponentType } from 'react';
  export type View = 'month' | 'week' | 'day' | 'agenda';
  export type DateLocalizer = object;
  // The formats the page sets: a format string or a function of a date (or of a range).
  export type Formats = Record<string, string | ((d: Date) => string) | ((r: { start: Date; end: Date }) => string)>;
  export function dayjsLocalizer(dayjs: unknown): DateLocalizer;
  // biome-ignore lint/suspicious/noExplicitAny: untyped library; its props are checked where the page uses them.
  export const Calendar: ComponentType<any>;
}
declare module 'react-big-calendar/lib/addons/dragAndDrop' {
  import type { ComponentType } from 'react';
  // biome-ignore lint/suspicious/noExplicitAny: untyped library.
  export default function withDragAndDrop(calendar: ComponentType<any>): ComponentType<any>;
}
declare module 'react-big-calendar/lib/css/react-big-calendar.css';
declare module 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
