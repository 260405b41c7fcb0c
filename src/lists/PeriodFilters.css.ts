import { style } from '@vanilla-extract/css';
import { vars } from '../theme';

export const dateField = style({ minWidth: '150px' });
export const checkboxCell = style({ alignSelf: 'flex-end', paddingBottom: vars.space.sm });
