import { style } from '@vanilla-extract/css';
import { media, vars } from '../theme';

export const toolbar = style({
  display: 'grid',
  // A filter is at least 200 px wide, or the whole line on a phone.
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))',
  gap: vars.space.md,
  alignItems: 'end',
  marginBottom: vars.space.lg,
});
export const pagination = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  marginTop: vars.space.lg,
  color: vars.color.textMuted,
});

// On a phone the filters wait behind one button, so the rows are on the first screen; the search stays.
export const filtersToggle = style({ display: 'none', '@media': { [media.compact]: { display: 'flex' } } });
export const filters = style({
  display: 'contents',
  '@media': { [media.compact]: { selectors: { '&[data-open="false"]': { display: 'none' } } } },
});
