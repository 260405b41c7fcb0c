import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

// Mobile first: a visitor lands here from a phone camera; wider screens only get more margin.
export const page = style({ background: vars.color.background, minHeight: '100vh' });
export const inner = style({
  maxWidth: '560px',
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  '@media': { 'screen and (min-width: 640px)': { padding: `${vars.space.xxl} ${vars.space.lg} ${vars.space.xxxl}` } },
});
export const header = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md, marginBottom: vars.space.lg });
export const brand = style({ color: vars.color.primary, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, textDecoration: 'none' });
export const centre = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const photo = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const photoError = style({ color: vars.color.error, fontSize: vars.fontSize.sm });
