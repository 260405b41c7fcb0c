import { and, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { ViolationActor } from '../../../machines/violation';
import { type AccessAction, levelAllows } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { type renters, violations } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { type Viewer as KitViewer, viewerOf as kitViewerOf, renterOfUser } from '../../workflow/viewer';

/** Who is looking at violations: the kit's viewer with a `violations` level, and a renter's own row. */
export type ViolationViewer = KitViewer & { renter: typeof renters.$inferSelect | null };

/** The statuses a renter sees: from issued on, never a draft. */
export const renterVisible = ['issued', 'acknowledged', 'disputed', 'fixed', 'closed', 'cancelled'] as const;

/**
 * Staff by their `violations` level (the settings' table): read → view; record a draft → employee
 * (create); edit a draft and act as staff on the machine (issue, decide a dispute, confirm or return a
 * fix) → creator (update); delete a draft → intermediate. The landlord and the superadmin may all.
 */
export function staffMay(viewer: ViolationViewer, action: AccessAction): boolean {
  return viewer.kind === 'staff' && levelAllows(viewer.level, action);
}

/** A renter's own violations, none in draft; the id is a value, or a placeholder in the menu's statement. */
export const renterScope = (renterId: string | SQLWrapper) => and(eq(violations.renterId, renterId), inArray(violations.status, [...renterVisible]));

/**
 * The caller in the violations module: staff need at least `view` (403 below); a renter sees only its
 * own violations, and none in draft.
 */
export async function violationViewerOf(db: Db, user: AuthedUser): Promise<ViolationViewer> {
  const viewer = { ...(await kitViewerOf(db, user, 'violations', violations.landlordId)), renter: null };
  if (viewer.kind === 'renter') {
    const renter = await renterOfUser(db, user);
    return { ...viewer, renter, scope: and(viewer.scope, renterScope(renter.id)) };
  }
  if (!staffMay(viewer, 'read')) throw forbidden();
  return viewer;
}

/** The machine's `by` for this caller on this violation: its renter, or staff who may act on it. */
export function sidesOn(viewer: ViolationViewer, row: { renterId: string }): ViolationActor[] {
  if (viewer.kind === 'renter') return viewer.renter && row.renterId === viewer.renter.id ? ['renter'] : [];
  return staffMay(viewer, 'update') ? ['staff'] : [];
}
