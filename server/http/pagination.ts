import { count, getTableName, ilike, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { fragmentKey, kept } from '../db/kept';

/** `page` from 1, `limit` (or `per_page`) capped; the answer is `{ data, meta }`. */
export const MAX_LIMIT = 100;

export function pageOf(query: { page?: number; limit?: number; per_page?: number }, defaultLimit = 15) {
  const page = Math.max(1, query.page ?? 1);
  const limit = Math.min(MAX_LIMIT, Math.max(1, query.limit ?? query.per_page ?? defaultLimit));
  return { page, limit, offset: (page - 1) * limit };
}

export function pageResult<T>(data: T[], total: number, { page, limit }: { page: number; limit: number }, totalExact = true) {
  return { data, meta: { page, limit, total, ...(!totalExact && { total_exact: false }) } };
}

/**
 * Lists that grow to millions of rows (the requests journal) count exactly up to this many and stop:
 * counting a million rows to draw 50 of them costs a sequential scan on every page. Past the cap the
 * answer says `total_exact: false` and the list shows "more than".
 */
const COUNT_CAP = 10_000;

/** `{ total, exact }` of a count query that was asked for at most COUNT_CAP + 1 rows. */
function cappedTotal(n: number | undefined) {
  const counted = n ?? 0;
  return { total: Math.min(counted, COUNT_CAP), exact: counted <= COUNT_CAP };
}

/**
 * Counts seen past COUNT_CAP, by their SQL and parameters, and until when: a list past the cap does not
 * fall back under it within a minute, so its "more than 10,000" is not counted again on every page; a
 * total under the cap is always counted (exact, cheap). Bounded, so that many searches cannot grow it.
 */
const overCap = new Map<string, number>();
const OVER_CAP_MS = 60_000;
const OVER_CAP_KEYS = 1_000;

/**
 * The total of a list that may grow to millions of rows: the rows of `table` matching `where`, counted
 * up to COUNT_CAP + 1 (a bounded index scan), never the whole table, and not at all while known to be past it.
 */
export async function cappedCount(db: Db, table: PgTable, where: SQL | undefined, whereKey = fragmentKey(where)): Promise<{ total: number; exact: boolean }> {
  const key = `count|${getTableName(table)}|${whereKey}`;
  const now = Date.now();
  if ((overCap.get(key) ?? 0) > now) return cappedTotal(COUNT_CAP + 1);
  const counted = kept(db, key, () =>
    db
      .select({ n: count() })
      .from(
        db
          .select({ one: sql`1` })
          .from(table)
          .where(where)
          .limit(COUNT_CAP + 1)
          .as('counted'),
      )
      .prepare(''),
  );
  const [total] = await counted.execute();
  const capped = cappedTotal(total?.n);
  if (capped.exact) overCap.delete(key);
  else {
    if (overCap.size >= OVER_CAP_KEYS) overCap.clear();
    overCap.set(key, now + OVER_CAP_MS);
  }
  return capped;
}

/**
 * One page of a list and its total, read at once: every register's list query. `rows` builds the
 * list's select with its WHERE (`.$dynamic()`), `counted` the count of the same WHERE. Both are built
 * once per list, WHERE, sort and page, then only executed (db/kept.ts): `list` names them.
 */
export async function pageWithTotal<T extends PgSelect>(
  db: Db,
  list: { name: string; where: SQL | undefined; sort?: string },
  rows: () => T,
  order: SQL[],
  page: { limit: number; offset: number },
  counted: () => { prepare(name: string): { execute(): Promise<Array<{ n: number }>> } },
) {
  const key = `${list.name}|${fragmentKey(list.where)}`;
  const data = kept(db, `${key}|${list.sort ?? ''}|${page.limit}|${page.offset}`, () =>
    rows()
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset)
      .prepare(''),
  );
  const total = kept(db, `${key}|count`, () => counted().prepare(''));
  const [found, [n]] = await Promise.all([data.execute(), total.execute()]);
  return { rows: found as Awaited<T['_']['result']>, total: n?.n ?? 0 };
}

/**
 * A page's ids, chosen on the list's own table alone (an index scan however deep the page), as the
 * subquery `page(id)` a list then joins its other tables to: only the page's rows are joined.
 */
export function pageIds(db: Db, id: PgColumn, where: SQL | undefined, order: SQL[], limit: number, offset = 0) {
  return db
    .select({ id })
    .from(id.table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
}

/** A user's search text as a LIKE pattern, with its wildcards escaped. */
export function likePattern(search: string | undefined): string | null {
  const s = search?.trim().toLowerCase();
  if (!s) return null;
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A search box's condition: any of `columns` contains the text (`likePattern`), or any of the list's own
 * further conditions built from the same pattern holds; no condition without a search.
 */
export function likeAny(
  pattern: string | null,
  columns: Array<Parameters<typeof ilike>[0]>,
  ...more: Array<(pattern: string) => SQL | undefined>
): SQL | undefined {
  if (!pattern) return undefined;
  return or(...columns.map((c) => ilike(c, pattern)), ...more.map((m) => m(pattern)));
}

/** Navigation badges count at most this many rows; the SPA shows a badge at the cap as "999+". */
export { BADGE_CAP } from '#/shared/counts';

/**
 * A navigation badge as a scalar subquery of `count(*)`: the menu reads all its badges in one
 * statement (one round trip on every page load), each module giving the counts it owns.
 */
export const badge = (counted: SQLWrapper): SQL<number> => sql<number>`(${counted})`.mapWith(Number);
