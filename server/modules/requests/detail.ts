import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Locales } from '../../../src/i18n/i18n-types';
import type { Db } from '../../db/client';
import { requestFiles, rooms } from '../../db/schema';
import type { FileLinks } from '../../storage/file-links';
import { presentHistory } from '../../workflow/history';
import { actionsOf } from '../../workflow/transition';
import { actorOn, staffMay, type Viewer } from './access';
import { followersOf, ratingOf } from './feedback';
import { type JournalRow, toListItem } from './queries';
import { requestWorkflow } from './workflow';

export type RequestDetail = components['schemas']['RequestDetail'];

/** The request with its room, files (signed links, for this viewer who sees it), history, rating, followers, and what this caller may do with it now. */
export async function presentDetail(db: Db, links: FileLinks, viewer: Viewer, row: JournalRow, locale: Locales): Promise<RequestDetail> {
  const r = row.request;
  const [room, files, history, rating, followers] = await Promise.all([
    r.roomId
      ? db
          .select()
          .from(rooms)
          .where(eq(rooms.id, r.roomId))
          .then((x) => x[0])
      : undefined,
    db.select().from(requestFiles).where(eq(requestFiles.requestId, r.id)).orderBy(asc(requestFiles.createdAt), asc(requestFiles.id)),
    presentHistory(db, requestWorkflow.history!, r.id),
    ratingOf(db, viewer, r),
    followersOf(db, viewer, r.id),
  ]);
  const canEdit = r.status === 'new' && (actorOn(viewer, r) === 'applicant' || staffMay(viewer, 'update'));
  return {
    ...toListItem(row, locale),
    description: r.description,
    room: room ? { id: room.id, number: room.number, floor: room.floor } : null,
    files: files.map((f) => ({ id: f.id, kind: f.kind, name: f.name, url: links.url(f.key, f.name), created_at: f.createdAt.toISOString() })),
    history: history as RequestDetail['history'],
    actions: actionsOf(requestWorkflow, viewer, row),
    can_edit: canEdit,
    ...rating,
    ...followers,
  };
}
