import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noticeFiles, noticeRecipients, notices, notifications, objects, rooms } from '../../db/schema';
import { checkDocument, requireUpload } from '../../files/checks';
import { MAX_TASK_FILE_MIB } from '../../files/documents';
import { AppError, forbidden, invalidField, notFound } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import { soon } from '../../jobs/soon';
import type { Storage } from '../../storage/storage';
import { type Accepted, storeFiles, withStoredFiles } from '../../workflow/files';
import { type NoticeViewer, senderLandlord } from './access';
import { validRecipients } from './audience';
import { deliverDueNotices, sendNow } from './delivery';

export const MAX_NOTICE_FILES = 10;
export const MAX_TITLE = 200;
export const MAX_MESSAGE = 5000;

/** The file kit's view of notices: no lifecycle, no history, just files under `notices/<id>/`. */
const noticeFileSpec = {
  name: 'notice',
  files: { table: noticeFiles, recordKey: 'noticeId', recordId: noticeFiles.noticeId, prefix: 'notices', maxFiles: MAX_NOTICE_FILES },
};

export type NoticeInput = {
  audience: 'renters' | 'employees';
  title?: string;
  message: string;
  target: 'all' | 'object' | 'floor' | 'renters' | 'chosen';
  objectId?: string;
  floor?: string;
  sendAt?: string;
  recipients: string[];
};

const required = (field: string) => invalidField(field, (ll) => ll.validation.required());
const unknown = (field: string) => invalidField(field, (ll) => ll.errors.not_found());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const indexed = (name: string) => new RegExp(`^${name}\\[(\\d{1,4})\\]$`);

/**
 * Multipart sends a list as repeated `name` or as `name[0]`, `name[1]`, ... (the SPA sends `recipients[i]`): both read alike,
 * in order. The contract lets such indexed fields through as text; any other unknown field is refused
 * here, and every id must be one.
 */
export function listField(body: Record<string, unknown>, name: string, known: readonly string[]): string[] {
  for (const key of Object.keys(body)) {
    if (!known.includes(key) && !indexed(name).test(key) && !indexed('files').test(key)) throw invalidField(key, (ll) => ll.errors.validation_failed());
  }
  const plain = body[name];
  const numbered = Object.keys(body)
    .map((k) => ({ k, i: indexed(name).exec(k)?.[1] }))
    .filter((x) => x.i !== undefined)
    .sort((a, b) => Number(a.i) - Number(b.i))
    .map((x) => body[x.k]);
  const values = [...(Array.isArray(plain) ? plain : plain === undefined ? [] : [plain]), ...numbered];
  if (values.some((v) => typeof v !== 'string' || !UUID.test(v))) throw unknown(name);
  return values as string[];
}

/** The files sent as `files` or `files[i]`. */
export function filesField(uploads: Record<string, Upload[]> | undefined): Upload[] {
  return Object.entries(uploads ?? {})
    .filter(([field]) => /^files(\[\d+\])?$/.test(field))
    .flatMap(([, list]) => list);
}

/** When to deliver: null (now) without a time; a time that has passed is refused, not sent at once unseen. */
function sendTimeOf(value: string | undefined): Date | null {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw required('send_at');
  if (at.getTime() <= Date.now()) throw invalidField('send_at', (ll) => ll.notices.sendAtPast());
  return at;
}

/**
 * A notice written and, unless scheduled, delivered: every check (fields, audience, recipients, each
 * file's bytes) runs before anything is stored, and the row, its recipients, its files and the inbox
 * rows go in one transaction, so a refusal leaves no notice, no file and no inbox row. Of an audience
 * above `sending.inline`, that transaction tells those who have the app open and the job the rest
 * (delivery.ts), so the answer does not wait for 100,000 inbox rows.
 */
export async function sendNotice(
  db: Db,
  storage: Storage,
  viewer: NoticeViewer,
  input: NoticeInput,
  uploads: Upload[],
  sending: { inline: number; onError: (err: unknown) => void },
): Promise<string> {
  const landlordId = senderLandlord(viewer);
  const message = input.message.trim();
  if (!message) throw required('message');
  if (message.length > MAX_MESSAGE) throw invalidField('message', (ll) => ll.validation.maxLength({ max: MAX_MESSAGE }));
  const title = input.audience === 'renters' ? (input.title ?? '').trim() : null;
  if (input.audience === 'renters' && !title) throw required('title');
  if (title && title.length > MAX_TITLE) throw invalidField('title', (ll) => ll.validation.maxLength({ max: MAX_TITLE }));
  const sendAt = sendTimeOf(input.sendAt);

  let objectId: string | null = null;
  let floor: number | null = null;
  if (input.target === 'object' || input.target === 'floor') {
    if (!input.objectId) throw required('object_id');
    const [object] = await db
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.id, input.objectId), eq(objects.landlordId, landlordId)));
    if (!object) throw unknown('object_id');
    objectId = object.id;
    if (input.target === 'floor') {
      if (input.floor === undefined || input.floor === '') throw required('floor');
      floor = Number(input.floor);
      const [room] = await db
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(eq(rooms.objectId, object.id), eq(rooms.floor, floor)))
        .limit(1);
      if (!room) throw unknown('floor');
    }
  }

  const chosen = input.target === 'renters' || input.target === 'chosen' ? [...new Set(input.recipients)] : [];
  if ((input.target === 'renters' || input.target === 'chosen') && chosen.length === 0) throw required('recipients');
  const valid = await validRecipients(db, landlordId, input.audience, chosen);
  if (chosen.some((id) => !valid.has(id))) throw unknown('recipients');

  if (uploads.length > MAX_NOTICE_FILES) {
    throw new AppError(409, 'too_many_files', { files: (ll) => ll.errors.too_many_files({ max: MAX_NOTICE_FILES }) }, { max: MAX_NOTICE_FILES });
  }
  const files: Accepted[] = [];
  for (const upload of uploads) files.push(await checkDocument(requireUpload(upload, 'files'), 'files', MAX_TASK_FILE_MIB));

  let rest = false;
  const id = await withStoredFiles(storage, (stored) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notices)
        .values({
          landlordId,
          authorUserId: viewer.user.id,
          authorName: viewer.name,
          audience: input.audience,
          title,
          message,
          target: input.target,
          objectId,
          floor,
          sendAt,
        })
        .returning({ id: notices.id });
      if (!row) throw new Error('notice not created');
      if (chosen.length > 0) await tx.insert(noticeRecipients).values(chosen.map((userId) => ({ noticeId: row.id, userId })));
      await storeFiles(tx, storage, noticeFileSpec, row.id, files, null, stored);
      if (!sendAt) rest = await sendNow(tx, row.id, sending.inline);
      return row.id;
    }),
  );
  // The rest of a big audience is told right after the answer, by the job's own steps.
  if (rest) soon(() => deliverDueNotices(db), sending.onError);
  return id;
}

/** A scheduled notice cancelled by its author or the landlord; the row lock decides against the job. */
export async function cancelNotice(db: Db, viewer: NoticeViewer, id: string): Promise<void> {
  const landlordId = senderLandlord(viewer);
  const [n] = await db
    .select({ author: notices.authorUserId })
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.landlordId, landlordId)));
  if (!n) throw notFound();
  if (viewer.user.role !== 'landlord' && n.author !== viewer.user.id) throw forbidden();
  const changed = await db
    .update(notices)
    .set({ cancelledAt: new Date() })
    .where(and(eq(notices.id, id), isNull(notices.sentAt), isNull(notices.cancelledAt)))
    .returning({ id: notices.id });
  if (changed.length === 0) throw new AppError(409, 'invalid_state');
}

/** A recipient opens a notice: its inbox rows of it are read (the bell goes down); false when it has none. */
export async function readAsRecipient(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.userId, userId), eq(notifications.subjectType, 'notice'), eq(notifications.subjectId, id)))
    .returning({ readAt: notifications.readAt });
  return rows.length > 0;
}
