import { randomUUID } from 'node:crypto';
import { and, count, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskEvents, taskFiles, tasks } from '../../db/schema';
import { AppError, forbidden, notFound, invalidField } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import type { Storage } from '../../storage/storage';
import { sidesOn, type TaskViewer } from './access';
import { detectDocument, documentName, MAX_TASK_FILE_MIB } from '../../http/documents';
import { completedStatuses, findTask } from './queries';

export const MAX_TASK_FILES = 10;

/** A file by its bytes and size; every check runs before anything is stored. */
export function checkDocument(upload: Upload | undefined) {
  if (!upload || upload.data.length === 0) throw invalidField('file', (ll) => ll.validation.required());
  if (upload.data.length > MAX_TASK_FILE_MIB * 1024 * 1024) {
    throw new AppError(413, 'file_too_large', { file: (ll) => ll.errors.file_too_large({ max: MAX_TASK_FILE_MIB }) }, { max: MAX_TASK_FILE_MIB });
  }
  const kind = detectDocument(upload.data);
  if (!kind) throw new AppError(400, 'document_type', { file: (ll) => ll.errors.document_type() });
  return { data: upload.data, ...kind };
}

/**
 * A file of the executor or creator side, until the task is accepted or rejected. The task's row is
 * locked while counting, so the limit cannot be raced past; a failed record removes the stored file.
 */
export async function uploadTaskFile(db: Db, storage: Storage, viewer: TaskViewer, id: string, upload: Upload | undefined): Promise<void> {
  const row = await findTask(db, viewer.scope, id);
  if (!row) throw notFound();
  if (sidesOn(viewer, row.task).length === 0) throw forbidden();
  const open = (status: string) => !(completedStatuses as readonly string[]).includes(status);
  if (!open(row.task.status)) throw new AppError(409, 'invalid_state');
  const file = checkDocument(upload);
  const name = documentName(upload?.filename, file.ext);
  let stored: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.id, id), notInArray(tasks.status, [...completedStatuses])))
        .for('update');
      if (!locked) throw new AppError(409, 'invalid_state');
      const [used] = await tx.select({ n: count() }).from(taskFiles).where(eq(taskFiles.taskId, id));
      if ((used?.n ?? 0) >= MAX_TASK_FILES) {
        throw new AppError(409, 'too_many_files', { file: (ll) => ll.errors.too_many_files({ max: MAX_TASK_FILES }) }, { max: MAX_TASK_FILES });
      }
      const key = `tasks/${id}/${randomUUID()}.${file.ext}`;
      await storage.put(key, file.data, file.contentType);
      stored = key;
      const now = new Date();
      await tx.insert(taskFiles).values({ taskId: id, key, name, contentType: file.contentType, size: file.data.length, uploadedBy: viewer.user.id, createdAt: now });
      await tx.insert(taskEvents).values({ taskId: id, actorUserId: viewer.user.id, actorName: viewer.name, event: 'task.file', comment: name, createdAt: now });
    });
  } catch (err) {
    // Rolled back after the file was written: remove it too, so a refusal leaves nothing behind.
    if (stored) await storage.delete(stored).catch(() => undefined);
    throw err;
  }
}
