import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { objects, renters } from '../../db/schema';
import { invalidField, notFound } from '../../http/errors';
import { countAudience } from '../notifications/notify';
import { type NoticeViewer, senderLandlord } from './access';
import { renterAudience } from './audience';

export type ReachQuery = { target: 'all' | 'object' | 'floor' | 'renters'; object_id?: string; floor?: number; renter_ids?: string[] };

/**
 * How many renters a notice with this audience reaches if sent now: the delivery's own query
 * (renterAudience) counted as notifyAudience would tell it. Senders only; another landlord's object is 404.
 */
export async function noticeReach(db: Db, viewer: NoticeViewer, q: ReachQuery): Promise<number> {
  const landlordId = senderLandlord(viewer);
  let objectId: string | null = null;
  if (q.target === 'object' || q.target === 'floor') {
    if (!q.object_id) throw invalidField('object_id', (ll) => ll.validation.required());
    const [object] = await db
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.id, q.object_id), eq(objects.landlordId, landlordId)));
    if (!object) throw notFound();
    objectId = object.id;
  }
  if (q.target === 'floor' && q.floor === undefined) throw invalidField('floor', (ll) => ll.validation.required());
  const ids = q.renter_ids ?? [];
  const chosen = ids.length > 0 ? inArray(renters.userId, ids) : sql`false`;
  const audience = renterAudience({ landlordId, target: q.target, objectId, floor: q.target === 'floor' ? (q.floor ?? null) : null }, chosen);
  return countAudience(db, audience, viewer.user.id);
}
