import { asc, eq } from 'drizzle-orm';
import { type RequestContext, requestActions } from '../../../machines/request';
import type { components } from '../../../src/api/schema';
import type { Locales } from '../../../src/i18n/i18n-types';
import type { Db } from '../../db/client';
import { requestEvents, requestFiles, rooms } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { actorOn, levelCovers, staffMay, type Viewer } from './access';
import { type JournalRow, toListItem } from './queries';

export type RequestDetail = components['schemas']['RequestDetail'];

/**
 * The machine's context for a stored request. `fromVisitor` means "no applicant account answers for
 * it": a visitor's request, and also one staff filed with no renter — staff confirms both.
 */
export function contextOf(request: JournalRow['request'], hasPhotoReport: boolean): RequestContext {
  return { hasPhotoReport, fromVisitor: request.fromVisitor || !request.renterId };
}

/** The request with its room, files, history, and what this caller may do with it now. */
export async function presentDetail(db: Db, storage: Storage, viewer: Viewer, row: JournalRow, locale: Locales): Promise<RequestDetail> {
  const r = row.request;
  const [room, files, history] = await Promise.all([
    r.roomId ? db.select().from(rooms).where(eq(rooms.id, r.roomId)).then((x) => x[0]) : undefined,
    db.select().from(requestFiles).where(eq(requestFiles.requestId, r.id)).orderBy(asc(requestFiles.createdAt), asc(requestFiles.id)),
    db.select().from(requestEvents).where(eq(requestEvents.requestId, r.id)).orderBy(asc(requestEvents.createdAt), asc(requestEvents.id)),
  ]);
  const by = actorOn(viewer, r);
  const ctx = contextOf(r, Boolean(row.hasReport));
  const actions = by ? requestActions(r.status, ctx, by).filter((e) => levelCovers(viewer, by, e)) : [];
  const canEdit = r.status === 'new' && (by === 'applicant' || staffMay(viewer, 'update'));
  return {
    ...toListItem(row, locale),
    description: r.description,
    room: room ? { id: room.id, number: room.number, floor: room.floor } : null,
    files: files.map((f) => ({ id: f.id, kind: f.kind, url: storage.url(f.key), created_at: f.createdAt.toISOString() })),
    history: history.map((e) => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      actor_name: e.actorName,
      event: e.event,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      comment: e.comment,
    })),
    actions,
    can_edit: canEdit,
  };
}
