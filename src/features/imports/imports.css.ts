import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme';

export { muted } from '../../records/records.css';

// The five counts of a check side by side; two by two on a phone, so none is cut.
export const counts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  '@media': { [media.compact]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const count = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
});
export const countValue = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.medium });
export const countLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const wrongCount = style({ borderColor: vars.color.error, background: vars.color.errorSoft });
export const fileName = style({ overflowWrap: 'anywhere' });
