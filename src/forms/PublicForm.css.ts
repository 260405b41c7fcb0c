import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

// The pages people reach without an account (QR code, questionnaire and contractor links).
export const centre = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const fieldGroup = style({ border: 0, padding: 0, margin: 0 });
