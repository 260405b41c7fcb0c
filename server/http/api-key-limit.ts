import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client';
import { apiKeyRateLimits } from '../db/schema';
import { AppError } from './errors';

/**
 * Each API key's calls a minute, counted in the database (one atomic UPSERT per call in
 * api_key_rate_limits), so every API process behind a balancer counts one key together; on PGlite,
 * the one process's own table. Past the limit: 429 with Retry-After, before the call is looked at.
 */
export function apiKeyRateLimit(db: Db, perMinute: number) {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: apiKeyRateLimits,
    points: perMinute,
    duration: 60,
    keyPrefix: 'api-key',
    // One row per key, reused each minute: nothing piles up to sweep, and no timer outlives the app.
    clearExpiredByTimeout: false,
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const key = req.user?.apiKey;
    if (!key) return;
    try {
      await limiter.consume(key.id);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      reply.header('retry-after', String(seconds));
      throw new AppError(429, 'key_rate_limited', undefined, { seconds });
    }
  };
}
