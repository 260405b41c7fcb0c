import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const backdrop = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  background: `linear-gradient(135deg, ${vars.color.primarySoft}, ${vars.color.background})`,
  padding: vars.space.lg,
});
export const card = style({
  width: '100%',
  maxWidth: '420px',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space.xxl,
});
export const top = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' });
export const brand = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  textDecoration: 'none',
});
export const title = style({ fontSize: vars.fontSize.xl, margin: `${vars.space.xl} 0 ${vars.space.lg}` });
export const links = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, fontSize: vars.fontSize.sm });
