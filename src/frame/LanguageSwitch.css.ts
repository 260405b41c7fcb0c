import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media, touchTarget, vars } from '#/theme';

export const group = style({
  display: 'inline-flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
});

export const option = recipe({
  base: {
    border: 0,
    padding: `${vars.space.xs} ${vars.space.sm}`,
    background: vars.color.surface,
    color: vars.color.text,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    cursor: 'pointer',
    '@media': { [media.compact]: { minWidth: touchTarget, minHeight: touchTarget, fontSize: vars.fontSize.sm } },
  },
  variants: { active: { true: { background: vars.color.primary, color: vars.color.onPrimary } } },
});
