import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { almatyDay, almatyToday } from '#/shared/almaty';
import { almatyCurrentDate, almatyDayStart } from '#server/db/almaty';
import { describeEachDatabase } from '../support/api-harness';

// Leases are held, expire and are reported by Almaty's day. `current_date` follows the session's zone:
// in a zone twelve hours behind UTC it is yesterday in Almaty for 17 hours of each day (from 19:00 UTC
// on UTC servers), so a lease starting today was not yet held and the rent roll missed it.
describeEachDatabase('Almaty days in SQL', (h) => {
  it('today is Almaty’s whatever the session’s zone', async () => {
    const rows = await h.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Etc/GMT+12'`);
      return (await tx.execute(sql`select ${almatyCurrentDate}::text as today, ${almatyDayStart(almatyDay(0))} as starts`)) as unknown as {
        rows: Array<{ today: string; starts: string | Date }>;
      };
    });
    expect(rows.rows[0]?.today).toBe(almatyToday());
    // The day starts at Almaty's midnight: 19:00 UTC the evening before.
    expect(new Date(rows.rows[0]?.starts as string).toISOString()).toBe(new Date(`${almatyDay(0)}T00:00:00+05:00`).toISOString());
  });
});
