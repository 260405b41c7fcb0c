import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** `name`: the prepared statement's, so that the baseline prepares exactly what the API prepares. */
export type Statement = { text: string; values: unknown[]; name?: string };

type Query = (...args: unknown[]) => unknown;

/**
 * Records the SQL the API runs while `fn` makes its calls, by wrapping the drivers' query methods in
 * this process (pg's Client and PGlite). The baseline server replays exactly these statements, so
 * "raw" means the same SQL without the product's own code around it.
 */
export async function captureStatements(fn: () => Promise<void>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const wrap = (original: Query): Query =>
    function (this: unknown, ...args: unknown[]) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof first === 'string' ? first : first.text;
      const name = typeof first === 'string' ? undefined : (first as { name?: string }).name;
      // drizzle passes (config, params): the values are the second argument even beside a config object.
      const values = (Array.isArray(second) ? second : typeof first === 'string' ? undefined : first.values) ?? [];
      if (!/^\s*(begin|commit|rollback)/i.test(text)) seen.push({ text, values: [...values], ...(name && { name }) });
      return original.apply(this, args);
    };
  const pgQuery = pg.Client.prototype.query as Query;
  const pgliteQuery = PGlite.prototype.query as Query;
  pg.Client.prototype.query = wrap(pgQuery) as typeof pg.Client.prototype.query;
  PGlite.prototype.query = wrap(pgliteQuery) as typeof PGlite.prototype.query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = pgQuery as typeof pg.Client.prototype.query;
    PGlite.prototype.query = pgliteQuery as typeof PGlite.prototype.query;
  }
  return seen;
}
