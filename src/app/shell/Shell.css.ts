import { style } from '@vanilla-extract/css';
import { vars } from '#/theme';

export const brand = style({ color: vars.color.primary, fontSize: vars.fontSize.lg });
export const userBox = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });
