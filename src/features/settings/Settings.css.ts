import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const hint = style({ color: vars.color.textMuted, marginBottom: vars.space.lg });
export const access = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const chooser = style({ maxWidth: '420px' });
export const employee = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const position = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular });
// A module per cell, as many per line as fit: four on a laptop, one on a phone.
export const modules = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(220px, 100%), 1fr))',
  gap: vars.space.lg,
});
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

/** Labels a screen reader needs but the table's headers already show (the request types' table). */
export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const level = style({ minWidth: '150px' });

/** Billing's reminder days: a plain group of checkboxes under its caption. */
export const reminderDays = style({ display: 'grid', gap: vars.space.sm, border: 0, padding: 0, margin: 0, minWidth: 0 });
export const reminderLegend = style({ fontWeight: 600, marginBottom: vars.space.sm, padding: 0 });

/** An API key's facts: label and value side by side, stacked on a phone. */
export const keyFacts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  overflowWrap: 'anywhere',
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
