import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export { muted } from '../../records/records.css';

export const compactList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, overflowWrap: 'anywhere' });
