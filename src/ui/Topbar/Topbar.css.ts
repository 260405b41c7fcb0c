import { style } from '@vanilla-extract/css';
import { media } from '../../theme/media';
import { vars } from '../../theme/theme.css';

export const topbar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  height: vars.size.topbar,
  padding: `0 ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.compact]: { padding: `0 ${vars.space.sm}`, gap: vars.space.sm } },
});

export const slot = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
  '@media': { [media.compact]: { gap: vars.space.sm } },
});
