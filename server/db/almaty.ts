import { and, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ALMATY } from '../../src/shared/almaty';

const zone = sql.raw(`'${ALMATY}'`);

/**
 * Today on Almaty's calendar. SQL's `current_date` follows the session's zone (UTC on most servers), so
 * between midnight and 05:00 in Almaty it would still be yesterday: a lease starting today not yet held.
 */
export const almatyCurrentDate = sql`((now() at time zone ${zone})::date)`;

/** The instant an Almaty day (YYYY-MM-DD) starts. */
const almatyDayStart = (day: string) => sql`((${day}::date)::timestamp at time zone ${zone})`;

/** A list's period filter: `column` within Almaty's days `from` to `to`, the last one whole; either may be absent. */
export const withinAlmatyDays = (column: SQLWrapper, f: { from?: string; to?: string }): SQL | undefined =>
  and(f.from ? sql`${column} >= ${almatyDayStart(f.from)}` : undefined, f.to ? sql`${column} < ${almatyDayStart(f.to)} + interval '1 day'` : undefined);
