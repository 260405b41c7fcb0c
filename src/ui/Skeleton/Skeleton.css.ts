import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, width: '100%' });

export const line = style({
  height: '14px',
  borderRadius: vars.radius.sm,
  background: vars.color.neutral200,
  animation: `${pulse} 1.4s ease-in-out infinite`,
  selectors: {
    // A shorter last line reads as the end of a paragraph.
    '&:last-child:not(:first-child)': { width: '60%' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
