import { and, asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { objects } from '../../db/schema';
import { scopeTo } from '../../http/caller';
import { invalidField, notFound } from '../../http/errors';

/** The public page a centre's QR code opens (the SPA's public route /visitor-request/:objectId). */
export const visitorPageUrl = (publicUrl: string, objectId: string) => `${publicUrl}/visitor-request/${objectId}`;

/**
 * The QR code (SVG) of an object of the caller's landlord: the named one, or its first by name.
 * The superadmin has no landlord of its own, so it must name the object.
 */
export async function qrCodeFor(db: Db, user: AuthedUser, publicUrl: string, objectId?: string) {
  if (user.role === 'superadmin' && !objectId) {
    throw invalidField('object_id', (ll) => ll.validation.required());
  }
  const [object] = await db
    .select({ id: objects.id, name: objects.name })
    .from(objects)
    .where(and(scopeTo(user, objects.landlordId), objectId ? eq(objects.id, objectId) : undefined))
    .orderBy(asc(objects.name), asc(objects.id))
    .limit(1);
  if (!object) throw notFound();
  const url = visitorPageUrl(publicUrl, object.id);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { url, svg, object_id: object.id, object_name: object.name };
}
