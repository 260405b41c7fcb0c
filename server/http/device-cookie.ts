import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * OWASP's device cookie: a browser that has signed in as a user gets a signed cookie naming that login
 * and a random nonce. Its sign-ins as that login pass the per-address limit (an office behind one
 * address is not locked out by someone spraying from it) and count against the device instead
 * (rate-limits.ts). Sent only to the sign-in call; nothing is stored on the server.
 */
export const DEVICE_COOKIE = 'crm_device';
const PATH = '/api/auth/login';
const MAX_AGE_SECONDS = 180 * 24 * 3600;

/** The login a sign-in names, as the limits compare it. */
export const loginOf = (req: FastifyRequest) =>
  String((req.body as { username?: unknown } | undefined)?.username ?? '')
    .trim()
    .toLowerCase();

export type DeviceCookies = {
  /** The Set-Cookie value for a browser that has just signed in. */
  issue(req: FastifyRequest): string;
  /** The device (its nonce) of the request's cookie when this server signed it for the login it names; else null. */
  deviceOf(req: FastifyRequest): string | null;
};

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/** `secret` is the server's own (FILES_SECRET or the one in DATA_DIR): a key of its own is derived from it. */
export function deviceCookies(secret: string): DeviceCookies {
  const key = createHmac('sha256', secret).update('login device cookie').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(req) {
      const payload = `${Buffer.from(loginOf(req)).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
      const secure = req.protocol === 'https' ? '; Secure' : '';
      return `${DEVICE_COOKIE}=${payload}.${sign(payload)}; Path=${PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
    },
    deviceOf(req) {
      const [login, nonce, signature, ...extra] = (cookieValue(req.headers.cookie, DEVICE_COOKIE) ?? '').split('.');
      if (!login || !nonce || !signature || extra.length > 0) return null;
      const expected = Buffer.from(sign(`${login}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Buffer.from(login, 'base64url').toString() === loginOf(req) ? nonce : null;
    },
  };
}
