import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

// The shared look of records with a lifecycle.
export { muted, overdueRow, thumb, thumbs } from '../../records/records.css';

export const tiles = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: vars.space.lg });

/** A picker's label the detail row already shows: read by screen readers only. */
export const srOnly = style({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
