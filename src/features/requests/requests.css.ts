import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { badgeBase } from '../../records/records.css';

// The shared look of records with a lifecycle.
export { overdueRow, badges, details, term, value, muted, fileErrors, timeline, entry, entryHead } from '../../records/records.css';

export const badge = styleVariants({
  new: [badgeBase, { background: vars.color.primarySoft, color: vars.color.primary }],
  in_progress: [badgeBase, { background: vars.color.warningSoft, color: vars.color.onWarning }],
  paused: [badgeBase, { background: vars.color.neutral100, color: vars.color.neutral700 }],
  done: [badgeBase, { background: vars.color.successSoft, color: vars.color.neutral900 }],
  closed: [badgeBase, { background: vars.color.success, color: vars.color.onSuccess }],
  rejected: [badgeBase, { background: vars.color.neutral200, color: vars.color.neutral700 }],
  returned: [badgeBase, { background: vars.color.warning, color: vars.color.onWarning }],
  overdue: [badgeBase, { background: vars.color.error, color: vars.color.onError }],
  visitor: [badgeBase, { background: vars.color.neutral100, color: vars.color.textMuted }],
});

export const dateField = style({ minWidth: '150px' });
export const checkboxCell = style({ alignSelf: 'flex-end', paddingBottom: vars.space.sm });

export const tiles = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: vars.space.lg });

export const thumbs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const thumb = style({
  width: '96px',
  height: '96px',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  display: 'block',
});

export const dialogForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const overdueLine = style({ fontSize: vars.fontSize.sm, color: vars.color.error, fontWeight: vars.fontWeight.medium });
