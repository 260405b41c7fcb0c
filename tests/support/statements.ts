import type { Db } from '#server/db/client';

type Client = { query: (...args: unknown[]) => unknown };

/** The statements `run` sends to the database: every one passes the driver's query (PGlite's, or pg's pool). */
export async function statementsOf(db: Db, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: Client }).$client;
  const original = client.query;
  let sent = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    sent++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return sent;
}
