import { and, count, desc, eq, isNull, lt, type SQLWrapper, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../http/errors';
import { BADGE_CAP, badge } from '../../http/pagination';

type SubjectType = components['schemas']['Notification']['subject']['type'];

const mine = (userId: string | SQLWrapper) => eq(notifications.userId, userId);
const unread = isNull(notifications.readAt);

/** A row as the contract's Notification: one item of the inbox, and the data of a live `notification` event. */
export const inboxItem = (
  n: Pick<typeof notifications.$inferSelect, 'id' | 'kind' | 'params' | 'actorName' | 'subjectType' | 'subjectId' | 'createdAt' | 'readAt'>,
) => ({
  id: n.id,
  kind: n.kind,
  params: n.params,
  actor_name: n.actorName,
  subject: { type: n.subjectType as SubjectType, id: n.subjectId },
  created_at: n.createdAt.toISOString(),
  read_at: n.readAt?.toISOString() ?? null,
});

/** A page of the user's inbox, newest first, from before the id `before`: a range of notifications_inbox_idx. */
export async function inboxPage(db: Db, userId: string, q: { before?: number; limit?: number; unread?: boolean }) {
  const limit = q.limit ?? 15;
  const rows = await db
    .select()
    .from(notifications)
    .where(and(mine(userId), q.before ? lt(notifications.id, q.before) : undefined, q.unread ? unread : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    data: page.map(inboxItem),
    meta: { limit, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null },
  };
}

/** One of the user's own notifications read (another's is not found); the first reading time stays. */
export async function markRead(db: Db, userId: string, id: number): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(mine(userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (!row) throw notFound();
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(userId), unread));
}

/** The bell's count as a scalar subquery, up to BADGE_CAP rows of notifications_unread_idx like every badge (the menu's passes a placeholder). */
export function unreadBadge(db: Db, userId: string | SQLWrapper) {
  return badge(
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(notifications)
        .where(and(mine(userId), unread))
        .limit(BADGE_CAP)
        .as('capped'),
    ),
  );
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ count: unreadBadge(db, userId) }).from(sql`(values (0)) as bell`);
  return row?.count ?? 0;
}
