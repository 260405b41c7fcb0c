import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** Inbox rows just written: enough to decide whether each is pushed. */
export type Inserted = { id: number };

/**
 * Queues the push of inbox rows just written, in the caller's transaction (a refused change pushes
 * nothing): one INSERT ... SELECT that keeps only the rows whose recipient has a browser to reach and
 * has not turned this kind off, so a notice to thousands costs one statement and users without a
 * token cost nothing. The worker (./worker.ts) sends them.
 */
export async function queuePushes(tx: Db | Tx, inserted: ReadonlyArray<Inserted>): Promise<void> {
  if (inserted.length === 0) return;
  // One array parameter, whatever the number of rows.
  const ids = `{${inserted.map((r) => r.id).join(',')}}`;
  await tx.execute(sql`
    insert into push_outbox (notification_id)
    select n.id from notifications n
    where n.id = any(${ids}::bigint[])
      and exists (select 1 from fcm_tokens t where t.user_id = n.user_id)
      and not exists (select 1 from push_muted_kinds m where m.user_id = n.user_id and m.kind = n.kind)`);
}
