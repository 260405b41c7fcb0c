import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fcmTokens, sessions, users } from '../../db/schema';
import type { ChannelAdapter, Outcome } from '../deliveries/channel';
import { messageOf } from './message';
import type { PushTransport, TokenResult } from './transport';

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
 * The push channel of the outbox: each message goes to the recipient's live browsers, in its own
 * language; tokens FCM no longer knows are removed, and a retry is narrowed to the browsers a failed
 * send did not reach (`payload.tokens`). A person with no live browser left is not tried again.
 */
export function pushChannel(db: Db, transport: PushTransport): ChannelAdapter {
  return {
    channel: 'push',
    batch: 100,
    maxAttempts: 3,
    maxAgeMs: 60 * 60_000,
    async send(items) {
      const tokens = await liveTokensOf(db, [...new Set(items.map((i) => i.userId))]);
      const outcomes: Outcome[] = [];
      for (const item of items) {
        const narrowed = Array.isArray(item.payload.tokens) ? (item.payload.tokens as string[]) : null;
        const wanted = tokens.filter((t) => t.userId === item.userId && (!narrowed || narrowed.includes(t.token))).map((t) => t.token);
        if (!item.source || wanted.length === 0) {
          outcomes.push({ status: 'gone' });
          continue;
        }
        const done = await sendAndPrune(db, transport, item.userId, wanted, messageOf(item.source, item.recipient.language));
        outcomes.push(done.failed.length === 0 ? { status: 'sent' } : { status: 'failed', payload: { tokens: done.failed } });
      }
      return outcomes;
    },
  };
}
