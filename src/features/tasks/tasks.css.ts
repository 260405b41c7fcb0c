import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

// The shared look of records with a lifecycle.
export { overdueRow } from '../../records/records.css';

export const tabs = style({ marginBottom: vars.space.md });
