import { globalStyle, style } from '@vanilla-extract/css';
import { media, touchTarget, vars } from '../../theme';

/**
 * Three switch columns wide enough for their short heads; the kind's name takes the rest and wraps.
 * On a wide screen the table stays narrow enough for the eye to follow a row to its switches.
 */
export const table = style({ width: '100%', maxWidth: '40rem', borderCollapse: 'collapse', tableLayout: 'fixed', fontSize: vars.fontSize.sm });
export const caption = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const channelHead = style({
  width: '4.5rem',
  padding: `0 0 ${vars.space.xs}`,
  fontWeight: 600,
  textAlign: 'center',
  '@media': { [media.compact]: { width: '3.75rem', fontSize: vars.fontSize.xs } },
});
export const kindHead = style({
  padding: `0 0 ${vars.space.xs}`,
  fontWeight: 600,
  textAlign: 'left',
  color: vars.color.textMuted,
  '@media': { [media.compact]: { fontSize: vars.fontSize.xs } },
});
export const row = style({ borderTop: `1px solid ${vars.color.border}` });
export const kind = style({
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} 0`,
  fontWeight: 400,
  textAlign: 'left',
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const cell = style({ padding: 0, textAlign: 'center' });
/** The whole cell is the switch's target: finger-sized on a phone. */
export const target = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '36px',
  cursor: 'pointer',
  '@media': { [media.compact]: { minHeight: touchTarget } },
});
export const box = style({ width: '18px', height: '18px', margin: 0, accentColor: vars.color.primary, cursor: 'pointer' });
globalStyle(`${box}:disabled`, { cursor: 'not-allowed' });
globalStyle(`${target}:has(${box}:disabled)`, { cursor: 'not-allowed' });

export const reach = style({ display: 'grid', gap: vars.space.sm, paddingTop: vars.space.md, borderTop: `1px solid ${vars.color.border}` });
export const reachTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 600 });
export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.text, overflowWrap: 'anywhere' });
