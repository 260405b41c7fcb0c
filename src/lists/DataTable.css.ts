import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const wrap = style({ overflowX: 'auto', background: vars.color.surface, borderRadius: vars.radius.lg, boxShadow: vars.shadow.sm });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({
  textAlign: 'left',
  padding: `${vars.space.md} ${vars.space.lg}`,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const tr = style({ selectors: { '&:hover': { background: vars.color.surfaceMuted } } });
export const td = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});
export const actions = style([td, { whiteSpace: 'nowrap', textAlign: 'right' }]);
