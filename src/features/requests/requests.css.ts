import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

// The shared look of records with a lifecycle.
export { muted, overdueRow } from '../../records/records.css';

export const tiles = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: vars.space.lg });

export const thumbs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const thumb = style({
  width: '96px',
  height: '96px',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  display: 'block',
});
