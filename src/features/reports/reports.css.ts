import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const page = style({ minWidth: 0 });
export const tabs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const tab = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.neutral200}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.onPrimary } },
});
export const filters = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: vars.space.md, alignItems: 'end' });
export const figures = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: vars.space.md, margin: 0 });
export const figure = style({ display: 'grid', gap: vars.space.xxs, margin: 0 });
export const figureLabel = style({ color: vars.color.textMuted, margin: 0 });
export const figureValue = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.medium, margin: 0, overflowWrap: 'anywhere' });
export const chart = style({ width: '100%', height: 260, minWidth: 0 });
/** A table scrolls inside its own box: the page never scrolls sideways at 390 px. */
export const tableBox = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({ borderCollapse: 'collapse', width: '100%', fontSize: vars.fontSize.sm });
export const caption = style({ textAlign: 'left', fontWeight: vars.fontWeight.medium, padding: `${vars.space.xs} 0` });
export const cell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.neutral100}`, whiteSpace: 'nowrap' });
export const num = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
export const head = style([cell, { textAlign: 'left', fontWeight: vars.fontWeight.medium }]);
export const total = style({ fontWeight: vars.fontWeight.medium });
export const noPrint = style({ '@media': { print: { display: 'none' } } });
/** The report's name and period atop the printout (the page's own header is not printed). */
export const printTitle = style({ display: 'none', fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.medium, '@media': { print: { display: 'block' } } });

// Printing a report: the shell's navigation goes, the charts and tables stay, a card is not split.
globalStyle('body:has([data-report-page]) :is(nav, aside, header)', { '@media': { print: { display: 'none' } } });
globalStyle('[data-report-page] section', { '@media': { print: { breakInside: 'avoid' } } });
