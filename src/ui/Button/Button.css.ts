import { recipe } from '@vanilla-extract/recipes';
import { media, touchTarget } from '../../theme/media';
import { vars } from '../../theme/theme.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    transition: 'background-color 120ms, border-color 120ms, color 120ms',
    selectors: {
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
    },
    // Both sizes are a finger's size on a phone (vanilla-extract emits media rules after the variants).
    '@media': { [media.compact]: { minHeight: touchTarget } },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.primary,
        borderColor: vars.color.primary,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.primarySoft } },
      },
      danger: {
        background: vars.color.error,
        color: vars.color.onError,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.errorHover } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.neutral100 } },
      },
    },
    size: {
      sm: { padding: `${vars.space.xs} ${vars.space.md}`, fontSize: vars.fontSize.sm, minHeight: '32px' },
      md: { padding: `${vars.space.sm} ${vars.space.lg}`, fontSize: vars.fontSize.md, minHeight: '40px' },
    },
    fullWidth: {
      true: { width: '100%' },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});
