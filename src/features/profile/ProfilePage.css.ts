import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg, marginBottom: vars.space.lg });
export const list = style({ display: 'grid', gap: vars.space.sm, margin: `0 0 ${vars.space.lg}` });
export const row = style({ display: 'grid', gridTemplateColumns: '160px 1fr', gap: vars.space.md, color: vars.color.text });
