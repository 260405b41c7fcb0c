import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const chips = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  maxWidth: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  overflowWrap: 'anywhere',
});
export const message = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 });
export const cell = style({ overflowWrap: 'anywhere' });
export const radios = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const legend = style({ fontWeight: vars.fontWeight.medium, marginBottom: vars.space.xs });
export const radio = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: '44px' });
export const reach = style({ margin: 0, minHeight: '1.5em', fontWeight: vars.fontWeight.medium });
