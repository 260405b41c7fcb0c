import { createHash } from 'node:crypto';
import pg from 'pg';

/** Statements one connection keeps prepared; past it, a new text goes unnamed and is planned each time. */
export const PREPARED_PER_CONNECTION = 256;

type Config = { text?: unknown; name?: unknown };
type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * Prepares every parameterised statement once per PostgreSQL connection, named by a hash of its
 * text (as postgres.js does by default). drizzle always sends values as parameters, so one list's
 * statement has the same text for every landlord and page; PostgreSQL then parses and plans it once
 * per connection instead of once per call (the journal's page, warm, took as long to plan as to run:
 * 0.5 ms each at a million requests). Statements without parameters stay on the simple protocol: a
 * migration may hold several statements in one text, which a prepared statement cannot. A statement
 * drizzle prepared without a name (`.prepare('')`) is named here the same way.
 */
export function prepareStatements(client: pg.PoolClient): void {
  const named = new Set<string>();
  const query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [unknown, unknown];
    if (config && typeof config === 'object' && Array.isArray(values) && values.length > 0) {
      const { text, name } = config as Config;
      if (typeof text === 'string' && !name) {
        const hashed = `s${createHash('sha1').update(text).digest('base64url')}`;
        if (named.has(hashed) || named.size < PREPARED_PER_CONNECTION) {
          named.add(hashed);
          args[0] = { ...config, name: hashed };
        }
      }
    }
    // Looked up at each call, not bound once: a wrapper put on the prototype later (the load bench's
    // statement capture) still sees every query.
    return (pg.Client.prototype.query as Query).apply(this, args);
  };
  client.query = query as typeof client.query;
}
