import { and, eq, inArray, ne, type SQLWrapper } from 'drizzle-orm';
import type { ContractActor } from '../../../machines/contract';
import { type AccessAction, levelAllows } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { contracts, renters } from '../../db/schema';
import { AppError, forbidden } from '../../http/errors';
import { type Viewer, viewerOf } from '../../workflow/viewer';

export type ContractViewer = Viewer;

/**
 * Who is looking at leases (the kit's viewer, workflow/viewer.ts), narrowed:
 * - the superadmin: everything; the landlord: its landlord's leases;
 * - an employee: its landlord's leases at `contracts` ≥ view (below: 403);
 * - a renter: only its own leases (those naming its tenant card) once signed, read-only: a draft (a
 *   renewal being prepared, its terms still discussed) is the staff's until it is signed.
 */
export const renterScope = (db: Db, userId: string | SQLWrapper) =>
  and(inArray(contracts.renterId, db.select({ id: renters.id }).from(renters).where(eq(renters.userId, userId))), ne(contracts.status, 'draft'));

export async function contractViewerOf(db: Db, user: AuthedUser): Promise<ContractViewer> {
  const viewer = await viewerOf(db, user, 'contracts', contracts.landlordId);
  if (viewer.kind === 'renter') {
    return { ...viewer, scope: and(viewer.scope, renterScope(db, user.id)) };
  }
  if (!levelAllows(viewer.level, 'read')) throw forbidden();
  return viewer;
}

/** The viewer, or null for a caller who may not read leases (a badge or a calendar layer is then empty). */
export async function contractViewerOrNull(db: Db, user: AuthedUser): Promise<ContractViewer | null> {
  return contractViewerOf(db, user).catch((err: unknown) => {
    if (err instanceof AppError) return null;
    throw err;
  });
}

/** The access-level rule for staff: view reads, employee creates (drafts, files, renewals), creator edits and signs. */
export const mayDo = (viewer: ContractViewer, action: AccessAction) => viewer.kind === 'staff' && levelAllows(viewer.level, action);

export function requireStaff(viewer: ContractViewer, action: AccessAction): void {
  if (!mayDo(viewer, action)) throw forbidden();
}

/** Staff who may change a lease play the machine's staff side; renters and readers play none. */
export const sidesOn = (viewer: ContractViewer): ContractActor[] => (mayDo(viewer, 'update') ? ['staff'] : []);
