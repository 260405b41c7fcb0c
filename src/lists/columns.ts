/**
 * Which columns a list shows at its width. A column's priority says how long it stays in the table
 * as the list narrows: 1 (the default) always stays, and the higher the number the sooner it leaves.
 * A column that left the table is shown in its row's details (the disclosure); on a phone each row
 * is a card with every column. Widths are the list's own (a CSS container), not the window's.
 */
export type Priority = 1 | 2 | 3 | 4 | 5;

/** Below this width of the list (px) each row is a card. */
export const cardsBelow = 600;

/** The list width (px) from which a column of each priority is in the table. */
export const shownFrom: Record<Priority, number> = { 1: 0, 2: cardsBelow, 3: 780, 4: 960, 5: 1180 };

/** The priority that leaves the table first: below its width the rows offer their details. */
export function lowestPriority(priorities: (Priority | undefined)[]): Priority {
  return Math.max(1, ...priorities.map((p) => p ?? 1)) as Priority;
}

/** The columns a row's details hold at some width: those that may leave the table. */
export const mayLeave = <C extends { priority?: Priority | undefined }>(columns: C[]) => columns.filter((c) => (c.priority ?? 1) > 1);
