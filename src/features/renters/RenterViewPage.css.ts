import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

/** Label and value side by side on a wide screen, stacked on a phone. */
export const list = style({ display: 'grid', gap: vars.space.md, margin: 0 });
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(160px, 240px) 1fr',
  gap: vars.space.md,
  color: vars.color.text,
  '@media': { 'screen and (max-width: 600px)': { gridTemplateColumns: '1fr', gap: vars.space.xxs } },
});
export const label = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
