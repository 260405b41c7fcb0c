import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const tile = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: '100%',
  minHeight: '96px',
  padding: vars.space.lg,
  textAlign: 'left',
  textDecoration: 'none',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  cursor: 'pointer',
  transition: 'box-shadow 120ms, border-color 120ms',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, boxShadow: vars.shadow.md },
  },
});

export const title = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primary,
  paddingRight: vars.space.xxl,
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const badge = style({
  position: 'absolute',
  top: vars.space.md,
  right: vars.space.md,
  minWidth: '24px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.error,
  color: vars.color.onError,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '24px',
  textAlign: 'center',
});
