import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media, touchTarget } from '../../theme/media';
import { vars } from '../../theme/theme.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: '100%',
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const labelRow = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.xxs });
export const requiredMark = style({ color: vars.color.error, fontWeight: vars.fontWeight.bold });

export const hint = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const errorText = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.errorText,
});

/** Shared by <input> and <textarea>; `invalid` mirrors aria-invalid. */
export const control = recipe({
  base: {
    width: '100%',
    padding: `${vars.space.sm} ${vars.space.md}`,
    fontSize: vars.fontSize.md,
    lineHeight: vars.lineHeight.normal,
    color: vars.color.text,
    background: vars.color.surface,
    border: `1px solid ${vars.color.borderStrong}`,
    borderRadius: vars.radius.md,
    transition: 'border-color 120ms',
    selectors: {
      '&::placeholder': { color: vars.color.neutral500 },
      '&:focus': { borderColor: vars.color.primary, outline: 'none' },
      '&:focus-visible': { outline: `2px solid ${vars.color.primarySoft}`, outlineOffset: 0 },
      '&:disabled': { background: vars.color.surfaceMuted, color: vars.color.textMuted, cursor: 'not-allowed' },
    },
    '@media': { [media.compact]: { minHeight: touchTarget } },
  },
  variants: {
    invalid: {
      true: { borderColor: vars.color.error, selectors: { '&:focus': { borderColor: vars.color.error } } },
      false: {},
    },
    multiline: {
      true: { minHeight: '96px', resize: 'vertical' },
      false: {},
    },
  },
  defaultVariants: { invalid: false, multiline: false },
});
