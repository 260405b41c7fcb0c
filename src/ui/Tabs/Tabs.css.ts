import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const tabs = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
