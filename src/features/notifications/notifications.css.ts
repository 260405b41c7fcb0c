import { style } from '@vanilla-extract/css';
import { vars } from '#/theme';

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });

// An unread item is told apart by its marker word and its weight, not by the colour of its edge alone.
export const item = style({
  display: 'block',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: '4px',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  ':hover': { borderColor: vars.color.borderStrong },
});
export const unread = style({ borderLeftColor: vars.color.primary, background: vars.color.primarySoft, fontWeight: vars.fontWeight.medium });
export const marker = style({
  display: 'inline-block',
  marginRight: vars.space.sm,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});
export const meta = style({
  display: 'block',
  marginTop: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
});
export const more = style({ alignSelf: 'center' });
