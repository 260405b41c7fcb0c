import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '#/theme';

export const page = style({ background: vars.color.background, minHeight: '100vh' });
const innerBase = style({ margin: '0 auto' });
// Mobile first: visitors land on the narrow pages from a phone camera; wider screens only get more margin.
export const inner = styleVariants({
  narrow: [
    innerBase,
    {
      maxWidth: '560px',
      padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
      '@media': { 'screen and (min-width: 640px)': { padding: `${vars.space.xxl} ${vars.space.lg} ${vars.space.xxxl}` } },
    },
  ],
  wide: [innerBase, { maxWidth: '860px', padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxxl}` }],
});
export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});
export const brand = style({
  color: vars.color.primary,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
});
