import { and, eq, inArray, ne, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { InvoiceActor } from '#machines/invoice';
import { type AccessAction, levelAllows } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { invoices, payments, renters } from '../../db/schema';
import { scopeTo } from '../../http/caller';
import { forbidden } from '../../http/errors';
import { type Viewer, viewerOf } from '../../workflow/viewer';

/**
 * Who is looking at the landlord's money (the kit's viewer): the landlord and the superadmin; an
 * employee at `billing` ≥ view (below: 403); a renter only its own invoices, never a draft.
 */
export const renterInvoices = (db: Db, userId: string | SQLWrapper) =>
  and(inArray(invoices.renterId, db.select({ id: renters.id }).from(renters).where(eq(renters.userId, userId))), ne(invoices.status, 'draft'));

export async function billingViewerOf(db: Db, user: AuthedUser): Promise<Viewer> {
  const viewer = await viewerOf(db, user, 'billing', invoices.landlordId);
  if (viewer.kind === 'renter') return { ...viewer, scope: and(viewer.scope, renterInvoices(db, user.id)) };
  if (!levelAllows(viewer.level, 'read')) throw forbidden();
  return viewer;
}

/** Staff of a landlord who may `action` in billing: runs are `create`, voiding and issuing `update`. */
export function requireBilling(viewer: Viewer, action: AccessAction): string {
  const landlordId = viewer.user.landlordId;
  if (viewer.kind !== 'staff' || !levelAllows(viewer.level, action) || !landlordId) throw forbidden();
  return landlordId;
}

/** Staff who may change an invoice play the machine's staff side; renters and readers play none. */
export const sidesOn = (viewer: Viewer): InvoiceActor[] => (viewer.kind === 'staff' && levelAllows(viewer.level, 'update') ? ['staff'] : []);

/** The payments a viewer of billing sees: its landlord's, a renter only its own. */
export function paymentScope(db: Db, viewer: Viewer): SQL | undefined {
  const landlord = scopeTo(viewer.user, payments.landlordId);
  if (viewer.kind !== 'renter') return landlord;
  return and(landlord, inArray(payments.renterId, db.select({ id: renters.id }).from(renters).where(eq(renters.userId, viewer.user.id))));
}
