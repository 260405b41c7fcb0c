import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Statements kept per database; when full the store is emptied (a search per keystroke must not grow it). */
export const KEPT = 2_000;
const keptOf = new WeakMap<Db, Map<string, unknown>>();
const dialect = new PgDialect({ casing: 'snake_case' });

/** A WHERE (or any fragment) as its SQL text and values: the part of a key that says what a statement reads. */
export function fragmentKey(fragment: SQL | undefined): string {
  if (!fragment) return '*';
  const { sql, params } = dialect.sqlToQuery(fragment);
  return `${sql}${JSON.stringify(params)}`;
}

/**
 * A statement built once per database and key, then only executed (`build` returns drizzle's
 * `.prepare('')`). On the calls every screen makes (the badges, a list's page and count), building the
 * statement with drizzle cost more than PostgreSQL answering it: the badges' nine counts were a third
 * of the call at a million requests. `key` must name everything `build` reads (its WHERE through
 * fragmentKey, the sort, the page), so a change of grants or filters builds a new one. A statement
 * asked for by every user (the menu's counts) is keyed by its shape instead, with the user's ids as
 * placeholders given to `.execute()`: the store then does not grow with the users. Kept per database
 * because a statement is bound to its pool.
 */
export function kept<T>(db: Db, key: string, build: () => T): T {
  let statements = keptOf.get(db);
  if (!statements) {
    statements = new Map();
    keptOf.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    if (statements.size >= KEPT) statements.clear();
    statement = build();
    statements.set(key, statement);
  }
  return statement;
}

/** How many statements are kept for `db` (the tests hold the menu's to its shapes). */
export const keptSize = (db: Db) => keptOf.get(db)?.size ?? 0;
