import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const template = style({ marginTop: vars.space.xxl, minWidth: 0 });
export const heading = style({ margin: 0, fontSize: vars.fontSize.md });
/** The placeholders wrap on a phone rather than scroll sideways. */
export const placeholders = style({ margin: 0, paddingLeft: vars.space.xl, overflowWrap: 'anywhere', display: 'grid', gap: vars.space.xs });
