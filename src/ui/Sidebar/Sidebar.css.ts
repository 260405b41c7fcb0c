import { style } from '@vanilla-extract/css';
import { media } from '../../theme/media';
import { vars } from '../../theme/theme.css';

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: vars.size.sidebar,
  flexShrink: 0,
  minHeight: '100vh',
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  // Below the breakpoint the navigation lives in the shell's drawer.
  '@media': { [media.compact]: { display: 'none' } },
});

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: '40px' });

export const body = style({ flex: 1, overflowY: 'auto' });

export const footer = style({
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

/** Sidebar + main column; the shell of authenticated pages. */
export const shell = style({ display: 'flex', minHeight: '100vh', background: vars.color.background });

export const main = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });
