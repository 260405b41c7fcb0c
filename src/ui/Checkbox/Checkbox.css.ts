import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const wrapper = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const row = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'pointer',
});

export const box = style({
  width: '16px',
  height: '16px',
  margin: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
});
