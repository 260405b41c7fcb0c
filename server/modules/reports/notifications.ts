import { sql } from 'drizzle-orm';
import { kindLabel } from '#/shared/notification-kind-label';
import type { NotificationKind } from '#/shared/notification-sentence';
import { within } from './period';
import { type Built, type Ctx, col, fig, rows, share, table } from './shape';

/** Inbox rows written for the landlord's people in the period: sent, read, by kind. */
export async function notificationsReport(ctx: Ctx): Promise<Built> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const where = sql`n.landlord_id = ${ctx.landlordId}::uuid and ${within(col('n.created_at'), p)}`;
  const byKind = await rows<{ key: string; n: number; read: number }>(
    db,
    sql`select n.kind as key, count(*)::int as n, count(n.read_at)::int as read from notifications n where ${where} group by 1 order by 2 desc, 1`,
  );
  const sent = byKind.reduce((s, r) => s + r.n, 0);
  const read = byKind.reduce((s, r) => s + r.read, 0);
  return {
    figures: [fig('sent', t.figure.sent(), sent), fig('read', t.figure.read(), read), fig('read_share', t.figure.readShare(), share(read, sent), 'percent')],
    tables: [
      table({
        key: 'by_kind',
        title: t.table.byKind(),
        chart: 'bar',
        label: t.col.kind(),
        columns: [
          { key: 'sent', label: t.figure.sent() },
          { key: 'read', label: t.figure.read() },
        ],
        // Named as the profile's push switches name them; a kind this code does not know keeps its key.
        rows: byKind.map((r) => ({ label: kindLabel(ll, r.key as NotificationKind), values: [r.n, r.read] })),
      }),
    ],
  };
}
