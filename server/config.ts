import path from 'node:path';
import { intervalSettings } from './jobs/all';

/** An S3-compatible bucket for uploaded files (STORAGE_DRIVER=s3). */
export type S3Config = {
  bucket: string;
  /** Empty for AWS itself; the service's address otherwise (MinIO, Yandex, ...). */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Where browsers load the files from: the bucket's public address or a CDN. */
  publicUrl: string;
};

function s3ConfigOf(env: NodeJS.ProcessEnv): S3Config {
  const bucket = env.S3_BUCKET;
  const publicUrl = env.S3_PUBLIC_URL;
  if (!bucket || !publicUrl) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET and S3_PUBLIC_URL (see README, "Files")');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    publicUrl,
  };
}

/**
 * TRUST_PROXY: empty, `false` or `0` trusts no one (a forged X-Forwarded-For would otherwise pick the
 * address every rate limit counts); a whole number is a hop count; anything else a comma list of
 * addresses or CIDRs (`127.0.0.1,10.0.0.0/8`; proxy-addr's `loopback` and friends work too).
 */
export function trustProxyOf(value: string | undefined): false | string[] | number {
  const text = (value ?? '').trim();
  if (!text || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.includes('true')) throw new Error('TRUST_PROXY=true would trust every caller; name the proxies or give a hop count (see README)');
  return list;
}

/** FIREBASE_WEB_CONFIG is the object Firebase's console shows for the web app, as JSON. */
function webConfigOf(value: string | undefined): Record<string, unknown> | null {
  if (!value?.trim()) return null;
  const parsed: unknown = JSON.parse(value);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('FIREBASE_WEB_CONFIG must be the web app config object as JSON (see README)');
  return parsed as Record<string, unknown>;
}

/** The payment provider tenants pay invoices online through (modules/billing/providers): none by default. */
export type PaymentProviderConfig = { name: 'hmac'; url: string; secret: string };

/** PAYMENT_PROVIDER: empty or `none` for none; `hmac` needs PAYMENT_PROVIDER_URL and PAYMENT_PROVIDER_SECRET. */
function paymentProviderOf(env: NodeJS.ProcessEnv): PaymentProviderConfig | null {
  const name = env.PAYMENT_PROVIDER?.trim() ?? '';
  if (!name || name === 'none') return null;
  if (name !== 'hmac') throw new Error(`PAYMENT_PROVIDER must be none or hmac, not "${name}" (see README)`);
  const url = env.PAYMENT_PROVIDER_URL?.trim();
  const secret = env.PAYMENT_PROVIDER_SECRET ?? '';
  if (!url || secret.length < 16)
    throw new Error('PAYMENT_PROVIDER=hmac needs PAYMENT_PROVIDER_URL and a PAYMENT_PROVIDER_SECRET of at least 16 characters (see README)');
  return { name, url, secret };
}

/**
 * TELEGRAM_WEBHOOK_SECRET is sent back by Telegram in a header, which takes only 1-256 of A-Z, a-z,
 * 0-9, `_` and `-`: any other secret would make setWebhook fail at every start.
 */
function webhookSecretOf(value: string | undefined): string | null {
  const secret = value?.trim();
  if (!secret) return null;
  if (!/^[A-Za-z0-9_-]{16,256}$/.test(secret))
    throw new Error('TELEGRAM_WEBHOOK_SECRET must be 16 to 256 of the characters A-Z, a-z, 0-9, _ and - (see README)');
  return secret;
}

/**
 * A whole-number setting: its default when unset, else a whole number not below `min`. A typo
 * (`PORT=30OO`) stops the start with the setting's name instead of running with NaN.
 */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, not "${text}" (see README)`);
  return value;
}

/**
 * The jobs' intervals (jobs/declare.ts), one per declared setting: `taskDeadlineIntervalMs`,
 * `pushIntervalMs`, ... A module's job adds its own without a line here.
 */
type JobIntervals = { [key: `${string}IntervalMs`]: number };

/** Every setting comes from the environment; README lists them with these defaults. */
export type Config = JobIntervals & {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Statements prepared once per PostgreSQL connection (DATABASE_PREPARED=0 behind a pooler that cannot keep them). */
  databasePrepared: boolean;
  /** Connections each process opens to PostgreSQL; processes × this must stay under the server's max_connections. */
  databasePoolSize: number;
  /** Public address of the SPA, used in e-mailed links. */
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  storageDir: string;
  storagePublicPath: string;
  /** `local` (the folder above, the default) or `s3` (the bucket below). */
  storageDriver: 'local' | 's3';
  s3: S3Config | null;
  /** Signs the links to documents (storage/file-links.ts); null: a secret kept in DATA_DIR. */
  filesSecret: string | null;
  /** The Firebase service account (its JSON, or the path of its file): pushes are sent only with it. */
  fcmServiceAccount: string | null;
  /** The Firebase web app's config (FIREBASE_WEB_CONFIG, JSON) the browser asks its push token with. */
  firebaseWebConfig: Record<string, unknown> | null;
  /** The web push certificate's public key (FCM_VAPID_KEY). */
  fcmVapidKey: string | null;
  /** The Telegram bot's token (@BotFather): without it there is no bot and nothing is sent by Telegram. */
  telegramBotToken: string | null;
  /** Set: Telegram posts updates to /api/telegram/webhook with this secret; unset: the process polls for them. */
  telegramWebhookSecret: string | null;
  /** The Bot API's address (a local Bot API server, or the tests' fake), without a trailing slash. */
  telegramApiRoot: string;
  /** Paying invoices online: the provider's adapter and its settings; null (the default) offers no online payment. */
  paymentProvider: PaymentProviderConfig | null;
  demo: boolean;
  logLevel: string;
  /** Attempts per 15 minutes per username and address. */
  loginRateLimit: number;
  /** Failed sign-ins per 15 minutes per address, whatever the username (password spraying). */
  loginAddressRateLimit: number;
  /** Calls a minute per API key, counted together by every API process. */
  apiKeyRateLimit: number;
  /**
   * Which peers may name the caller's address in X-Forwarded-For: false (nobody, the default), a
   * list of addresses/CIDRs, or the number of proxy hops in front of the API. Fastify's `trustProxy`.
   */
  trustProxy: false | string[] | number;
  /** API requests in flight on PGlite past which new ones are answered 503 (http/pglite-gate.ts). */
  pgliteMaxQueue: number;
  /** Live notification streams one session may hold open in a process; one more ends the oldest. */
  streamsPerSession: number;
  /**
   * A notice to at most this many people is delivered in its sending's transaction; a bigger one tells
   * the people who have the app open in it, and everyone else right after the answer (notices/delivery.ts).
   */
  noticeInlineRecipients: number;
  /** The worker threads that sanitise SVG logos, parse and fill lease templates and expand calendars (server/workers). */
  workerThreads: number;
  /** A worker task's time limit, waiting included: past it the work is refused or answered 503. */
  workerTaskTimeoutMs: number;
  /** Worker tasks waiting past which a new one is answered 503 at once. */
  workerMaxQueue: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = wholeNumber(env, 'PORT', 3000);
  const databaseUrl = env.DATABASE_URL || null;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    databasePrepared: env.DATABASE_PREPARED !== '0',
    databasePoolSize: wholeNumber(env, 'DATABASE_POOL_SIZE', 10, 1),
    // Without a trailing slash, so every link is `${publicUrl}/path`.
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Mall CRM <no-reply@localhost>',
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'files')),
    storagePublicPath: env.STORAGE_PUBLIC_PATH ?? '/storage/',
    storageDriver: env.STORAGE_DRIVER === 's3' ? 's3' : 'local',
    s3: env.STORAGE_DRIVER === 's3' ? s3ConfigOf(env) : null,
    filesSecret: env.FILES_SECRET || null,
    fcmServiceAccount: env.FCM_SERVICE_ACCOUNT || null,
    firebaseWebConfig: webConfigOf(env.FIREBASE_WEB_CONFIG),
    fcmVapidKey: env.FCM_VAPID_KEY || null,
    telegramBotToken: env.TELEGRAM_BOT_TOKEN?.trim() || null,
    telegramWebhookSecret: webhookSecretOf(env.TELEGRAM_WEBHOOK_SECRET),
    telegramApiRoot: (env.TELEGRAM_API_ROOT?.trim() || 'https://api.telegram.org').replace(/\/+$/, ''),
    paymentProvider: paymentProviderOf(env),
    // Demo data only on the embedded database, or when asked for explicitly.
    demo: argv.includes('--demo') || env.DEMO === '1' || !databaseUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    loginRateLimit: wholeNumber(env, 'LOGIN_RATE_LIMIT', 10),
    apiKeyRateLimit: wholeNumber(env, 'API_KEY_RATE_LIMIT', 100, 1),
    loginAddressRateLimit: wholeNumber(env, 'LOGIN_ADDRESS_RATE_LIMIT', 30),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    pgliteMaxQueue: wholeNumber(env, 'PGLITE_MAX_QUEUE', 64),
    streamsPerSession: wholeNumber(env, 'STREAMS_PER_SESSION', 5, 1),
    noticeInlineRecipients: wholeNumber(env, 'NOTICE_INLINE_RECIPIENTS', 1000),
    workerThreads: wholeNumber(env, 'WORKER_THREADS', 1, 1),
    workerTaskTimeoutMs: wholeNumber(env, 'WORKER_TASK_TIMEOUT_MS', 20_000, 100),
    workerMaxQueue: wholeNumber(env, 'WORKER_MAX_QUEUE', 64),
    ...Object.fromEntries(intervalSettings.map((s) => [s.key, wholeNumber(env, s.env, s.defaultMs)])),
  };
}
