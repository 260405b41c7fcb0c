import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = recipe({
  base: {
    display: 'inline-block',
    flexShrink: 0,
    borderRadius: vars.radius.full,
    borderStyle: 'solid',
    // currentColor lets the spinner follow the text colour of whatever hosts it (e.g. a button).
    borderColor: 'currentColor',
    borderRightColor: 'transparent',
    animation: `${spin} 0.7s linear infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2s' } },
  },
  variants: {
    size: {
      sm: { width: '14px', height: '14px', borderWidth: '2px' },
      md: { width: '20px', height: '20px', borderWidth: '2px' },
      lg: { width: '32px', height: '32px', borderWidth: '3px' },
    },
  },
  defaultVariants: { size: 'md' },
});

export const centered = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  padding: vars.space.xl,
  color: vars.color.primary,
});
