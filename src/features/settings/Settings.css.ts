import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

/** Labels a screen reader needs but the table's headers already show. */
export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const hint = style({ color: vars.color.textMuted, marginBottom: vars.space.lg });
export const level = style({ minWidth: '150px' });
export const employee = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  minWidth: '180px',
});
export const position = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
