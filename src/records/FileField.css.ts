import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const errors = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.errorText, fontSize: vars.fontSize.sm });
