import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { requestEvents, requestFollowers, requestRatings, requests, users } from '../../db/schema';
import { AppError, forbidden, invalidField, notFound } from '../../http/errors';
import { actorOf, recordHistory } from '../../workflow/history';
import { staffMay, type Viewer } from './access';
import { requestRatedLow } from './notices';
import { findRequest } from './queries';

/** How long after closing its applicant may still rate a request closed without a rating. */
export const RATING_WINDOW_MS = 7 * 86_400_000;
/** Ratings at or below this are told to the landlord and the journal's main employees. */
const LOW_RATING = 2;

type Rated = { id: string; landlordId: string; number: number; renterId: string | null };

/** The request the viewer may see, or 404 (as transitions.ts reads it). */
async function requestIn(db: Db, viewer: Viewer, id: string) {
  const row = await findRequest(db, viewer.scope, id);
  if (!row) throw notFound();
  return row;
}

/** Only the renter who sent the request rates it; staff confirming a visitor's request cannot. */
export function checkRater(viewer: Viewer, r: { renterId: string | null }) {
  if (viewer.kind !== 'renter' || !viewer.renter || r.renterId !== viewer.renter.id) {
    throw invalidField('rating', (ll) => ll.requests.rating.onlyApplicant());
  }
}

/**
 * Keeps the applicant's rating, in the transaction of its confirmation or of its own call: one row per
 * request, a later rating (after a reopening) replacing the earlier one. A rating of 1 or 2 is told.
 */
export async function recordRating(tx: Db | Tx, viewer: Viewer, r: Rated, rating: number, comment: string | null, now: Date): Promise<void> {
  const values = { rating, comment, ratedBy: viewer.user.id, ratedAt: now };
  await tx
    .insert(requestRatings)
    .values({ requestId: r.id, landlordId: r.landlordId, renterId: r.renterId as string, ...values })
    .onConflictDoUpdate({ target: requestRatings.requestId, set: values });
  if (rating <= LOW_RATING) await requestRatedLow(tx, r, rating, actorOf(viewer));
}

/** What the request's page shows of its rating, and whether (until when) this caller may still rate it. */
export async function ratingOf(db: Db, viewer: Viewer, r: typeof requests.$inferSelect) {
  const [row] = await db.select().from(requestRatings).where(eq(requestRatings.requestId, r.id));
  const rating = row ? { value: row.rating, comment: row.comment, rated_at: row.ratedAt.toISOString() } : null;
  const until = r.closedAt ? new Date(r.closedAt.getTime() + RATING_WINDOW_MS) : null;
  const mine = viewer.kind === 'renter' && Boolean(viewer.renter) && r.renterId === viewer.renter?.id;
  const open = mine && r.status === 'closed' && until !== null && until > new Date() && !(row && r.closedAt && row.ratedAt >= r.closedAt);
  return { rating, can_rate: open, rate_until: open && until ? until.toISOString() : null };
}

/**
 * A closed request rated afterwards by its applicant: while it has no rating since it was closed, and
 * for 7 days after closing (then 409 `rating_closed`). The request's row is locked, so a reopening at the
 * same moment either comes first (409) or after.
 */
export async function rateRequest(db: Db, viewer: Viewer, id: string, input: { rating: number; comment?: string }): Promise<void> {
  const row = await requestIn(db, viewer, id);
  checkRater(viewer, row.request);
  const comment = input.comment?.trim() || null;
  await db.transaction(async (tx) => {
    const [r] = await tx.select().from(requests).where(eq(requests.id, id)).for('update');
    if (r?.status !== 'closed' || !r.closedAt) throw new AppError(409, 'invalid_state');
    const [before] = await tx.select({ at: requestRatings.ratedAt }).from(requestRatings).where(eq(requestRatings.requestId, id));
    if (before && before.at >= r.closedAt) throw new AppError(409, 'invalid_state');
    const now = new Date();
    if (now.getTime() > r.closedAt.getTime() + RATING_WINDOW_MS) throw new AppError(409, 'rating_closed');
    await recordRating(tx, viewer, r, input.rating, comment, now);
    await recordHistory(tx, { table: requestEvents, recordKey: 'requestId' }, id, actorOf(viewer), { event: 'request.rating', comment, createdAt: now });
  });
}

/** Staff who follow the request (to staff only), and whether the caller is one of them. */
export async function followersOf(db: Db, viewer: Viewer, requestId: string) {
  if (viewer.kind !== 'staff') return { followers: [], following: false };
  const rows = await db
    .select({ user_id: users.id, name: users.fullName })
    .from(requestFollowers)
    .innerJoin(users, eq(users.id, requestFollowers.userId))
    .where(and(eq(requestFollowers.requestId, requestId), eq(users.active, true)))
    .orderBy(asc(users.fullName), asc(users.id));
  return { followers: rows, following: rows.some((f) => f.user_id === viewer.user.id) };
}

/** Staff who may read the request follow it, or stop; twice is once. */
export async function setFollowing(db: Db, viewer: Viewer, id: string, follow: boolean): Promise<void> {
  if (!staffMay(viewer, 'read')) throw forbidden();
  const { request } = await requestIn(db, viewer, id);
  if (follow) {
    await db.insert(requestFollowers).values({ requestId: request.id, userId: viewer.user.id }).onConflictDoNothing();
  } else {
    await db.delete(requestFollowers).where(and(eq(requestFollowers.requestId, request.id), eq(requestFollowers.userId, viewer.user.id)));
  }
}

/** The rating a confirmation carries, checked before the transition: only with `request.confirm`, only from its renter. */
export function ratingWithConfirm(viewer: Viewer, r: { renterId: string | null }, input: { event: string; rating?: number }) {
  if (input.rating === undefined) return null;
  if (input.event !== 'request.confirm') throw invalidField('rating', (ll) => ll.requests.rating.onlyConfirm());
  checkRater(viewer, r);
  return input.rating;
}
