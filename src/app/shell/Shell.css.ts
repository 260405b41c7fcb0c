import { style } from '@vanilla-extract/css';
import { media, vars } from '#/theme';

export const brand = style({ color: vars.color.primary, fontSize: vars.fontSize.lg, whiteSpace: 'nowrap' });
export const userBox = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, minWidth: 0 });

// The sidebar holds the brand on a wide screen, the top bar on a phone.
export const compactOnly = style({ '@media': { [media.wide]: { display: 'none' } } });
export const wideOnly = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, '@media': { [media.compact]: { display: 'none' } } });

export const drawerUser = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `0 ${vars.space.sm}`,
  fontWeight: vars.fontWeight.medium,
});
export const drawerFooter = style({ marginTop: 'auto', padding: `${vars.space.md} ${vars.space.sm} 0`, borderTop: `1px solid ${vars.color.border}` });
