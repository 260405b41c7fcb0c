import { style } from '@vanilla-extract/css';
import { media, vars } from '../theme';

// Shared by the pages of records with a lifecycle (requests, tasks, questionnaires).

// Overdue rows stand out with the error colour on the whole row.
export const overdueRow = style({
  background: vars.color.errorSoft,
  boxShadow: `inset 3px 0 0 ${vars.color.error}`,
  selectors: { '&:hover': { background: vars.color.errorSoft } },
});

export const badges = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap', alignItems: 'center' });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(140px, max-content) 1fr',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
  // A phone has no room for two columns: each term stands above its value.
  '@media': { [media.compact]: { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: vars.space.xxs } },
});
export const term = style({
  color: vars.color.textMuted,
  '@media': { [media.compact]: { marginTop: vars.space.sm, fontSize: vars.fontSize.sm } },
});
export const value = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
// Photos of a record: small squares in a wrapping row, each linking to the full image.
export const thumbs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const thumb = style({
  width: '96px',
  height: '96px',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  display: 'block',
});
export const fileList = style({ margin: 0, paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.xs, overflowWrap: 'anywhere' });

export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const entry = style({ borderLeft: `2px solid ${vars.color.primary}`, paddingLeft: vars.space.md });
export const entryHead = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'baseline' });
