import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * The rows of a raw query: both drivers (node-postgres, PGlite) answer with `rows`. Cast every number
 * in the SQL to int or float8, which both hand back as a JS number (a bigint or numeric comes back as text).
 */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
