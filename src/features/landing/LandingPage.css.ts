import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

const container = { maxWidth: '1120px', margin: '0 auto', padding: `${vars.space.xxl} ${vars.space.xl}` } as const;

export const page = style({ background: vars.color.background, minHeight: '100vh' });
export const header = style({
  ...container,
  paddingTop: vars.space.lg,
  paddingBottom: vars.space.lg,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
export const brand = style({ color: vars.color.primary, fontSize: vars.fontSize.xl });
export const nav = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg, flexWrap: 'wrap' });
export const login = style({ color: vars.color.primary, fontWeight: vars.fontWeight.bold });
export const hero = style({ ...container, textAlign: 'center', paddingTop: vars.space.xxxl, paddingBottom: vars.space.xxxl });
export const badge = style({
  display: 'inline-block',
  background: vars.color.successSoft,
  color: vars.color.text,
  borderRadius: vars.radius.full,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontWeight: vars.fontWeight.medium,
});
// On a phone 40 px would not fit the longest word ("недвижимости", "коммерциялық") and the browser
// would cut it: the size follows the width, and a whole word moves to the next line instead.
export const heroTitle = style({
  fontSize: 'clamp(26px, 7vw, 40px)',
  overflowWrap: 'normal',
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  margin: `${vars.space.lg} 0`,
});
export const heroText = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '720px', margin: '0 auto' });
export const cta = style({
  display: 'inline-block',
  marginTop: vars.space.xl,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  padding: `${vars.space.md} ${vars.space.xl}`,
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
});
export const section = style(container);
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: vars.space.lg });
export const feature = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  boxShadow: vars.shadow.sm,
});
export const cities = style({ fontSize: vars.fontSize.lg, color: vars.color.primary });
export const twoColumns = style({
  ...container,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
  gap: vars.space.xxl,
  alignItems: 'start',
});
export const footer = style({
  ...container,
  display: 'flex',
  gap: vars.space.xl,
  flexWrap: 'wrap',
  color: vars.color.textMuted,
  borderTop: `1px solid ${vars.color.border}`,
});
