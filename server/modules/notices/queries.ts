import { and, asc, count, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { noticeFiles, noticeRecipients, notices, notifications, objects, renters, users } from '../../db/schema';
import { likeAny, likePattern, pageWithTotal } from '../../http/pagination';
import type { FileLinks } from '../../storage/file-links';
import { presentFile } from '../../workflow/file-list';

export type NoticeRow = typeof notices.$inferSelect & { objectName: string | null };
type Schemas = components['schemas'];
export type NoticeFilter = { landlordId: string; audience: 'renters' | 'employees'; search?: string };

const columns = { notice: notices, objectName: objects.name };

function whereOf(f: NoticeFilter): SQL | undefined {
  const pattern = likePattern(f.search);
  return and(
    eq(notices.landlordId, f.landlordId),
    eq(notices.audience, f.audience),
    likeAny(pattern, [notices.message, notices.title, notices.authorName], recipientNamed),
  );
}

/** "What did I send to Нурлан": a chosen recipient's name (or a renter's shop) matches; bounded by the notice's own recipients. */
const recipientNamed = (pattern: string): SQL =>
  sql`exists (${sql`select 1 from ${noticeRecipients} join ${users} on ${users.id} = ${noticeRecipients.userId} left join ${renters} on ${renters.userId} = ${users.id} where ${noticeRecipients.noticeId} = ${notices.id} and (${ilike(users.fullName, pattern)} or ${ilike(renters.tradePointName, pattern)})`})`;

const flat = (r: { notice: typeof notices.$inferSelect; objectName: string | null }): NoticeRow => ({ ...r.notice, objectName: r.objectName });

/** A page of a landlord's notices to one audience, newest first. */
export async function listNotices(db: Db, f: NoticeFilter, page: { limit: number; offset: number }) {
  const where = whereOf(f);
  const { rows, total } = await pageWithTotal(
    db,
    { name: 'notices', where },
    () => db.select(columns).from(notices).leftJoin(objects, eq(objects.id, notices.objectId)).where(where).$dynamic(),
    [desc(notices.createdAt), desc(notices.id)],
    page,
    () => db.select({ n: count() }).from(notices).where(where),
  );
  return { rows: rows.map(flat), total };
}

/** The export's keyset batches: newest first, after (created_at, id). */
export async function noticeBatch(db: Db, f: NoticeFilter, after: { at: Date; id: string } | null, limit: number) {
  const rows = await db
    .select(columns)
    .from(notices)
    .leftJoin(objects, eq(objects.id, notices.objectId))
    .where(and(whereOf(f), after ? or(lt(notices.createdAt, after.at), and(eq(notices.createdAt, after.at), lt(notices.id, after.id))) : undefined))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit);
  return rows.map(flat);
}

/** One notice of the landlord (any audience); another landlord's is not found. */
export async function findNotice(db: Db, id: string, landlordId: string | null): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(notices)
    .leftJoin(objects, eq(objects.id, notices.objectId))
    .where(and(eq(notices.id, id), landlordId ? eq(notices.landlordId, landlordId) : sql`false`));
  return row && flat(row);
}

const ofNotice = (ids: string[]) => and(eq(notifications.subjectType, 'notice'), inArray(notifications.subjectId, ids));

/** What the list and the detail show beside each notice: chosen recipients with their read state, files, counts. */
export async function extrasOf(db: Db, links: FileLinks, ids: string[]) {
  if (ids.length === 0) return () => ({ recipients: [], files: [], delivered: 0, read: 0 });
  const [people, files, counts] = await Promise.all([
    db
      .select({
        noticeId: noticeRecipients.noticeId,
        id: users.id,
        name: sql<string>`coalesce(${renters.tradePointName}, ${users.fullName})`,
        readAt: notifications.readAt,
      })
      .from(noticeRecipients)
      .innerJoin(users, eq(users.id, noticeRecipients.userId))
      .leftJoin(renters, eq(renters.userId, users.id))
      .leftJoin(
        notifications,
        and(eq(notifications.subjectType, 'notice'), eq(notifications.subjectId, noticeRecipients.noticeId), eq(notifications.userId, noticeRecipients.userId)),
      )
      .where(inArray(noticeRecipients.noticeId, ids))
      .orderBy(asc(users.fullName)),
    db.select().from(noticeFiles).where(inArray(noticeFiles.noticeId, ids)).orderBy(asc(noticeFiles.createdAt), asc(noticeFiles.id)),
    db
      .select({ id: notifications.subjectId, delivered: count(), read: count(notifications.readAt) })
      .from(notifications)
      .where(ofNotice(ids))
      .groupBy(notifications.subjectId),
  ]);
  return (id: string) => ({
    recipients: people.filter((p) => p.noticeId === id).map((p) => ({ id: p.id, name: p.name, read_at: p.readAt?.toISOString() ?? null })),
    files: files.filter((f) => f.noticeId === id).map((f) => filesOf(links, f)),
    delivered: counts.find((c) => c.id === id)?.delivered ?? 0,
    read: counts.find((c) => c.id === id)?.read ?? 0,
  });
}

const filesOf = (links: FileLinks, f: typeof noticeFiles.$inferSelect): Schemas['NoticeFile'] => presentFile(links, f);

/** The files alone, for a recipient's view. */
export async function filesOfNotice(db: Db, links: FileLinks, id: string) {
  const rows = await db.select().from(noticeFiles).where(eq(noticeFiles.noticeId, id)).orderBy(asc(noticeFiles.createdAt), asc(noticeFiles.id));
  return rows.map((f) => filesOf(links, f));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toEmployeeNotification(n: NoticeRow, x: ReturnType<Awaited<ReturnType<typeof extrasOf>>>): Schemas['EmployeeNotification'] {
  return {
    id: n.id,
    message: n.message,
    author_name: n.authorName,
    recipients: x.recipients,
    files: x.files,
    send_at: iso(n.sendAt),
    sent_at: iso(n.sentAt),
    cancelled_at: iso(n.cancelledAt),
    created_at: n.createdAt.toISOString(),
  };
}

export function toNotice(n: NoticeRow, x: ReturnType<Awaited<ReturnType<typeof extrasOf>>>, canCancel: boolean): Schemas['Notice'] {
  return {
    id: n.id,
    audience: n.audience,
    title: n.title,
    message: n.message,
    author_name: n.authorName,
    target: n.target,
    object: n.objectId ? { id: n.objectId, name: n.objectName ?? '' } : null,
    floor: n.floor,
    recipients: x.recipients,
    delivered: x.delivered,
    read: x.read,
    files: x.files,
    send_at: iso(n.sendAt),
    sent_at: iso(n.sentAt),
    cancelled_at: iso(n.cancelledAt),
    created_at: n.createdAt.toISOString(),
    can_cancel: canCancel && !n.sentAt && !n.cancelledAt,
  };
}
