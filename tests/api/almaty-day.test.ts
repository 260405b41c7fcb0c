import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { almatyDay, almatyToday, fromAlmatyInput } from '#/shared/almaty';
import { almatyCurrentDate, withinAlmatyDays } from '#server/db/almaty';
import { describeEachDatabase } from '../support/api-harness';

// Leases are held, expire and are reported by Almaty's day. `current_date` follows the session's zone:
// in a zone twelve hours behind UTC it is yesterday in Almaty for 17 hours of each day (from 19:00 UTC
// on UTC servers), so a lease starting today was not yet held and the rent roll missed it.
describeEachDatabase('Almaty days in SQL', (h) => {
  it('today is Almaty’s whatever the session’s zone', async () => {
    const rows = await h.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Etc/GMT+12'`);
      return (await tx.execute(sql`select ${almatyCurrentDate}::text as today,
        ${withinAlmatyDays(sql`${fromAlmatyInput(`${almatyDay(0)}T00:00`)}::timestamptz`, { from: almatyDay(0), to: almatyDay(0) })} as today_within,
        ${withinAlmatyDays(sql`${fromAlmatyInput(`${almatyDay(0)}T00:00`)}::timestamptz - interval '1 second'`, { from: almatyDay(0) })} as yesterday_within`)) as unknown as {
        rows: Array<{ today: string; today_within: boolean; yesterday_within: boolean }>;
      };
    });
    expect(rows.rows[0]?.today).toBe(almatyToday());
    // The day starts at Almaty's midnight (19:00 UTC the evening before): a second earlier is yesterday.
    expect(rows.rows[0]?.today_within).toBe(true);
    expect(rows.rows[0]?.yesterday_within).toBe(false);
  });
});
