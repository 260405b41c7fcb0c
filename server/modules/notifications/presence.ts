import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveUsers } from '../../db/schema';
import { idArray } from '../menu/caller';

/**
 * Who has the app open: the users of the live streams, noted by each process when a stream opens and
 * at every heartbeat (live.ts, every 25 s). Noted within this long ago counts as open; a closed tab
 * is forgotten by itself, with nothing to delete.
 */
export const PRESENT_WITHIN = '60 seconds';

/** Notes these users as having the app open now, in one statement. */
export async function notePresent(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`insert into ${liveUsers} (user_id, seen_at) select distinct u, now() from unnest(${idArray(userIds)}::uuid[]) u order by u
    on conflict (user_id) do update set seen_at = excluded.seen_at`);
}
