import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { requestEvents, requestFiles, requests } from '../../db/schema';
import { AppError, forbidden, notFound, invalidField } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import type { Storage } from '../../storage/storage';
import { detectImage } from '../objects/image';
import { actorOn, type Viewer } from './access';
import type { Actor } from './service';
import { findRequest } from './queries';

type Kind = 'photo' | 'report';

export const MAX_PHOTO_MIB = 10;
export const MAX_VISITOR_PHOTO_MIB = 5;
export const MAX_FILES_PER_KIND = 10;

/** A photo by its bytes: JPEG, PNG or WebP only (an SVG logo is fine, an SVG "photo" is not). */
export function checkPhoto(upload: Upload | undefined, field: string, maxMib: number) {
  if (!upload || upload.data.length === 0) throw invalidField(field, (ll) => ll.validation.required());
  if (upload.data.length > maxMib * 1024 * 1024) {
    throw new AppError(413, 'file_too_large', { [field]: (ll) => ll.errors.file_too_large({ max: maxMib }) }, { max: maxMib });
  }
  const kind = detectImage(upload.data);
  if (!kind || kind.ext === 'svg') throw new AppError(400, 'photo_type', { [field]: (ll) => ll.errors.photo_type() });
  return { data: upload.data, ...kind };
}

/**
 * Stores a checked photo and records it (file row and history) in `tx`, which holds the request's
 * row lock: the count per kind cannot be raced past. A failed insert removes the stored file.
 */
export async function attachFile(
  tx: Tx,
  storage: Storage,
  requestId: string,
  kind: Kind,
  photo: ReturnType<typeof checkPhoto>,
  actor: Actor,
  after?: Date,
) {
  const [used] = await tx.select({ n: count() }).from(requestFiles).where(and(eq(requestFiles.requestId, requestId), eq(requestFiles.kind, kind)));
  if ((used?.n ?? 0) >= MAX_FILES_PER_KIND) {
    throw new AppError(409, 'too_many_files', { file: (ll) => ll.errors.too_many_files({ max: MAX_FILES_PER_KIND }) }, { max: MAX_FILES_PER_KIND });
  }
  const key = `requests/${requestId}/${kind}-${randomUUID()}.${photo.ext}`;
  await storage.put(key, photo.data, photo.contentType);
  // The history is ordered by time: a photo sent with a new request comes after its creation.
  const at = new Date(Math.max(Date.now(), (after?.getTime() ?? 0) + 1));
  try {
    await tx.insert(requestFiles).values({ requestId, kind, key, contentType: photo.contentType, size: photo.data.length, uploadedBy: actor.userId, createdAt: at });
    await tx.insert(requestEvents).values({ requestId, actorUserId: actor.userId, actorName: actor.name, event: `request.file.${kind}`, createdAt: at });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  return key;
}

/**
 * A photo (the applicant or staff, until closed or rejected) or a photo of the report (staff, while
 * in progress or paused). Every check runs before anything is stored.
 */
export async function uploadRequestFile(db: Db, storage: Storage, viewer: Viewer, id: string, kind: Kind, upload: Upload | undefined): Promise<void> {
  const row = await findRequest(db, viewer.scope, id);
  if (!row) throw notFound();
  const by = actorOn(viewer, row.request);
  if (!by || (kind === 'report' && by !== 'staff')) throw forbidden();
  const allowed: readonly string[] = kind === 'report' ? ['in_progress', 'paused'] : ['new', 'in_progress', 'paused', 'done', 'returned'];
  if (!allowed.includes(row.request.status)) throw new AppError(409, 'invalid_state');
  const photo = checkPhoto(upload, 'file', MAX_PHOTO_MIB);
  const actor = { userId: viewer.user.id, name: viewer.name };
  let stored: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: requests.status }).from(requests).where(eq(requests.id, id)).for('update');
      if (!locked || !allowed.includes(locked.status)) throw new AppError(409, 'invalid_state');
      stored = await attachFile(tx, storage, id, kind, photo, actor);
    });
  } catch (err) {
    // The transaction rolled back after the file was written (e.g. on commit): remove it too.
    if (stored) await storage.delete(stored).catch(() => undefined);
    throw err;
  }
}
