import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../theme';

// react-big-calendar's own stylesheet, dressed with the theme's tokens; loaded with this page only.
export const frame = style({ minWidth: 0, maxWidth: '100%', overflowX: 'hidden' });
export const calendar = style({ height: '70vh', minHeight: '480px', fontSize: vars.fontSize.sm });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', marginBottom: vars.space.md });
export const label = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg, flex: '1 1 auto', minWidth: 0 });
export const group = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const layers = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg, marginBottom: vars.space.md });

globalStyle(`${calendar} .rbc-event, ${calendar} .rbc-day-slot .rbc-background-event`, {
  backgroundColor: vars.color.primary,
  borderRadius: vars.radius.sm,
  color: vars.color.onPrimary,
});
globalStyle(`${calendar} .rbc-event.rbc-selected`, { backgroundColor: vars.color.primaryHover });
globalStyle(`${calendar} .rbc-today`, { backgroundColor: vars.color.primarySoft });
globalStyle(`${calendar} .rbc-off-range-bg`, { backgroundColor: vars.color.surfaceMuted });
globalStyle(`${calendar} .rbc-month-view, ${calendar} .rbc-time-view, ${calendar} .rbc-agenda-view table.rbc-agenda-table`, {
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});
globalStyle(`${calendar} .deadline`, { backgroundColor: vars.color.warning, color: vars.color.onWarning });
globalStyle(`${calendar} .changed`, { fontStyle: 'italic' });
// Week and day views: the hours are written in the event's own text (EventLabel), so a one-hour block
// keeps its whole title, wrapped by words, rather than a label line and a title cut to its first word.
export const eventText = style({ whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.25 });
globalStyle(`${calendar} .rbc-day-slot .rbc-event-label`, { display: 'none' });
globalStyle(`${calendar} .rbc-day-slot .rbc-event`, { flexFlow: 'column nowrap', padding: '2px 4px' });
globalStyle(`${calendar} .rbc-day-slot .rbc-event-content`, { flex: '1 1 auto', overflow: 'hidden' });
globalStyle(`${calendar} .rbc-timeslot-group`, { minHeight: '56px' });
// A phone: the agenda's table and the week's columns stay within the screen.
globalStyle(`${calendar} .rbc-agenda-view table.rbc-agenda-table`, { width: '100%' });
globalStyle(`${calendar} .rbc-agenda-view .rbc-agenda-event-cell`, { overflowWrap: 'anywhere' });
globalStyle(`${calendar} .rbc-header`, { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 });
globalStyle(`${calendar}`, { '@media': { [media.compact]: { height: '75vh', minHeight: '420px', fontSize: vars.fontSize.xs } } });

export const dialog = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(560px, calc(100vw - 16px))',
  maxHeight: 'calc(100dvh - 32px)',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.xl,
  zIndex: 50,
  boxSizing: 'border-box',
  '@media': { [media.compact]: { padding: vars.space.lg } },
});
export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 40 });
export const dialogHead = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, marginBottom: vars.space.md });
export const dialogTitle = style({ margin: 0, flex: '1 1 auto', minWidth: 0, fontSize: vars.fontSize.lg, overflowWrap: 'anywhere' });
export const dialogClose = style({
  flex: 'none',
  width: '32px',
  height: '32px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fontSize.xl,
  lineHeight: 1,
  cursor: 'pointer',
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'flex-end', marginTop: vars.space.lg });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, marginTop: vars.space.xs });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  border: 'none',
  font: 'inherit',
  cursor: 'pointer',
  maxWidth: '100%',
  overflowWrap: 'anywhere',
});
export const checks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
export const fieldset = style({ border: 'none', padding: 0, margin: 0, minWidth: 0 });
export const legend = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, marginBottom: vars.space.xs, padding: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const people = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.xs });
export const feedUrl = style({ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: vars.fontSize.xs });
