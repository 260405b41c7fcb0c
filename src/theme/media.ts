/**
 * One breakpoint for the whole product. Below it (phones, portrait tablets) the signed-in shell folds
 * its sidebar into a drawer behind a menu button and controls grow to touch size. Media queries cannot
 * read CSS variables, so these are plain strings beside the theme, not part of its contract.
 */
export const compactMaxWidth = 899;

export const media = {
  /** Phones and narrow tablets: one column, a top bar with the menu button. */
  compact: `screen and (max-width: ${compactMaxWidth}px)`,
  /** The sidebar layout. */
  wide: `screen and (min-width: ${compactMaxWidth + 1}px)`,
} as const;

/** The smallest a thing to tap may be on a phone (WCAG 2.5.5, Apple's and Google's guides). */
export const touchTarget = '44px';
