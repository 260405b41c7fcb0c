import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

/** Fields side by side that wrap on a phone (the week's days, from–to, a step's four fields). */
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-end' });
/** A number field of a few digits. */
export const narrow = style({ maxWidth: '140px' });
