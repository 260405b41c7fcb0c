import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/theme.css';

export const avatar = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    overflow: 'hidden',
    borderRadius: vars.radius.full,
    background: vars.color.primarySoft,
    color: vars.color.primary,
    fontWeight: vars.fontWeight.bold,
    textTransform: 'uppercase',
    userSelect: 'none',
  },
  variants: {
    size: {
      sm: { width: '32px', height: '32px', fontSize: vars.fontSize.xs },
      md: { width: '40px', height: '40px', fontSize: vars.fontSize.sm },
      lg: { width: '64px', height: '64px', fontSize: vars.fontSize.lg },
    },
  },
  defaultVariants: { size: 'md' },
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });
