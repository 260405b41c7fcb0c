/**
 * Navigation badges are counted up to this many rows, however large the journal (the server stops
 * there; see server/modules/requests/queries.ts countRequests); the SPA shows a badge at the cap as "999+".
 */
export const BADGE_CAP = 1000;

/** A badge's text: the count, or "999+" once the server stopped counting. */
export const badgeText = (count: number) => (count >= BADGE_CAP ? `${BADGE_CAP - 1}+` : String(count));
