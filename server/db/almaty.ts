import { sql } from 'drizzle-orm';
import { ALMATY } from '../../src/shared/almaty';

const zone = sql.raw(`'${ALMATY}'`);

/**
 * Today on Almaty's calendar. SQL's `current_date` follows the session's zone (UTC on most servers), so
 * between midnight and 05:00 in Almaty it would still be yesterday: a lease starting today not yet held.
 */
export const almatyCurrentDate = sql`((now() at time zone ${zone})::date)`;

/** The instant an Almaty day (YYYY-MM-DD) starts. */
export const almatyDayStart = (day: string) => sql`((${day}::date)::timestamp at time zone ${zone})`;
