import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { defaultSql } from './preferences';

/**
 * Queues the deliveries of inbox rows just written, in the caller's transaction (a refused change sends
 * nothing): one INSERT ... SELECT for every channel at once, keeping each person's channels that are
 * on for the kind (its choice, else the default) and can reach it now (a browser with a push token, an
 * address not refused, a linked Telegram chat). A notice to 100,000 people is one statement, and people
 * reachable by no channel cost nothing. Each channel's worker sends at its own pace (./worker.ts).
 */
export async function queueDeliveries(tx: Db | Tx, notificationIds: ReadonlyArray<number>): Promise<void> {
  if (notificationIds.length === 0) return;
  // One array parameter, whatever the number of rows.
  const ids = `{${notificationIds.join(',')}}`;
  await tx.execute(sql`
    insert into deliveries (channel, user_id, notification_id, kind)
    select c.channel, n.user_id, n.id, n.kind
    from notifications n
    cross join (values ('push'), ('email'), ('telegram')) as c (channel)
    join users u on u.id = n.user_id
    left join notification_channels p on p.user_id = n.user_id and p.kind = n.kind and p.channel = c.channel
    where n.id = any(${ids}::bigint[])
      and coalesce(p.enabled, ${defaultSql(sql`n.kind`, sql`c.channel`)})
      and case c.channel
        when 'push' then exists (select 1 from fcm_tokens t where t.user_id = n.user_id)
        when 'email' then u.email is not null and u.email <> '' and u.email_bounced_at is null
        else exists (select 1 from telegram_links l where l.user_id = n.user_id)
      end`);
}
