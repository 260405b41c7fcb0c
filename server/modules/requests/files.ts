import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requestFiles, requests } from '../../db/schema';
import { checkPhoto, requireUpload } from '../../files/checks';
import { documentName } from '../../files/documents';
import { AppError, forbidden } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import type { Storage } from '../../storage/storage';
import { type Accepted, attachFiles } from '../../workflow/files';
import { actorOn, type Viewer } from './access';
import { requestIn } from './transitions';
import { requestWorkflow } from './workflow';

type Kind = 'photo' | 'report';

export const MAX_PHOTO_MIB = 10;
export const MAX_VISITOR_PHOTO_MIB = 5;

/** Where each kind may still be added: photos until closed or rejected, a report while the work goes on. */
const takesFiles: Record<Kind, Array<(typeof requests.$inferSelect)['status']>> = {
  photo: ['new', 'in_progress', 'paused', 'done', 'returned'],
  report: ['in_progress', 'paused'],
};

/** A checked photo as the kit stores it: its kind in the key, the row and the history; its name, which its download keeps. */
export const asRequestFile = (photo: Accepted, kind: Kind, userId: string | null): Accepted => ({
  ...photo,
  columns: { kind, name: documentName(photo.upload.filename, photo.ext), uploadedBy: userId },
  keyPrefix: `${kind}-`,
  event: `request.file.${kind}`,
});

/**
 * Who may add a file, asked before the upload's body is read (the upload gate, which does not know
 * the kind yet: a photo's rules, the wider) and again with it: the applicant or staff a photo, staff a
 * photo of the report.
 */
export async function requestTakingFiles(db: Db, viewer: Viewer, id: string, kind: Kind = 'photo') {
  const row = await requestIn(db, viewer, id);
  const by = actorOn(viewer, row.request);
  if (!by || (kind === 'report' && by !== 'staff')) throw forbidden();
  if (!takesFiles[kind].includes(row.request.status)) throw new AppError(409, 'invalid_state');
  return row;
}

/** A photo or a photo of the report, checked by its bytes, then stored and written into the history by the kit. */
export async function uploadRequestFile(db: Db, storage: Storage, viewer: Viewer, id: string, kind: Kind, upload: Upload | undefined): Promise<void> {
  const row = await requestTakingFiles(db, viewer, id, kind);
  const photo = await checkPhoto(requireUpload(upload, 'file'), 'file', MAX_PHOTO_MIB);
  await attachFiles(db, storage, requestWorkflow, viewer, row, [asRequestFile(photo, kind, viewer.user.id)], {
    open: inArray(requests.status, takesFiles[kind]),
    countWhere: eq(requestFiles.kind, kind),
  });
}

/**
 * Photos of a request received elsewhere than the upload route (the Telegram bot's request), checked
 * by their bytes like an upload and added together under the same rules and limit.
 */
export async function addRequestPhotos(db: Db, storage: Storage, viewer: Viewer, id: string, uploads: Upload[]): Promise<void> {
  const row = await requestTakingFiles(db, viewer, id, 'photo');
  const photos: Accepted[] = [];
  for (const upload of uploads) photos.push(asRequestFile(await checkPhoto(requireUpload(upload, 'file'), 'file', MAX_PHOTO_MIB), 'photo', viewer.user.id));
  await attachFiles(db, storage, requestWorkflow, viewer, row, photos, {
    open: inArray(requests.status, takesFiles.photo),
    countWhere: eq(requestFiles.kind, 'photo'),
  });
}
