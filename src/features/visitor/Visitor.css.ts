import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const centre = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const photo = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const photoError = style({ color: vars.color.error, fontSize: vars.fontSize.sm });
export const fieldGroup = style({ border: 0, padding: 0, margin: 0 });
