import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationKinds } from '#/shared/notification-sentence';

/**
 * A notification mail's one-click unsubscribe: its token names the person and the kind, signed with a
 * key derived from the server's secret, so a link cannot be made for another person or another kind.
 * It does not expire: a mail read a year later still unsubscribes, and turning a kind off is all it does.
 */
export type UnsubscribeTokens = {
  tokenOf(userId: string, kind: string): string;
  /** The person and the kind of a token this server signed; null for anything else. */
  read(token: string): { userId: string; kind: string } | null;
};

const SIGNATURE_CHARS = 22; // 16 bytes of the HMAC, base64url
const UUID = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;
const kinds: ReadonlySet<string> = new Set(notificationKinds);

/** `secret` is the server's own (FILES_SECRET or the one in DATA_DIR): a key of its own is derived from it. */
export function unsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = createHmac('sha256', secret).update('e-mail unsubscribe link').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');
  return {
    tokenOf(userId, kind) {
      // The id as its 16 bytes and the kind after it: a short link, letters, digits, - and _ only (no dot, which the service worker takes for a file).
      const payload = Buffer.concat([Buffer.from(userId.replace(/-/g, ''), 'hex'), Buffer.from(kind)]).toString('base64url');
      return payload + sign(payload);
    },
    read(token) {
      if (!/^[A-Za-z0-9_-]{30,200}$/.test(token)) return null;
      const payload = token.slice(0, -SIGNATURE_CHARS);
      const given = Buffer.from(token.slice(-SIGNATURE_CHARS));
      const expected = Buffer.from(sign(payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const bytes = Buffer.from(payload, 'base64url');
      const hex = bytes.subarray(0, 16).toString('hex').match(UUID);
      const kind = bytes.subarray(16).toString();
      if (!hex || !kinds.has(kind)) return null;
      return { userId: hex.slice(1).join('-'), kind };
    },
  };
}
