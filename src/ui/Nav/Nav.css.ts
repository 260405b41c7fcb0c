import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media, touchTarget } from '../../theme/media';
import { vars } from '../../theme/theme.css';

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.sm,
    width: '100%',
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderRadius: vars.radius.md,
    color: vars.color.text,
    fontSize: vars.fontSize.sm,
    textDecoration: 'none',
    transition: 'background-color 120ms',
    selectors: { '&:hover': { background: vars.color.neutral100 } },
    '@media': { [media.compact]: { minHeight: touchTarget, fontSize: vars.fontSize.md } },
  },
  variants: {
    active: {
      true: {
        background: vars.color.primarySoft,
        color: vars.color.primary,
        fontWeight: vars.fontWeight.medium,
        selectors: { '&:hover': { background: vars.color.primarySoft } },
      },
      false: {},
    },
  },
  defaultVariants: { active: false },
});

export const icon = style({ display: 'inline-flex', width: '20px', justifyContent: 'center' });

export const label = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' });

export const badge = style({
  minWidth: '20px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.error,
  color: vars.color.onError,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '20px',
  textAlign: 'center',
});
