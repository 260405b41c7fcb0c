import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Locales } from '#/i18n/i18n-types';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { requests, telegramDrafts } from '../../db/schema';
import type { Deps } from '../../deps';
import { checkPhoto } from '../../files/checks';
import type { Upload } from '../../http/uploads';
import type { TelegramBot } from '../../telegram/bot';
import { staffMay, viewerOf, viewerOrNull } from '../requests/access';
import { RENTER_KIND, shownTypes } from '../requests/catalogue';
import { addRequestPhotos, MAX_PHOTO_MIB } from '../requests/files';
import { isOpen, listRequests, toListItem } from '../requests/queries';
import { createRequest, usableType } from '../requests/service';
import { MAX_FILES_PER_KIND } from '../requests/workflow';
import type { personOfChat } from './links';

export type Person = NonNullable<Awaited<ReturnType<typeof personOfChat>>>;
export const MAX_PHOTOS = MAX_FILES_PER_KIND;
/** A draft untouched this long is forgotten: its buttons and steps no longer apply. */
const DRAFT_TTL = sql`interval '1 day'`;

/** The person as the API's own checks see a caller; the bot has no session, so none is named. */
const callerOf = (p: Person): AuthedUser => ({ sessionId: '', id: p.id, role: p.role, landlordId: p.landlordId, fullName: p.fullName });

/**
 * `/mine`: a tenant's own latest requests; an employee's those assigned to it; a landlord's (or the
 * superadmin's) open ones. Each through the journal's own scope, so nothing outside it shows.
 */
export async function recentRequests(db: Db, person: Person, locale: Locales, limit = 10) {
  const viewer = await viewerOrNull(db, callerOf(person));
  if (!viewer || (viewer.kind === 'staff' && !staffMay(viewer, 'read'))) return [];
  const scope =
    viewer.kind === 'renter'
      ? viewer.scope
      : viewer.employeeId
        ? and(viewer.scope, eq(requests.assigneeEmployeeId, viewer.employeeId))
        : and(viewer.scope, isOpen);
  const { rows } = await listRequests(db, scope, {}, '-created_at', { limit, offset: 0 });
  return rows.map((r) => toListItem(r, locale));
}

/** The types a tenant may file (the landlord's shown ones); an error (not a tenant, no active card) is the caller's to say. */
export async function typesFor(db: Db, person: Person) {
  const viewer = await viewerOf(db, callerOf(person));
  if (viewer.kind !== 'renter' || !viewer.renter) return null;
  return { landlordId: viewer.renter.landlordId, types: await shownTypes(db, viewer.renter.landlordId, RENTER_KIND) };
}

/** A type chosen from the keyboard, checked as POST /requests checks it. */
export async function chosenType(db: Db, person: Person, typeId: string) {
  const viewer = await viewerOf(db, callerOf(person));
  if (viewer.kind !== 'renter' || !viewer.renter) return null;
  return (await usableType(db, viewer.renter.landlordId, typeId, [RENTER_KIND])).type;
}

export type Draft = typeof telegramDrafts.$inferSelect & { data: { typeId?: string; typeName?: string; description?: string } };

/** The chat's draft, when it is this person's and recent. */
export async function draftOf(db: Db, chatId: number, userId: string): Promise<Draft | null> {
  const [row] = await db
    .select()
    .from(telegramDrafts)
    .where(and(eq(telegramDrafts.chatId, chatId), eq(telegramDrafts.userId, userId), sql`${telegramDrafts.updatedAt} > now() - ${DRAFT_TTL}`));
  return (row as Draft | undefined) ?? null;
}

export async function saveDraft(db: Db, chatId: number, userId: string, step: string, data: Draft['data'], photos: string[] = []) {
  const values = { chatId, userId, step, data, photos, updatedAt: new Date() };
  await db.insert(telegramDrafts).values(values).onConflictDoUpdate({ target: telegramDrafts.chatId, set: values });
}

export const dropDraft = (db: Db, chatId: number) => db.delete(telegramDrafts).where(eq(telegramDrafts.chatId, chatId));

/**
 * One more photo, in one statement: photos of an album arrive as updates at once (any process), and
 * none may push the draft past the limit. Null when the draft is not at its photos' step, or is full.
 */
export async function addDraftPhoto(db: Db, chatId: number, userId: string, fileId: string): Promise<number | null> {
  const [row] = await db
    .update(telegramDrafts)
    .set({ photos: sql`array_append(${telegramDrafts.photos}, ${fileId})`, updatedAt: new Date() })
    .where(
      and(
        eq(telegramDrafts.chatId, chatId),
        eq(telegramDrafts.userId, userId),
        eq(telegramDrafts.step, 'photos'),
        sql`cardinality(${telegramDrafts.photos}) < ${MAX_PHOTOS}`,
      ),
    )
    .returning({ count: sql<number>`cardinality(${telegramDrafts.photos})` });
  return row ? Number(row.count) : null;
}

/** Claims the draft to file it: one tap of "Send" files once, however many times it is tapped. */
export async function claimDraft(db: Db, chatId: number, userId: string): Promise<Draft | null> {
  const [row] = await db
    .delete(telegramDrafts)
    .where(and(eq(telegramDrafts.chatId, chatId), eq(telegramDrafts.userId, userId), eq(telegramDrafts.step, 'photos')))
    .returning();
  return (row as Draft | undefined) ?? null;
}

/** A Telegram file into a temporary file, read no further than the photo limit allows. */
async function download(telegram: TelegramBot, fileId: string, dir: string): Promise<Upload> {
  const file = await telegram.bot.api.getFile(fileId);
  const limit = MAX_PHOTO_MIB * 1024 * 1024;
  const upload: Upload = {
    filename: path.basename(file.file_path ?? 'photo.jpg'),
    mimetype: 'application/octet-stream',
    path: path.join(dir, `${randomUUID()}.upload`),
    size: 0,
  };
  // Past the limit the bytes are not read: the size alone is refused by the photo's check.
  if ((file.file_size ?? 0) > limit || !file.file_path) return { ...upload, size: file.file_size ?? limit + 1 };
  const res = await fetch(`${telegram.apiRoot}/file/bot${telegram.token}/${file.file_path}`);
  if (!res.ok || !res.body) throw new Error(`Telegram file download failed: ${res.status}`);
  await mkdir(dir, { recursive: true });
  const out = createWriteStream(upload.path, { flags: 'wx' });
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      upload.size += chunk.length;
      if (upload.size > limit) break;
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
  } finally {
    await new Promise<void>((r) => out.end(() => r()));
  }
  return upload;
}

/**
 * Files the draft as POST /requests does (the same service: its checks, number, deadline, assignee and
 * notifications), its photos downloaded and checked by their bytes first, so a refused photo files
 * nothing, then added as the upload route adds them. Returns the request's number.
 */
export async function fileDraft(deps: Deps, telegram: TelegramBot, person: Person, draft: Draft): Promise<number> {
  const { db, storage, config } = deps;
  const viewer = await viewerOf(db, callerOf(person));
  const uploads: Upload[] = [];
  try {
    for (const fileId of draft.photos) uploads.push(await download(telegram, fileId, path.join(config.dataDir, 'tmp')));
    for (const upload of uploads) await checkPhoto(upload, 'file', MAX_PHOTO_MIB);
    const id = await createRequest(db, viewer, { type_id: draft.data.typeId ?? '', description: draft.data.description ?? '' });
    if (uploads.length) await addRequestPhotos(db, storage, viewer, id, uploads);
    const [row] = await db.select({ number: requests.number }).from(requests).where(eq(requests.id, id));
    return row?.number ?? 0;
  } finally {
    await Promise.all(uploads.map((u) => rm(u.path, { force: true })));
  }
}
