import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const fieldset = style({ border: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm, minWidth: 0 });
export const legend = style({ fontWeight: vars.fontWeight.medium, marginBottom: vars.space.xs, padding: 0 });
export const totals = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: vars.space.md });
export const figure = style({ display: 'grid', gap: vars.space.xxs });
export const figureValue = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });
export const radio = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: '44px' });
