import { style } from '@vanilla-extract/css';
import { media } from '../../theme/media';
import { vars } from '../../theme/theme.css';
import { touchSquare as square } from '../../theme/touch-square';

/** The menu button exists only where the sidebar does not. */
export const trigger = style({ ...square, '@media': { [media.wide]: { display: 'none' } } });

export const close = style({ ...square, fontSize: vars.fontSize.xl, lineHeight: 1 });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  background: vars.color.overlay,
  '@media': { [media.wide]: { display: 'none' } },
});

export const panel = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: 1001,
  display: 'flex',
  flexDirection: 'column',
  width: 'min(320px, 85vw)',
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  '@media': { [media.wide]: { display: 'none' } },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: vars.size.topbar,
  padding: `0 ${vars.space.sm} 0 ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  flex: 1,
  overflowY: 'auto',
  padding: vars.space.md,
});

export const hidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
