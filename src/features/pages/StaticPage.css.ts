import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const page = style({
  maxWidth: '760px',
  margin: '0 auto',
  padding: `${vars.space.xxxl} ${vars.space.xl}`,
  lineHeight: vars.lineHeight.normal,
});
