import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { createMailer } from './mail/mailer';
import { startLeaseJob } from './modules/contracts/job';
import { startDeadlineJob } from './modules/tasks/deadlines';
import { seedDemo } from './seed/demo';
import { fileLinks, filesSecretOf } from './storage/file-links';
import { startOrphanSweep } from './storage/orphans';
import { localStorage, type Storage } from './storage/storage';

/** The local folder unless STORAGE_DRIVER=s3; the S3 client is loaded only when it is used. */
async function openStorage(config: Config): Promise<Storage> {
  if (config.storageDriver === 's3' && config.s3) return (await import('./storage/s3')).s3Storage(config.s3);
  return localStorage(config.storageDir, config.storagePublicPath);
}

/**
 * Uploads left in the temporary folder by a process that died mid-upload (a request's own are removed
 * when it ends). Only old ones: another process on this folder may be receiving a file right now.
 */
export async function sweepTemporaryUploads(dir: string, olderThanMs = 60 * 60_000): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const before = Date.now() - olderThanMs;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < before) await rm(file, { force: true });
  }
}

/** Opens the database, seeds the demo when asked, and builds the app: what main.ts and the tests share. */
export async function startServer(config: Config, opts: { logger?: boolean | object; inMemory?: boolean; spaDir?: string } = {}) {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: opts.inMemory ? null : path.join(config.dataDir, 'pglite'),
  });
  const storage = await openStorage(config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
  const seeded = config.demo ? await seedDemo(database.db, storage) : null;
  const links = fileLinks(await filesSecretOf(config.filesSecret, config.dataDir), config.storagePublicPath);
  const app = await buildApp({ deps: { db: database.db, config, mailer, storage, links }, logger: opts.logger, spaDir: opts.spaDir });
  if (config.databaseUrl && !config.filesSecret) {
    app.log.warn('FILES_SECRET is not set: links to documents are signed with the secret in DATA_DIR, which other API processes do not share');
  }
  // Every process runs the deadline job; its single UPDATE makes concurrent runs safe (deadlines.ts).
  if (config.taskDeadlineIntervalMs > 0) {
    const job = startDeadlineJob(database.db, config.taskDeadlineIntervalMs, (err) => app.log.error({ err }, 'task deadline job failed'));
    app.addHook('onClose', () => job.stop());
  }
  // The lease job, the same way: its UPDATEs pick each lease once however many processes run it (job.ts).
  if (config.contractJobIntervalMs > 0) {
    const job = startLeaseJob(database.db, config.contractJobIntervalMs, (err) => app.log.error({ err }, 'lease job failed'));
    app.addHook('onClose', () => job.stop());
  }
  if (config.orphanSweepIntervalMs > 0) {
    const sweep = startOrphanSweep(database.db, storage, config.orphanSweepIntervalMs, (err) => app.log.error({ err }, 'sweep of unreferenced files failed'));
    app.addHook('onClose', () => sweep.stop());
  }
  app.addHook('onClose', () => database.close());
  await sweepTemporaryUploads(path.join(config.dataDir, 'tmp'));
  return { app, database, seeded };
}
