import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  lineHeight: vars.lineHeight.normal,
});
