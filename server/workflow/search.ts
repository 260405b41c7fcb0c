import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { renters } from '../db/schema';
import { likeAny, likePattern } from '../http/pagination';

/**
 * The search of a numbered record's list (the requests journal, violations): its number as typed
 * ("№ 123", "#123", "123"), its own texts, or its renter's names. The matching renters are read first,
 * as an array, so each branch of the OR is a trigram or renter_id index scan (a BitmapOr), where a join
 * or IN (subquery) would scan the whole table.
 */
export function recordSearch(search: string | undefined, record: { number: PgColumn; renterId: PgColumn; texts: PgColumn[] }): SQL | undefined {
  const digits = search?.trim().replace(/^[№#]\s*/, '');
  return likeAny(
    likePattern(search),
    record.texts,
    () => (digits && /^\d{1,9}$/.test(digits) ? eq(record.number, Number(digits)) : undefined),
    (p) => sql`${record.renterId} = any(array(select ${renters.id} from ${renters} where ${likeAny(p, [renters.legalName, renters.tradePointName])}))`,
  );
}
