import { style } from '@vanilla-extract/css';
import { media } from '../theme';

// On a phone the form's buttons span its width, submit on top, within the thumb's reach.
export const actions = style({ '@media': { [media.compact]: { flexDirection: 'column', alignItems: 'stretch' } } });
