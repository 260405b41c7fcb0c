import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  billingSettings,
  contractFiles,
  contractSettings,
  imports,
  meterReadings,
  noticeFiles,
  objects,
  questionnaireFiles,
  requestFiles,
  rooms,
  taskFiles,
  violationFiles,
} from '../db/schema';
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

/**
 * Every column that names a stored file: a logo, a request's, task's, questionnaire's, notice's, violation's
 * or lease's file, a meter reading's photo, a lease or act template, an import's file. A file no row names here is swept, so a new
 * one must join (orphans.test.ts fails for a `*_key` column missing).
 */
export const FILE_KEY_COLUMNS = [
  objects.logoKey,
  rooms.logoKey,
  requestFiles.key,
  taskFiles.key,
  questionnaireFiles.key,
  noticeFiles.key,
  violationFiles.key,
  contractFiles.key,
  contractSettings.templateKey,
  billingSettings.actTemplateKey,
  imports.fileKey,
  meterReadings.photoKey,
] as const;

/** The keys among `keys` that some row still names. */
async function referenced(db: Db, keys: string[]): Promise<Set<string>> {
  const found = await Promise.all(FILE_KEY_COLUMNS.map((column) => db.select({ key: column }).from(column.table).where(inArray(column, keys))));
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
