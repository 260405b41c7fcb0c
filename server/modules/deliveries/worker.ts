import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Locales } from '#/i18n/i18n-types';
import type { Db } from '../../db/client';
import { type DeliveryChannel, deliveries, deliveryChannels, landlords, notifications, telegramLinks, users } from '../../db/schema';
import type { ChannelAdapter, Outcome, Outgoing, Source } from './channel';

const retryDelayMs = (attempt: number) => 30_000 * 2 ** (attempt - 1);

export type DeliveryLog = { warn(obj: object, msg: string): void };
/** What one run did: rows claimed, sent, given up (failed too often, too old, or unreachable for good). */
export type Delivered = { claimed: number; sent: number; dropped: number; retried: number };

/**
 * One run of a channel: claims up to its batch of due rows and sends them. The claim is one DELETE of
 * rows picked FOR UPDATE SKIP LOCKED, committed before anything is sent: concurrent workers (any number
 * of processes) each take other rows, so a message is sent at most once; a process that dies mid-send
 * loses that batch's messages, never their inbox rows. A failed message is queued again with a
 * doubling delay until the channel's attempts run out.
 */
export async function deliverDue(db: Db, adapter: ChannelAdapter, log?: DeliveryLog): Promise<Delivered> {
  const total: Delivered = { claimed: 0, sent: 0, dropped: 0, retried: 0 };
  const due = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.channel, adapter.channel), lte(deliveries.notBefore, sql`now()`)))
    .orderBy(deliveries.notBefore, deliveries.id)
    .limit(adapter.batch)
    .for('update', { skipLocked: true });
  const claimed = await db.delete(deliveries).where(inArray(deliveries.id, due)).returning();
  total.claimed = claimed.length;
  if (claimed.length === 0) return total;

  const now = Date.now();
  const fresh = claimed.filter((row) => now - row.createdAt.getTime() <= adapter.maxAgeMs);
  if (fresh.length < claimed.length) {
    total.dropped += claimed.length - fresh.length;
    log?.warn({ channel: adapter.channel, count: claimed.length - fresh.length }, 'deliveries dropped unsent: queued too long');
  }
  const items = await outgoing(db, fresh);
  total.dropped += fresh.length - items.length;
  if (items.length === 0) return total;
  const outcomes: Outcome[] = await adapter.send(items).catch(() => items.map(() => ({ status: 'failed' as const })));
  const retries: (typeof deliveries.$inferInsert)[] = [];
  items.forEach((item, i) => {
    const outcome = outcomes[i] ?? { status: 'failed' };
    if (outcome.status === 'sent') total.sent += 1;
    else if (outcome.status === 'gone') total.dropped += 1;
    else if (item.attempts + 1 >= adapter.maxAttempts) {
      total.dropped += 1;
      log?.warn({ channel: adapter.channel, delivery: item.id, notificationId: item.source?.id }, `delivery dropped after ${item.attempts + 1} failed sends`);
    } else {
      retries.push({
        channel: adapter.channel,
        userId: item.userId,
        notificationId: item.source?.id ?? null,
        kind: item.kind,
        payload: outcome.payload ?? item.payload,
        attempts: item.attempts + 1,
        notBefore: new Date(now + retryDelayMs(item.attempts + 1)),
        createdAt: item.createdAt,
      });
    }
  });
  if (retries.length > 0) await db.insert(deliveries).values(retries);
  total.retried = retries.length;
  return total;
}

/** The claimed rows with their inbox rows and recipients, read in two statements; a row whose person left is dropped. */
async function outgoing(db: Db, rows: (typeof deliveries.$inferSelect)[]): Promise<Outgoing[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.flatMap((r) => (r.notificationId === null ? [] : [r.notificationId])))];
  const sources = ids.length
    ? await db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          params: notifications.params,
          subjectType: notifications.subjectType,
          subjectId: notifications.subjectId,
          landlordName: landlords.name,
        })
        .from(notifications)
        .leftJoin(landlords, eq(landlords.id, notifications.landlordId))
        .where(inArray(notifications.id, ids))
    : [];
  const people = await db
    .select({ id: users.id, language: users.language, fullName: users.fullName, email: users.email, chat: telegramLinks.chatId })
    .from(users)
    .leftJoin(telegramLinks, eq(telegramLinks.userId, users.id))
    .where(and(inArray(users.id, [...new Set(rows.map((r) => r.userId))]), eq(users.active, true)));
  const sourceOf = new Map(sources.map((s) => [s.id, s as Source]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  return rows.flatMap((r) => {
    const person = personOf.get(r.userId);
    const source = r.notificationId === null ? null : sourceOf.get(r.notificationId);
    if (!person || source === undefined) return [];
    return [
      {
        id: r.id,
        userId: r.userId,
        kind: r.kind,
        attempts: r.attempts,
        createdAt: r.createdAt,
        payload: r.payload,
        source,
        recipient: { language: person.language as Locales, fullName: person.fullName, email: person.email || null, telegramChatId: person.chat },
      },
    ];
  });
}

/**
 * The rows of channels this process cannot send (not configured here): nothing will carry them, so
 * they are removed rather than kept until they expire.
 */
export async function dropUncarried(db: Db, carried: ReadonlyArray<DeliveryChannel>) {
  const others = deliveryChannels.filter((c) => !carried.includes(c));
  if (others.length) await db.delete(deliveries).where(inArray(deliveries.channel, others));
}
