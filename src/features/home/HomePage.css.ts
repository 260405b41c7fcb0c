import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space.lg,
  marginTop: vars.space.lg,
});
export const overdueLine = style({ fontSize: vars.fontSize.sm, color: vars.color.errorText, fontWeight: vars.fontWeight.medium });
