import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

/** Two columns of fields on a wide screen, one on a phone. */
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: vars.space.lg });
