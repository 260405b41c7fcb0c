import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const block = style({ marginTop: vars.space.lg });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, listStyle: 'none', margin: 0, padding: 0 });
export const network = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginRight: vars.space.xs });
