import { style } from '@vanilla-extract/css';
import { media, touchSquare, vars } from '#/theme';

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

// The bell keeps a finger-sized square; its badge sits on its corner so the 390 px bar stays one line.
export const bell = style({ ...touchSquare, position: 'relative' });
export const bellBadge = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '18px',
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.full,
  background: vars.color.error,
  color: vars.color.onError,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '18px',
  textAlign: 'center',
});
