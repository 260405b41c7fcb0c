import { createHmac, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
  /** Registers the cookie parser (@fastify/cookie), signing with this server's key. */
  register(app: FastifyInstance): Promise<void>;
  /** Sets the cookie on the answer to a browser that has just signed in. */
  issue(req: FastifyRequest, reply: FastifyReply): void;
  /** The device (its nonce) of the request's cookie when this server signed it for the login it names; else null. */
  deviceOf(req: FastifyRequest): string | null;
};

/** `secret` is the server's own (FILES_SECRET or the one in DATA_DIR): a key of its own is derived from it. */
export function deviceCookies(secret: string): DeviceCookies {
  const key = createHmac('sha256', secret).update('login device cookie').digest('base64url');
  return {
    register: async (app) => {
      await app.register(fastifyCookie, { secret: key });
    },
    issue(req, reply) {
      const value = `${Buffer.from(loginOf(req)).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
      reply.setCookie(DEVICE_COOKIE, value, {
        signed: true,
        path: PATH,
        maxAge: MAX_AGE_SECONDS,
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
      });
    },
    deviceOf(req) {
      const raw = req.cookies[DEVICE_COOKIE];
      const unsigned = raw ? req.unsignCookie(raw) : null;
      if (!unsigned?.valid || !unsigned.value) return null;
      const [login, nonce, ...extra] = unsigned.value.split('.');
      if (!login || !nonce || extra.length > 0) return null;
      return Buffer.from(login, 'base64url').toString() === loginOf(req) ? nonce : null;
    },
  };
}
