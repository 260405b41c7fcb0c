import { randomUUID } from 'node:crypto';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Upload } from '../http/uploads';
import { removeStored, type Storage } from '../storage/storage';
import { type Actor, actorOf, recordHistory } from './history';
import type { Viewer } from './viewer';
import type { Workflow } from './workflow';

/** A file whose bytes were checked (server/files/checks.ts), with what its module stores beside it. */
export type Accepted = {
  upload: Upload;
  ext: string;
  contentType: string;
  /** The module's own columns of the file row (a name, a kind, a set, who uploaded it). */
  columns?: Record<string, unknown>;
  /** Put before the random part of the key (e.g. `report-`), so a listing of the folder reads. */
  keyPrefix?: string;
  /** The history entry, when the module keeps one: `${name}.file` by default. */
  event?: string;
  comment?: string | null;
};

type AnyWorkflow = Workflow<never, string, string, never>;
type Files = NonNullable<AnyWorkflow['files']>;

/**
 * Runs `work` with a list it fills with the keys it stores; when `work` fails (a refusal, a failed
 * insert, a rolled-back commit) those files are removed again, so a refusal leaves nothing behind.
 */
export async function withStoredFiles<T>(storage: Storage, work: (stored: string[]) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  try {
    return await work(stored);
  } catch (err) {
    await removeStored(storage, stored);
    throw err;
  }
}

/** Refuses (409 too_many_files) when `adding` more would pass the module's limit; `where` narrows the count (one kind). */
export async function checkRoom(tx: Tx, files: Files, recordId: string, adding: number, where?: SQL): Promise<void> {
  const [used] = await tx
    .select({ n: count() })
    .from(files.table)
    .where(and(eq(files.recordId, recordId), where));
  if ((used?.n ?? 0) + adding > files.maxFiles) {
    throw new AppError(409, 'too_many_files', { file: (ll) => ll.errors.too_many_files({ max: files.maxFiles }) }, { max: files.maxFiles });
  }
}

/**
 * Moves each accepted file from its temporary file into storage and records it (file row, and a
 * history entry where the module keeps a history) in `tx`. `at` orders the entries after the
 * record's creation when both happen in one call.
 */
export async function storeFiles(
  tx: Tx,
  storage: Storage,
  wf: Pick<AnyWorkflow, 'name' | 'files' | 'history'>,
  recordId: string,
  files: Accepted[],
  actor: Actor | null,
  stored: string[],
  at = new Date(),
): Promise<void> {
  const spec = wf.files;
  if (!spec) throw new Error(`${wf.name} keeps no files`);
  for (const [i, file] of files.entries()) {
    // A millisecond apart: a record's files (ordered by time) keep the order they were sent in.
    const when = new Date(at.getTime() + i);
    const key = `${spec.prefix}/${recordId}/${file.keyPrefix ?? ''}${randomUUID()}.${file.ext}`;
    await storage.putFile(key, file.upload.path, file.contentType);
    stored.push(key);
    const row = { [spec.recordKey]: recordId, key, contentType: file.contentType, size: file.upload.size, createdAt: when, ...file.columns };
    // The file tables differ in the column naming their record and in their own columns.
    await tx.insert(spec.table).values(row as never);
    if (wf.history && actor) {
      await recordHistory(tx, wf.history, recordId, actor, {
        event: file.event ?? `${wf.name}.file`,
        comment: file.comment ?? null,
        createdAt: when,
      });
    }
  }
}

/**
 * Files added to an existing record by the caller: the record's row is locked while counting (so the
 * limit cannot be raced past) and must still match `open` (a 409 when it no longer takes files).
 */
export async function attachFiles<R, E extends string, A extends string, V extends Viewer>(
  db: Db,
  storage: Storage,
  wf: Workflow<R, E, A, V>,
  viewer: V,
  row: R,
  files: Accepted[],
  rules: { open: SQL | undefined; countWhere?: SQL },
): Promise<void> {
  const { id } = wf.keyOf(row);
  const spec = wf.files;
  if (!spec) throw new Error(`${wf.name} keeps no files`);
  await withStoredFiles(storage, (stored) =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: wf.record.id })
        .from(wf.record)
        .where(and(eq(wf.record.id, id), rules.open))
        .for('update');
      if (!locked) throw new AppError(409, 'invalid_state');
      await checkRoom(tx, spec, id, files.length, rules.countWhere);
      await storeFiles(tx, storage, wf, id, files, actorOf(viewer), stored);
    }),
  );
}
