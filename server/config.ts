import path from 'node:path';

/** Every setting comes from the environment; README lists them with these defaults. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Public address of the SPA, used in e-mailed links. */
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  storageDir: string;
  storagePublicPath: string;
  fcmServiceAccount: string | null;
  demo: boolean;
  logLevel: string;
  /** Attempts per 15 minutes per username and address. */
  loginRateLimit: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL || null;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Mall CRM <no-reply@localhost>',
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'files')),
    storagePublicPath: env.STORAGE_PUBLIC_PATH ?? '/storage/',
    fcmServiceAccount: env.FCM_SERVICE_ACCOUNT || null,
    // Demo data only on the embedded database, or when asked for explicitly.
    demo: argv.includes('--demo') || env.DEMO === '1' || !databaseUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
  };
}
