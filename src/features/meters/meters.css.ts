import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme';

export { muted, thumb } from '../../records/records.css';

// A long form in a dialog scrolls inside it, so its buttons stay on a short screen.
export const dialogFields = style({ display: 'grid', gap: vars.space.md, maxHeight: '60vh', overflowY: 'auto', paddingRight: vars.space.xxs });

// A tenant's meters on a phone: one card each, stacked; two or three side by side on a wide screen.
export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: vars.space.md,
  '@media': { [media.compact]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const cardBody = style({ display: 'grid', gap: vars.space.sm, overflowWrap: 'anywhere' });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });
export const line = style({ margin: 0 });

// The dial's photo on a reading: as wide as the card allows, never wider than the phone.
export const photo = style({ display: 'block', maxWidth: '100%', maxHeight: '480px', borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
export const photoInput = style({ maxWidth: '100%' });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-end' });
