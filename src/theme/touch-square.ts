import { touchTarget } from './media';
import { vars } from './theme.css';

/** A finger-sized square for an icon control of the top bar or the drawer (menu, close, bell). */
export const touchSquare = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: touchTarget,
  height: touchTarget,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.neutral100 } },
} as const;
