import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/theme.css';

export const box = recipe({
  base: {
    padding: `${vars.space.md} ${vars.space.lg}`,
    borderRadius: vars.radius.md,
    borderLeft: '4px solid',
    fontSize: vars.fontSize.sm,
    color: vars.color.text,
  },
  variants: {
    tone: {
      error: { background: vars.color.errorSoft, borderLeftColor: vars.color.error },
      success: { background: vars.color.successSoft, borderLeftColor: vars.color.success },
      info: { background: vars.color.primarySoft, borderLeftColor: vars.color.primary },
    },
  },
  defaultVariants: { tone: 'error' },
});
