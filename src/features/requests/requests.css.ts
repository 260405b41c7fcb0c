import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

// The shared look of records with a lifecycle.
export { muted, overdueRow, thumb, thumbs } from '../../records/records.css';

export const tiles = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: vars.space.lg });

// Five stars in one row on a 390 px phone: each a large tap target, the row never wider than the card.
export const starSet = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });

export const stars = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, minmax(44px, 64px))',
  gap: vars.space.sm,
  maxWidth: '100%',
});

export const star = style({
  minHeight: '56px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: '24px',
  lineHeight: 1,
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xxs,
  padding: vars.space.xs,
  selectors: {
    '&:hover, &:focus-visible': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    '&[aria-pressed="true"]': { borderColor: vars.color.warning, background: vars.color.warningSoft },
    '&:disabled': { cursor: 'progress', opacity: 0.6 },
  },
});

export const starNumber = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const followers = style({ margin: 0, paddingLeft: vars.space.lg });
/** A picker's label the detail row already shows: read by screen readers only. */
export const srOnly = style({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
