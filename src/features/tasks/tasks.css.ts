import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { badgeBase } from '../../records/records.css';

// The shared look of records with a lifecycle.
export { overdueRow, badges, details, term, value, muted, fileList, fileErrors, timeline, entry, entryHead } from '../../records/records.css';

export const badge = styleVariants({
  new: [badgeBase, { background: vars.color.primarySoft, color: vars.color.primary }],
  in_progress: [badgeBase, { background: vars.color.warningSoft, color: vars.color.onWarning }],
  paused: [badgeBase, { background: vars.color.neutral100, color: vars.color.neutral700 }],
  done: [badgeBase, { background: vars.color.successSoft, color: vars.color.neutral900 }],
  accepted: [badgeBase, { background: vars.color.success, color: vars.color.onSuccess }],
  expired: [badgeBase, { background: vars.color.error, color: vars.color.onError }],
  rejected: [badgeBase, { background: vars.color.neutral200, color: vars.color.neutral700 }],
  for_revision: [badgeBase, { background: vars.color.warning, color: vars.color.onWarning }],
  overdue: [badgeBase, { background: vars.color.error, color: vars.color.onError }],
  low: [badgeBase, { background: vars.color.neutral100, color: vars.color.neutral700 }],
  medium: [badgeBase, { background: vars.color.primarySoft, color: vars.color.primary }],
  high: [badgeBase, { background: vars.color.errorSoft, color: vars.color.error }],
});

export const tabs = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', marginBottom: vars.space.md });

