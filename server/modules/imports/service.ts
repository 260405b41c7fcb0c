import { randomUUID } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { Locales } from '#/i18n/i18n-types';
import { type ImportActor, type ImportEventType, type ImportStatus, nextImportStatus } from '#machines/import';
import type { Db, Tx } from '../../db/client';
import { importEvents, imports } from '../../db/schema';
import type { Deps } from '../../deps';
import { checkSize, requireUpload } from '../../files/checks';
import { detectDocument } from '../../files/documents';
import { isZip } from '../../files/magic';
import { AppError, notFound } from '../../http/errors';
import type { LL } from '../../http/i18n';
import type { Upload } from '../../http/uploads';
import { removeStored, type Storage } from '../../storage/storage';
import { runTask, TaskTimeout } from '../../workers/pool';
import { type Actor, recordHistory } from '../../workflow/history';
import type { Importer } from './access';
import { entities } from './entities';
import { type FileFormat, fileFormats, isFileFormat } from './formats';
import { type Check, type Entity, type ImportEntity, messageOf, type Problem, specsOf, storedOf } from './kit';
import type { ReadOutput, Refusal } from './read';

export const MAX_IMPORT_MIB = 20;
export const MAX_IMPORT_ROWS = 100_000;
export const importHistory = { table: importEvents, recordKey: 'importId' } as const;

export type ImportRow = typeof imports.$inferSelect;
type FileType = 'xlsx' | 'csv' | FileFormat;
const CONTENT_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
export const contentTypeOf = (type: string) => (isFileFormat(type) ? fileFormats[type].contentType : (CONTENT_TYPES[type] ?? 'application/octet-stream'));
const extOf = (type: FileType) => (isFileFormat(type) ? fileFormats[type].ext : type);

const actorOf = (who: Importer): Actor => ({ userId: who.user.id, name: who.name });

/** .xlsx by its archive's entries, .csv as UTF-8 text without NUL bytes: by the bytes, never by the name. */
async function fileTypeOf(upload: Upload, entity: Entity): Promise<FileType> {
  // An entity of its own format reads its files alone (on the worker), and refuses what is not of it.
  if (entity.format) return entity.format;
  const kind = await detectDocument(upload.path, upload.size);
  if (kind === 'archive') throw new AppError(400, 'document_archive', { file: (ll) => ll.errors.document_archive() });
  if (kind?.ext === 'xlsx') return 'xlsx';
  if (kind) throw refusalError({ code: 'import_file_type' });
  const file = await open(upload.path, 'r');
  try {
    const head = Buffer.alloc(Math.min(upload.size, 64 * 1024));
    await file.read(head, 0, head.length, 0);
    // The whole text is decoded strictly by the reader; here only what is plainly not text is refused.
    if (isZip(head) || head.includes(0)) throw refusalError({ code: 'import_file_type' });
  } finally {
    await file.close();
  }
  return 'csv';
}

function refusalError(refusal: Refusal, format?: string): AppError {
  // The format's name, in the caller's language, said by the error's message as by its field's.
  const params = format === undefined ? refusal.params : { ...refusal.params, format };
  const message = (ll: LL): string => {
    switch (refusal.code) {
      case 'import_format':
        return ll.errors.import_format({ format: String(format) });
      case 'import_too_many_rows':
        return ll.errors.import_too_many_rows({ max: Number(params?.max) });
      case 'import_headers':
        return ll.errors.import_headers({ missing: String(params?.missing) });
      default:
        return ll.errors[refusal.code]();
    }
  };
  return new AppError(400, refusal.code, { file: message }, params);
}

/** The file's rows read on a worker thread; a refusal of the whole file is a 400 in the caller's words. */
async function readRows(entity: Entity, bytes: Uint8Array, type: FileType, ll: LL, withText = false) {
  const output: ReadOutput = await runTask('readImport', { bytes, type, columns: specsOf(entity, ll), maxRows: MAX_IMPORT_ROWS, withText });
  if ('refusal' in output) throw refusalError(output.refusal, isFileFormat(type) ? ll.imports.fileFormats[type]() : undefined);
  return output.rows;
}

async function historyEntry(tx: Db | Tx, id: string, actor: Actor, event: string, from: ImportStatus | null, to: ImportStatus, at = new Date()) {
  await recordHistory(tx, importHistory, id, actor, { event, fromStatus: from, toStatus: to, createdAt: at });
}

const countsOf = (check: Check) => ({
  total: check.counts.total,
  created: check.counts.new,
  changed: check.counts.changed,
  unchanged: check.counts.unchanged,
  wrong: check.counts.wrong,
  errorCount: check.errorCount,
  errors: check.errors,
});

/** The next status, or 409 `invalid_state` (a wrong-rowed import asked to commit: `import_has_errors`). */
function decide(row: ImportRow, type: ImportEventType, by: ImportActor): ImportStatus {
  const next = nextImportStatus(row.status, { wrong: row.wrong }, type, by);
  if (next) return next;
  if (type === 'import.commit' && row.status === 'checked') throw new AppError(409, 'import_has_errors');
  throw new AppError(409, 'invalid_state');
}

/**
 * An upload: refused as a whole (nothing stored) when the file is not a spreadsheet, too large, too long
 * or badly shaped; otherwise stored privately and checked at once, row by row, against the register.
 */
export async function createImport(deps: Deps, who: Importer, entityName: ImportEntity, sent: Upload | undefined, ll: LL, locale: Locales) {
  const { db, storage } = deps;
  const entity = entities[entityName];
  const upload = requireUpload(sent, 'file');
  checkSize(upload, 'file', MAX_IMPORT_MIB);
  const type = await fileTypeOf(upload, entity);
  const bytes = new Uint8Array(await readFile(upload.path));
  let check: Check | null = null;
  try {
    check = await entity.check(db, who.landlordId, await readRows(entity, bytes, type, ll), locale);
  } catch (err) {
    // Past the pool's time limit (100,000 rows read in a few seconds; this is a file of another kind) the
    // import is kept as failed, its file downloadable; any other error is the answer.
    if (!(err instanceof TaskTimeout)) throw err;
  }
  const key = `imports/${who.landlordId}/${randomUUID()}.${extOf(type)}`;
  await storage.putFile(key, upload.path, contentTypeOf(type));
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const status = check ? nextImportStatus('uploaded', { wrong: check.counts.wrong }, 'import.check', 'system') : 'failed';
      const [row] = await tx
        .insert(imports)
        .values({
          landlordId: who.landlordId,
          entity: entityName,
          status: status ?? 'failed',
          fileName: upload.filename.slice(0, 255) || `import.${extOf(type)}`,
          fileKey: key,
          fileType: type,
          fileSize: upload.size,
          createdBy: who.user.id,
          createdByName: who.name,
          ...(check ? countsOf(check) : { failure: 'timeout' }),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('import not created');
      await historyEntry(tx, row.id, actorOf(who), 'import.created', null, 'uploaded', now);
      // The check comes after the upload: a millisecond apart, so the history reads in order.
      const checkedAt = new Date(now.getTime() + 1);
      await historyEntry(tx, row.id, { userId: null, name: who.name }, check ? 'import.check' : 'import.fail', 'uploaded', row.status, checkedAt);
      return row;
    });
  } catch (err) {
    await removeStored(storage, [key]);
    throw err;
  }
}

async function storedBytes(storage: Storage, row: ImportRow): Promise<Uint8Array> {
  const file = row.fileKey ? await storage.open(row.fileKey) : null;
  if (!file) throw new AppError(409, 'invalid_state');
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The import of the caller's landlord, or 404 (another landlord's included). */
export async function importOf(db: Db, landlordId: string, id: string): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.landlordId, landlordId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A file read in time at its upload but not now: the server is busy, the caller tries again. */
const busyOnTimeout = (err: unknown): never => {
  throw err instanceof TaskTimeout ? new AppError(503, 'service_busy', undefined, { seconds: 5 }) : err;
};

/** Thrown inside the commit's transaction to undo it: the fresh check found wrong rows. */
class Rejected extends Error {
  constructor(readonly check: Check) {
    super('import rejected');
  }
}

/** An AppError a register's write threw, as the row's problems (its fields, or its code alone). */
function problemsOf(err: AppError): Problem[] {
  const fields = Object.entries(err.fields ?? {});
  // A message of the code alone takes the error's own parameters, as the error handler says it.
  const said = (ll: LL) => (ll.errors[err.code] as (params: Record<string, string | number>) => string)(err.params ?? {});
  if (fields.length === 0) return [{ column: null, message: said }];
  return fields.map(([field, message]) => ({ column: field === 'room_id' ? 'room_number' : field, message }));
}

/**
 * One transaction, all or nothing: the file is read again and every row checked again against the
 * register as it is now, then written through the register's own create and update. Any wrong row
 * undoes everything; the import keeps the fresh counts and errors, and stays checked.
 */
export async function commitImport(deps: Deps, who: Importer, row: ImportRow, ll: LL, locale: Locales, invite = false) {
  const { db, storage } = deps;
  decide(row, 'import.commit', 'staff');
  const entity = entities[row.entity];
  const rows = await readRows(entity, await storedBytes(storage, row), row.fileType as FileType, ll).catch(busyOnTimeout);
  let plans: unknown[] = [];
  const source = { importId: row.id, userId: who.user.id, name: who.name, fileName: row.fileName, invite };
  try {
    await db.transaction(async (tx) => {
      // The import's row first, locked: a second commit of it waits here and then finds it committed,
      // instead of racing the first through the register's unique keys.
      const [held] = await tx.select({ status: imports.status }).from(imports).where(eq(imports.id, row.id)).for('update');
      if (held?.status !== 'checked') throw new AppError(409, 'invalid_state');
      const check = await entity.check(tx, who.landlordId, rows, locale);
      if (check.counts.wrong > 0) throw new Rejected(check);
      if (entity.writeAll) await entity.writeAll(tx, who.landlordId, check.planned, source);
      const batched = entity.writeAll ? [] : entity.writeNew ? check.planned.filter((p) => p.kind === 'new') : [];
      if (batched.length > 0)
        await entity.writeNew?.(
          tx,
          who.landlordId,
          batched.map((p) => p.plan),
          source,
        );
      for (const p of entity.writeAll ? [] : check.planned) {
        if (entity.writeNew && p.kind === 'new') continue;
        try {
          await entity.write(tx, who.landlordId, p.plan, p.kind, source);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const errors = problemsOf(err).map((problem) => storedOf(p.row, problem));
          throw new Rejected({ ...check, counts: { ...check.counts, wrong: 1 }, errorCount: errors.length, errors });
        }
      }
      const now = new Date();
      const done = await tx
        .update(imports)
        .set({ status: 'committed', ...countsOf(check), committedAt: now, updatedAt: now })
        .where(and(eq(imports.id, row.id), eq(imports.status, 'checked')))
        .returning({ id: imports.id });
      if (done.length === 0) throw new AppError(409, 'invalid_state');
      await historyEntry(tx, row.id, actorOf(who), 'import.commit', 'checked', 'committed', now);
      plans = check.planned.map((p) => p.plan);
    });
  } catch (err) {
    if (!(err instanceof Rejected)) throw err;
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx
        .update(imports)
        .set({ ...countsOf(err.check), updatedAt: now })
        .where(and(eq(imports.id, row.id), eq(imports.status, 'checked')));
      await historyEntry(tx, row.id, { userId: null, name: who.name }, 'import.check', 'checked', 'checked', now);
    });
    throw new AppError(409, 'import_has_errors');
  }
  await entity.committed?.(deps, plans);
}

/** Dropped before it was written: nothing reaches the register, and the file goes. */
export async function discardImport(deps: Deps, who: Importer, row: ImportRow) {
  const next = decide(row, 'import.discard', 'staff');
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(imports)
      .set({ status: next, fileKey: null, updatedAt: now })
      .where(and(eq(imports.id, row.id), eq(imports.status, row.status)))
      .returning({ id: imports.id });
    if (done.length === 0) throw new AppError(409, 'invalid_state');
    await historyEntry(tx, row.id, actorOf(who), 'import.discard', row.status, next, now);
  });
  await removeStored(deps.storage, [row.fileKey]);
}

export async function originalFile(storage: Storage, row: ImportRow) {
  const file = row.fileKey ? await storage.open(row.fileKey) : null;
  if (!file) throw new AppError(409, 'invalid_state');
  return file;
}

/** The uploaded rows back, in the template's columns, each with its errors in the caller's language. */
export async function errorReport(db: Db, storage: Storage, row: ImportRow, ll: LL, locale: Locales): Promise<Uint8Array> {
  const entity = entities[row.entity];
  const rows = await readRows(entity, await storedBytes(storage, row), row.fileType as FileType, ll, true).catch(busyOnTimeout);
  const check = await entity.check(db, row.landlordId, rows, locale);
  return runTask('writeImportReport', {
    sheet: ll.imports.entities[row.entity](),
    headers: [...entity.columns.map((c) => c.label(ll)), ll.imports.errorsColumn()],
    rows: rows.map((r) => [...(r.text ?? []), (check.byRow.get(r.row) ?? []).map((p) => messageOf(p, ll)).join('; ')]),
  });
}
