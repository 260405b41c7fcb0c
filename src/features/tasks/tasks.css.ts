import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme';

// Overdue open tasks stand out like overdue requests: the error colour on the whole row.
export const overdueRow = style({
  background: vars.color.errorSoft,
  boxShadow: `inset 3px 0 0 ${vars.color.error}`,
  selectors: { '&:hover': { background: vars.color.errorSoft } },
});

const badgeBase = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
});
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
export const badges = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap', alignItems: 'center' });

export const tabs = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', marginBottom: vars.space.md });

export const details = style({ display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', gap: `${vars.space.sm} ${vars.space.xl}`, margin: 0 });
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const fileList = style({ margin: 0, paddingLeft: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const entry = style({ borderLeft: `2px solid ${vars.color.primary}`, paddingLeft: vars.space.md });
export const entryHead = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'baseline' });
export const fileErrors = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.error, fontSize: vars.fontSize.sm });
