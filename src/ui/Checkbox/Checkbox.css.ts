import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const wrapper = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const row = style({
  display: 'inline-flex',
  alignItems: 'center',
  // The whole row is the target: 32 px high at least, so a finger finds it on a phone.
  minHeight: '32px',
  minWidth: '32px',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'pointer',
});

export const box = style({
  width: '18px',
  height: '18px',
  flexShrink: 0,
  margin: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
});
