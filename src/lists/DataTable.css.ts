import { createContainer, globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme';
import { cardsBelow, type Priority, shownFrom } from './columns';

// The list's own width decides its layout (a container query), so the same list fits a page with
// the sidebar, a page without it and a phone alike.
const list = createContainer();
const cards = `${list} (width < ${cardsBelow}px)`;
const table_ = `${list} (width >= ${cardsBelow}px)`;
const between = (from: number, to: number) => `${list} (${from}px <= width < ${to}px)`;
const priorities = [1, 2, 3, 4, 5] as const satisfies Priority[];
const byPriority = <S>(each: (p: Priority) => S) => Object.fromEntries(priorities.map((p) => [p, each(p)])) as Record<Priority, S>;

export const wrap = style({
  containerName: list,
  containerType: 'inline-size',
  overflowX: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  '@container': { [cards]: { background: 'transparent', boxShadow: 'none', overflowX: 'visible' } },
});
export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.fontSize.sm,
  '@container': { [cards]: { display: 'block' } },
});
export const thead = style({ '@container': { [cards]: { display: 'none' } } });
export const tbody = style({
  '@container': { [cards]: { display: 'flex', flexDirection: 'column', gap: vars.space.md } },
});
export const th = style({
  textAlign: 'left',
  padding: `${vars.space.md} ${vars.space.lg}`,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  background: vars.color.surface,
});
export const tr = style({
  background: vars.color.surface,
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
  '@container': {
    [cards]: {
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space.xs,
      padding: vars.space.lg,
      borderRadius: vars.radius.lg,
      boxShadow: vars.shadow.sm,
    },
  },
});
export const td = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  '@container': {
    [cards]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(96px, 38%) 1fr',
      gap: vars.space.md,
      padding: `${vars.space.xs} 0`,
      border: 'none',
      overflowWrap: 'anywhere',
      selectors: { '&::before': { content: 'attr(data-label)', color: vars.color.textMuted } },
    },
  },
});
// The first column names the row: it stays in view while a wide table scrolls, and heads the card.
export const first = style({
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'inherit',
  '@container': {
    [cards]: {
      position: 'static',
      display: 'block',
      fontSize: vars.fontSize.md,
      fontWeight: vars.fontWeight.medium,
      paddingBottom: vars.space.sm,
      selectors: { '&::before': { content: 'none' } },
    },
  },
});
export const firstHead = style([th, { position: 'sticky', left: 0, zIndex: 2 }]);
// Actions never scroll away: they keep to the right edge of the table and close each card.
export const actions = style([
  td,
  {
    whiteSpace: 'nowrap',
    textAlign: 'right',
    position: 'sticky',
    right: 0,
    background: 'inherit',
    '@container': {
      [table_]: { boxShadow: `inset 1px 0 0 ${vars.color.border}` },
      [cards]: {
        position: 'static',
        display: 'flex',
        flexWrap: 'wrap',
        gap: vars.space.sm,
        paddingTop: vars.space.md,
        marginTop: vars.space.xs,
        borderTop: `1px solid ${vars.color.border}`,
        whiteSpace: 'normal',
        selectors: { '&::before': { content: 'none' } },
      },
    },
  },
]);
export const actionsHead = style([th, { position: 'sticky', right: 0, textAlign: 'right', zIndex: 2 }]);
export const actionsRow = style({ display: 'inline-flex', alignItems: 'center', justifyContent: 'flex-end', gap: vars.space.sm });
// On a phone every action is a full-width 44 px target.
globalStyle(`${actions} > *`, { '@container': { [cards]: { flex: '1 1 100%', display: 'flex', flexWrap: 'wrap' } } });
globalStyle(`${actionsRow} > *`, { '@container': { [cards]: { flex: '1 1 auto', flexWrap: 'wrap' } } });
globalStyle(`${actions} button, ${actions} a`, { '@container': { [cards]: { minHeight: '44px', flex: '1 1 auto' } } });
// The card's title link (the record's name or number) is a 32 px target too, not just its line of text.
globalStyle(`${first} a`, { '@container': { [cards]: { display: 'inline-block', paddingBlock: '6px' } } });

/** A column leaves the table below the width its priority allows (cards show every column). */
export const leaves = byPriority((p) => style(p === 1 ? {} : { '@container': { [between(cardsBelow, shownFrom[p])]: { display: 'none' } } }));

/** The disclosure of a row's details, offered only while some column is out of the table. */
export const toggle = byPriority((p) =>
  style({
    display: 'none',
    '@container': p === 1 ? {} : { [between(cardsBelow, shownFrom[p])]: { display: 'inline-flex' } },
  }),
);
/** The actions column of a list without actions: only while the toggle is offered (cards have none). */
export const toggleColumn = byPriority((p) =>
  style({
    display: 'none',
    // The cards' own rule for the actions cell comes later than a plain one, so it is overruled here too.
    '@container': { [cards]: { display: 'none' }, ...(p === 1 ? {} : { [between(cardsBelow, shownFrom[p])]: { display: 'table-cell' } }) },
  }),
);
export const toggleButton = style({ minWidth: '44px', minHeight: '44px', justifyContent: 'center' });
export const chevron = style({
  display: 'inline-block',
  transition: 'transform 120ms',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(90deg)' } },
});

/** The details row, and in it each column only while it is out of the table. */
export const detailsRow = byPriority((p) =>
  style({ display: 'none', '@container': p === 1 ? {} : { [between(cardsBelow, shownFrom[p])]: { display: 'table-row' } } }),
);
export const detailsCell = style({
  padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
});
export const detail = byPriority((p) =>
  style({ display: 'none', '@container': p === 1 ? {} : { [`${list} (width < ${shownFrom[p]}px)`]: { display: 'block' } } }),
);
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
