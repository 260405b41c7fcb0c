import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fcmTokens, users } from '#server/db/schema';
import type { PushMessage, PushTransport, TokenResult } from '#server/modules/push/transport';
import type { Harness } from './api-harness';

type Sent = { token: string; message: PushMessage; result: TokenResult };

/**
 * A transport that records each send: tokens `dead-…` are unknown to "FCM", `flaky-…` fail to send.
 * `to(token)` lists what one browser was sent.
 */
export function pushRecorder() {
  const sent: Sent[] = [];
  const transport: PushTransport = {
    async send(tokens, message) {
      return tokens.map((token) => {
        const result: TokenResult = token.startsWith('dead-') ? 'unregistered' : token.startsWith('flaky-') ? 'failed' : 'sent';
        sent.push({ token, message, result });
        return result;
      });
    },
  };
  return { sent, transport, to: (token: string) => sent.filter((s) => s.token === token) };
}

/** The server's settings a push suite runs with: a fast worker and a configured web push. */
export const pushConfig = { deliveryIntervalMs: 50, firebaseWebConfig: { projectId: 'mall-crm-test', apiKey: 'test-key' }, fcmVapidKey: 'test-vapid' };

export const until = async <T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 5000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
};
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const device = (prefix = 'web') => `${prefix}-${randomUUID()}-token`;
export const saveToken = (h: Harness, token: string, fcm_token: string, lang?: string) => h.api('/set-fcm-token', { token, body: { fcm_token }, lang });
export const tokensOf = async (h: Harness, username: string) =>
  (await h.db.select({ token: fcmTokens.token }).from(fcmTokens).innerJoin(users, eq(users.id, fcmTokens.userId)).where(eq(users.username, username))).map(
    (r) => r.token,
  );
