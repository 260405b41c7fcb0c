import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space.lg,
  marginTop: vars.space.lg,
});
export const overdueLine = style({ fontSize: vars.fontSize.sm, color: vars.color.errorText, fontWeight: vars.fontWeight.medium });
// The landlord's key numbers above the tiles, each linking to its report.
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  gap: vars.space.md,
  margin: `${vars.space.lg} 0 0`,
});
export const figure = style({ display: 'grid', gap: vars.space.xxs, margin: 0 });
export const figureValue = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.medium, margin: 0 });
