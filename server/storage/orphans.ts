import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contractFiles, contractSettings, imports, noticeFiles, objects, questionnaireFiles, requestFiles, rooms, taskFiles } from '../db/schema';
import { every, type Job } from '../jobs/every';
import type { Storage } from './storage';

const DAY = 24 * 60 * 60_000;
/**
 * Only files between one and eight days old are looked at: younger ones may belong to an upload whose
 * row is being written, and older ones were looked at by earlier sweeps (one runs every few hours), so
 * each sweep checks about a week of uploads rather than every file ever stored.
 */
const WINDOW = { from: DAY, to: 8 * DAY };
const BATCH = 500;

/** The keys among `keys` that some row still names (a logo, or a request's, task's, questionnaire's, notice's or lease's file, a lease template, an import's file). */
async function referenced(db: Db, keys: string[]): Promise<Set<string>> {
  const found = await Promise.all([
    db.select({ key: objects.logoKey }).from(objects).where(inArray(objects.logoKey, keys)),
    db.select({ key: rooms.logoKey }).from(rooms).where(inArray(rooms.logoKey, keys)),
    db.select({ key: requestFiles.key }).from(requestFiles).where(inArray(requestFiles.key, keys)),
    db.select({ key: taskFiles.key }).from(taskFiles).where(inArray(taskFiles.key, keys)),
    db.select({ key: questionnaireFiles.key }).from(questionnaireFiles).where(inArray(questionnaireFiles.key, keys)),
    db.select({ key: noticeFiles.key }).from(noticeFiles).where(inArray(noticeFiles.key, keys)),
    db.select({ key: contractFiles.key }).from(contractFiles).where(inArray(contractFiles.key, keys)),
    db.select({ key: contractSettings.templateKey }).from(contractSettings).where(inArray(contractSettings.templateKey, keys)),
    db.select({ key: imports.fileKey }).from(imports).where(inArray(imports.fileKey, keys)),
  ]);
  return new Set(found.flat().map((r) => r.key as string));
}

/**
 * Removes stored files no row names any more: left by a process that died between storing a file
 * and writing its row, or by a delete of the file that failed after its row was gone. Returns the
 * keys removed.
 */
export async function sweepOrphanFiles(db: Db, storage: Storage, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    const named = await referenced(db, batch);
    for (const key of batch) {
      if (named.has(key)) continue;
      await storage.delete(key);
      removed.push(key);
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    const age = now - file.modifiedAt.getTime();
    if (age < WINDOW.from || age > WINDOW.to) continue;
    batch.push(file.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return removed;
}

/** Sweeps every `intervalMs` (each process; a file removed twice is no harm). */
export function startOrphanSweep(db: Db, storage: Storage, intervalMs: number, onError: (err: unknown) => void): Job {
  return every(intervalMs, () => sweepOrphanFiles(db, storage), onError, { atStart: false });
}
