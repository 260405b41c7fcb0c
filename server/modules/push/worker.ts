import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fcmTokens, landlords, notifications, pushOutbox, sessions, users } from '../../db/schema';
import { messageOf, type Source } from './message';
import type { PushTransport, TokenResult } from './transport';

/** A send that failed (FCM unreachable, a server error) is tried this many times in all, then dropped. */
export const MAX_ATTEMPTS = 3;
/** A push still queued after this long tells nothing the inbox does not: dropped unsent. */
const MAX_AGE_MS = 60 * 60_000;
const retryDelayMs = (attempt: number) => 30_000 * 2 ** (attempt - 1);

export type DeliveryLog = { warn(obj: object, msg: string): void };
/** Browsers reached, tokens removed, browsers given up on; `claimed` outbox rows this run took. */
export type Delivered = { sent: number; dropped: number; failed: number; claimed: number };

/**
 * The browsers a user's pushes may go to: the user is active (a deleted account is told nothing) and the
 * session that registered the token still lives (signed out everywhere, a lost phone is silent). Each is
 * written in the user's own language (users.language, which the app's language switch keeps), not the
 * one its browser had when it registered: a person reads one language on every device.
 */
export const liveTokensOf = (db: Db, userIds: string[]) =>
  db
    .select({ userId: fcmTokens.userId, token: fcmTokens.token, language: users.language })
    .from(fcmTokens)
    .innerJoin(users, and(eq(users.id, fcmTokens.userId), eq(users.active, true)))
    .leftJoin(sessions, eq(sessions.id, fcmTokens.sessionId))
    .where(and(inArray(fcmTokens.userId, userIds), or(isNull(fcmTokens.sessionId), and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))));

/** Sends one message to tokens and removes those FCM says will never work; a transport that throws failed them all. */
export async function sendAndPrune(db: Db, transport: PushTransport, userId: string, tokens: string[], message: Parameters<PushTransport['send']>[1]) {
  const results: TokenResult[] = await transport.send(tokens, message).catch(() => tokens.map(() => 'failed' as const));
  const dead = tokens.filter((_, i) => results[i] === 'unregistered');
  if (dead.length > 0) await db.delete(fcmTokens).where(and(eq(fcmTokens.userId, userId), inArray(fcmTokens.token, dead)));
  return { results, failed: tokens.filter((_, i) => results[i] === 'failed'), sent: results.filter((r) => r === 'sent').length, dropped: dead.length };
}

/**
 * One run of the push worker: claims up to `batch` due rows of the outbox and sends them.
 * The claim is one DELETE of rows picked FOR UPDATE SKIP LOCKED, committed before anything is sent:
 * concurrent workers (any number of processes) each take other rows, so a push is sent at most once;
 * a process that dies mid-send loses that batch's pushes, never their inbox rows. Each push is written
 * in its recipient's language. Tokens FCM no longer knows are removed; the browsers a failed send
 * did not reach are queued again, later, up to MAX_ATTEMPTS, then the push is dropped and logged.
 */
export async function deliverPushes(db: Db, transport: PushTransport, log?: DeliveryLog, batch = 100): Promise<Delivered> {
  const total: Delivered = { sent: 0, dropped: 0, failed: 0, claimed: 0 };
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(lte(pushOutbox.notBefore, sql`now()`))
    .orderBy(pushOutbox.id)
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await db.delete(pushOutbox).where(inArray(pushOutbox.id, due)).returning();
  total.claimed = claimed.length;
  if (claimed.length === 0) return total;

  const sources = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      params: notifications.params,
      subjectType: notifications.subjectType,
      subjectId: notifications.subjectId,
      landlordName: landlords.name,
    })
    .from(notifications)
    .leftJoin(landlords, eq(landlords.id, notifications.landlordId))
    .where(
      inArray(
        notifications.id,
        claimed.map((c) => c.notificationId),
      ),
    );
  const byId = new Map(sources.map((s) => [s.id, s]));
  const userIds = [...new Set(sources.map((s) => s.userId))];
  const tokens = userIds.length ? await liveTokensOf(db, userIds) : [];

  const now = Date.now();
  for (const row of claimed) {
    const source = byId.get(row.notificationId);
    if (!source) continue;
    if (now - row.createdAt.getTime() > MAX_AGE_MS) {
      log?.warn({ notificationId: source.id }, 'push dropped unsent: queued for over an hour');
      continue;
    }
    const wanted = tokens.filter((t) => t.userId === source.userId && (!row.tokens || row.tokens.includes(t.token)));
    const retry: string[] = [];
    for (const language of new Set(wanted.map((t) => t.language))) {
      const group = wanted.filter((t) => t.language === language).map((t) => t.token);
      const done = await sendAndPrune(db, transport, source.userId, group, messageOf(source as Source, language));
      total.sent += done.sent;
      total.dropped += done.dropped;
      retry.push(...done.failed);
    }
    if (retry.length === 0) continue;
    const attempts = row.attempts + 1;
    if (attempts >= MAX_ATTEMPTS) {
      total.failed += retry.length;
      log?.warn({ notificationId: source.id, tokens: retry.length }, `push dropped after ${attempts} failed sends`);
      continue;
    }
    await db.insert(pushOutbox).values({
      notificationId: source.id,
      tokens: retry,
      attempts,
      notBefore: new Date(now + retryDelayMs(attempts)),
      createdAt: row.createdAt,
    });
  }
  return total;
}

export type PushWorker = { stop(): Promise<void> };

/**
 * Runs the worker every `intervalMs` (PUSH_INTERVAL_MS) in every process, like the deadline job; a
 * run never overlaps the previous one, and a full batch is followed at once by the next.
 */
export function startPushWorker(
  db: Db,
  transport: PushTransport,
  intervalMs: number,
  log: DeliveryLog & { error(obj: object, msg: string): void },
): PushWorker {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const run = async () => {
    while (!stopped) {
      if ((await deliverPushes(db, transport, log)).claimed < 100) break;
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .catch((err) => log.error({ err }, 'push worker failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
