import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const toolbar = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space.md,
  alignItems: 'end',
  marginBottom: vars.space.lg,
});
export const pagination = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  marginTop: vars.space.lg,
  color: vars.color.textMuted,
});
