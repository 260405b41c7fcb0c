import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../theme';

export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg, marginBottom: vars.space.lg });
export const list = style({ display: 'grid', gap: vars.space.sm, margin: `0 0 ${vars.space.lg}` });
export const row = style({
  display: 'grid',
  gridTemplateColumns: '160px minmax(0, 1fr)',
  gap: vars.space.md,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  '@media': { [media.compact]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xxs } },
});
globalStyle(`${row} > dd`, { margin: 0 });
globalStyle(`${row} > dt`, { '@media': { [media.compact]: { color: vars.color.textMuted, fontSize: vars.fontSize.sm } } });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
/** A token is one long word: it wraps anywhere rather than widening the page. */
export const token = style({ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: vars.fontSize.sm, margin: 0 });
