import { readFile } from 'node:fs/promises';
import type { PushMessage, PushTransport, TokenResult } from './transport';

/** FCM's answers that mean the token will never work again: the browser unsubscribed or it is not a token. */
const deadTokenCodes = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token', 'messaging/invalid-argument']);
/** sendEachForMulticast takes at most this many tokens. */
const MULTICAST_LIMIT = 500;

/** FCM_SERVICE_ACCOUNT is the service account's JSON itself (it starts with `{`) or the path of its file. */
async function serviceAccountOf(value: string): Promise<Record<string, string>> {
  const text = value.trim().startsWith('{') ? value : await readFile(value, 'utf8');
  return JSON.parse(text) as Record<string, string>;
}

/**
 * The transport through Firebase Cloud Messaging. firebase-admin is loaded only here, only when
 * FCM_SERVICE_ACCOUNT is set. Data-only messages: our service worker (src/sw.ts) shows them, so the
 * text, the link and the click are ours on every browser.
 */
export async function fcmTransport(serviceAccount: string): Promise<PushTransport> {
  const [{ cert, initializeApp, getApps }, { getMessaging }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/messaging')]);
  const name = 'mall-crm-push';
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ credential: cert(await serviceAccountOf(serviceAccount)) }, name);
  const messaging = getMessaging(app);
  return {
    async send(tokens: string[], message: PushMessage): Promise<TokenResult[]> {
      const results: TokenResult[] = [];
      for (let i = 0; i < tokens.length; i += MULTICAST_LIMIT) {
        const batch = tokens.slice(i, i + MULTICAST_LIMIT);
        const answer = await messaging.sendEachForMulticast({
          tokens: batch,
          data: { title: message.title, body: message.body, link: message.link, notification_id: String(message.notificationId ?? '') },
          // A push older than a day tells nothing the inbox does not.
          webpush: { headers: { Urgency: 'high', TTL: '86400' } },
        });
        for (const r of answer.responses) {
          results.push(r.success ? 'sent' : deadTokenCodes.has(r.error?.code ?? '') ? 'unregistered' : 'failed');
        }
      }
      return results;
    },
  };
}
