import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media, touchTarget } from '../../theme/media';
import { vars } from '../../theme/theme.css';

// A bottom corner: the top bar (logout, language) and a page's title and actions stay visible and
// clickable. On a phone the stack spans the width above the bottom edge, where no control of ours sits.
export const viewport = style({
  position: 'fixed',
  right: 0,
  bottom: 0,
  zIndex: 2000,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: vars.size.toast,
  maxWidth: '100vw',
  maxHeight: '100vh',
  margin: 0,
  padding: vars.space.lg,
  listStyle: 'none',
  outline: 'none',
  '@media': {
    [media.compact]: {
      left: 0,
      width: '100%',
      padding: `${vars.space.sm} ${vars.space.sm} max(${vars.space.sm}, env(safe-area-inset-bottom))`,
    },
  },
});

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.md,
    padding: `${vars.space.md} ${vars.space.lg}`,
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.md,
    fontSize: vars.fontSize.sm,
  },
  variants: {
    type: {
      success: { background: vars.color.success, color: vars.color.onSuccess },
      info: { background: vars.color.primary, color: vars.color.onPrimary },
      // Dark text: white on #FFB830 fails contrast.
      warning: { background: vars.color.warning, color: vars.color.onWarning },
      error: { background: vars.color.error, color: vars.color.onError },
    },
  },
});

export const message = style({ flex: 1, minWidth: 0, margin: 0, wordBreak: 'break-word' });

/** A toast that leads somewhere (a notification's record): its text is the link, in the toast's colour. */
export const link = style({ color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '2px' });

export const close = style({
  flexShrink: 0,
  padding: `0 ${vars.space.xs}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: 'pointer',
  opacity: 0.85,
  selectors: { '&:hover': { opacity: 1 } },
  '@media': { [media.compact]: { minWidth: touchTarget, minHeight: touchTarget, margin: `-${vars.space.sm} -${vars.space.sm} -${vars.space.sm} 0` } },
});
