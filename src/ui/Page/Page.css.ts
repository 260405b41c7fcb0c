import { style } from '@vanilla-extract/css';
import { media } from '../../theme/media';
import { vars } from '../../theme/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  width: '100%',
  maxWidth: '1280px',
  margin: '0 auto',
  padding: vars.space.xl,
  '@media': { [media.compact]: { gap: vars.space.lg, padding: `${vars.space.lg} ${vars.space.md}` } },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  '@media': { [media.compact]: { fontSize: vars.fontSize.xl } },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
