import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(140px, max-content) 1fr',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.lg,
});
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  color: vars.color.textMuted,
  textDecoration: 'none',
  borderBottom: '2px solid transparent',
  marginBottom: '-1px',
  fontWeight: vars.fontWeight.medium,
  selectors: { '&[aria-current="page"]': { color: vars.color.primary, borderBottomColor: vars.color.primary } },
});

export const linkBox = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const linkText = style({
  flex: '1 1 320px',
  padding: vars.space.sm,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontFamily: 'monospace',
  overflowWrap: 'anywhere',
});

export const intro = style({ marginBottom: vars.space.lg });
