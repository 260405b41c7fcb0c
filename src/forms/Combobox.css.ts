import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const wrap = style({ position: 'relative' });
export const listbox = style({
  position: 'absolute',
  zIndex: 20,
  top: 'calc(100% + 4px)',
  left: 0,
  right: 0,
  maxHeight: '320px',
  overflowY: 'auto',
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});
export const groupLabel = style({
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
});
export const option = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minHeight: '44px',
  justifyContent: 'center',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-active="true"]': { background: vars.color.primarySoft },
    '&[aria-selected="true"]': { fontWeight: vars.fontWeight.medium },
  },
});
export const detail = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const empty = style({ padding: vars.space.md, color: vars.color.textMuted });
