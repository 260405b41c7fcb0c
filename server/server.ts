import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { deviceCookies } from './http/device-cookie';
import { jobs } from './jobs/all';
import { settled } from './jobs/soon';
import { createMailer } from './mail/mailer';
import { unsubscribeTokens } from './mail/unsubscribe';
import { fcmTransport } from './modules/push/fcm';
import type { PushTransport } from './modules/push/transport';
import { installConversation } from './modules/telegram/conversation';
import { seedDemo } from './seed/demo';
import { fileLinks, filesSecretOf } from './storage/file-links';
import { localStorage, type Storage } from './storage/storage';
import { openTelegram, runTelegram } from './telegram/bot';
import { configureWorkers } from './workers/pool';

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
/**
 * `push` replaces the transport (the tests' recorder); otherwise FCM when FCM_SERVICE_ACCOUNT is set
 * (firebase-admin is loaded only then), else none: notifications stay in the inbox.
 */
export async function startServer(config: Config, opts: { logger?: boolean | object; inMemory?: boolean; spaDir?: string; push?: PushTransport } = {}) {
  configureWorkers({ threads: config.workerThreads, taskTimeoutMs: config.workerTaskTimeoutMs, maxQueue: config.workerMaxQueue });
  const database = await openDatabase({
    url: config.databaseUrl,
    prepared: config.databasePrepared,
    poolSize: config.databasePoolSize,
    dataDir: opts.inMemory ? null : path.join(config.dataDir, 'pglite'),
  });
  const storage = await openStorage(config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
  const seeded = config.demo ? await seedDemo(database.db, storage) : null;
  const secret = await filesSecretOf(config.filesSecret, config.dataDir);
  const links = fileLinks(secret, config.storagePublicPath);
  const push = opts.push ?? (config.fcmServiceAccount ? await fcmTransport(config.fcmServiceAccount) : null);
  const { telegram, failure } = await openTelegram(config);
  const deps = {
    db: database.db,
    config,
    mailer,
    storage,
    links,
    devices: deviceCookies(secret),
    unsubscribe: unsubscribeTokens(secret),
    push,
    telegram,
  };
  const app = await buildApp({
    deps,
    logger: opts.logger,
    spaDir: opts.spaDir,
    listen: database.listen,
  });
  if (config.databaseUrl && !config.filesSecret) {
    app.log.warn('FILES_SECRET is not set: links to documents are signed with the secret in DATA_DIR, which other API processes do not share');
  }
  if (failure) app.log.error({ err: failure }, 'Telegram bot not started (getMe failed): running without it');
  if (telegram) {
    installConversation(telegram, deps, app.log);
    const stop = await runTelegram(telegram, config, app.log);
    app.addHook('onClose', stop);
  }
  // Every process runs every job whose interval is not 0; each is safe with several processes by its own SQL.
  const context = { ...deps, publicUrl: config.publicUrl, log: app.log };
  for (const job of jobs) {
    const intervalMs = config[job.interval.key] ?? 0;
    const started = intervalMs > 0 ? job.start(context, intervalMs, (err) => app.log.error({ err }, `${job.name} failed`)) : null;
    if (started) app.addHook('onClose', () => started.stop());
  }
  // What requests started and did not wait for (jobs/soon.ts) ends before the database closes.
  app.addHook('onClose', settled);
  app.addHook('onClose', () => database.close());
  app.addHook('onClose', async () => mailer.close());
  await sweepTemporaryUploads(path.join(config.dataDir, 'tmp'));
  return { app, database, seeded };
}
