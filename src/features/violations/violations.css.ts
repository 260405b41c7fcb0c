import { style } from '@vanilla-extract/css';

// The shared look of records with a lifecycle.
export { muted, overdueRow, thumb, thumbs } from '../../records/records.css';

export const fileLink = style({ overflowWrap: 'anywhere' });
