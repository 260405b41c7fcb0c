import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** Shared by EmptyState and ErrorState. */
export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const text = style({ fontSize: vars.fontSize.sm, maxWidth: '480px' });

export const errorText = style({ fontSize: vars.fontSize.md, color: vars.color.errorText });
