import pg from 'pg';

/**
 * SQLSTATEs that mean the server ended or refused the session, not that the statement was wrong:
 * 57P01 admin_shutdown (pg_terminate_backend, a restart), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, in recovery), class 08 (connection exception); and the socket's own codes.
 */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
/** What node-postgres and its pool say, without a code, of a connection that went away or never came. */
const LOST_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

type Chained = { code?: unknown; message?: unknown; cause?: unknown };

/** Whether `err` (or what it wraps: drizzle wraps the driver's error) says the database connection was lost. */
export function isConnectionLost(err: unknown): boolean {
  for (let e = err as Chained | undefined, depth = 0; e && depth < 4; e = e.cause as Chained | undefined, depth++) {
    if (typeof e.code === 'string' && LOST_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && LOST_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** Seconds a caller is told to wait (Retry-After) while the pool opens new connections. */
export const RECONNECT_RETRY_SECONDS = 2;

/**
 * The last line behind the pool's listeners: an error of a PostgreSQL client that still escapes
 * (an 'error' event nobody listens to, a rejected promise nobody awaits) is logged and the process
 * goes on serving; the pool replaces the connection. Anything else ends the process as Node would,
 * for its supervisor to start it again.
 */
export function surviveConnectionErrors(log: { error(obj: object, msg: string): void; fatal(obj: object, msg: string): void }): void {
  process.on('uncaughtException', (err, origin) => {
    if (isConnectionLost(err) || err instanceof pg.DatabaseError) {
      log.error({ err }, `PostgreSQL client error (${origin}); the process goes on`);
      return;
    }
    log.fatal({ err }, `uncaught ${origin}`);
    process.exit(1);
  });
}
