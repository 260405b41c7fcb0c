import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const topbar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  height: vars.size.topbar,
  padding: `0 ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const slot = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, minWidth: 0 });
