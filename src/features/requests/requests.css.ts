import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

// The shared look of records with a lifecycle.
export { muted, overdueRow, thumb, thumbs } from '../../records/records.css';

export const tiles = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: vars.space.lg });
