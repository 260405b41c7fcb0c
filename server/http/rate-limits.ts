import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type DeviceCookies, loginOf } from './device-cookie';
import { addressKey, failedLoginLimit } from './failed-login-limit';
import { rateLimitStore, sharedWindows } from './rate-limit-store';

const MINUTE = 60_000;

/** Named policies; openapi.yaml refers to them as `x-fastify-config: { rateLimit: <name> }`. */
function policies(config: Config) {
  return {
    // Per user: the current password asked before a change is guessed no faster than at sign-in.
    passwordCheck: {
      max: config.loginRateLimit,
      timeWindow: 15 * MINUTE,
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => `password|${req.user?.id ?? req.ip}`,
    },
    restore: { max: 5, timeWindow: 15 * MINUTE },
    // Per user: Telegram's deep links are made one at a time, by hand; a script making thousands is stopped.
    telegramLink: {
      max: 10,
      timeWindow: 15 * MINUTE,
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => `telegram-link|${req.user?.id ?? req.ip}`,
    },
    publicForm: { max: 10, timeWindow: 10 * MINUTE },
    // A calendar app polls its feed now and then, but one address may stand for many subscribers (a provider's fetchers).
    calendarFeed: { max: 120, timeWindow: 10 * MINUTE },
  };
}

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
type HookSlot = Hook | Hook[] | undefined;
const withHook = (slot: HookSlot, hook: Hook): Hook[] => [...(Array.isArray(slot) ? slot : slot ? [slot] : []), hook];

/**
 * On PostgreSQL (`db` given) the windows are shared by every API process on the database; PGlite is
 * one process and counts in memory.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, devices: DeviceCookies, db?: Db): Promise<void> {
  const named = policies(config);
  const shared = db ? sharedWindows(db) : undefined;
  // A sign-in from a browser that has signed in as that login before (device-cookie.ts) counts against
  // its device, LOGIN_RATE_LIMIT failures, and then is counted like any other.
  const trusted = new WeakSet<FastifyRequest>();
  const deviceOf = (req: FastifyRequest) => {
    const device = devices.deviceOf(req);
    if (device) trusted.add(req);
    return device;
  };
  const untrusted = (key: (req: FastifyRequest) => string) => (req: FastifyRequest) => (trusted.has(req) ? null : key(req));
  // Sign-in counts only failures (failed-login-limit.ts), per device, per address and per username and address.
  const login = [
    failedLoginLimit('login-device', config.loginRateLimit, deviceOf, shared, (req) => trusted.delete(req)),
    failedLoginLimit(
      'login-address',
      config.loginAddressRateLimit,
      untrusted((req) => addressKey(req.ip)),
      shared,
    ),
    failedLoginLimit(
      'login',
      config.loginRateLimit,
      untrusted((req) => `${req.ip}|${loginOf(req)}`),
      shared,
    ),
  ];
  // Runs before @fastify/rate-limit's own onRoute hook, which then sees a full policy object.
  app.addHook('onRoute', (route) => {
    const name = route.config && (route.config as { rateLimit?: unknown }).rateLimit;
    if (name === 'login') {
      (route.config as { rateLimit?: unknown }).rateLimit = false;
      const hooks = route as unknown as { preHandler?: HookSlot; onResponse?: HookSlot };
      for (const limit of login) {
        hooks.preHandler = withHook(hooks.preHandler, limit.check);
        hooks.onResponse = withHook(hooks.onResponse, limit.count);
      }
    } else if (typeof name === 'string') {
      const policy = named[name as keyof typeof named];
      if (!policy) throw new Error(`unknown rate-limit policy ${name}`);
      (route.config as { rateLimit?: unknown }).rateLimit = policy;
    }
  });
  await app.register(rateLimit, {
    global: false,
    ...(shared && { store: rateLimitStore(shared) }),
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error('rate limited'), { statusCode: 429, ttl: ctx.ttl }),
  });
}
