import { style } from '@vanilla-extract/css';
import { media, touchTarget, vars } from '../theme';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const errors = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.errorText, fontSize: vars.fontSize.sm });

// The camera button looks like the kit's secondary button; the input inside it keeps the focus and the name.
export const camera = style({
  position: 'relative',
  display: 'none',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: touchTarget,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: { '&:focus-within': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '2px' } },
  // A desktop has no camera to open: its file picker is the field above.
  '@media': { [media.compact]: { display: 'flex' } },
});
export const hiddenInput = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'pointer' });
export const chosen = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
/** A chosen file: its picture above its name, as wide as a thumbnail. */
export const chosenItem = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, maxWidth: '96px' });
