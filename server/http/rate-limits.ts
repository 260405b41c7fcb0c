import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

const MINUTE = 60_000;

/** Named policies; openapi.yaml refers to them as `x-fastify-config: { rateLimit: <name> }`. */
function policies(config: Config) {
  return {
    // Per username and address, counted after the body is parsed.
    login: {
      max: config.loginRateLimit,
      timeWindow: 15 * MINUTE,
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => {
        const body = req.body as { username?: unknown } | undefined;
        return `login|${req.ip}|${String(body?.username ?? '').trim().toLowerCase()}`;
      },
    },
    restore: { max: 5, timeWindow: 15 * MINUTE },
    publicForm: { max: 10, timeWindow: 10 * MINUTE },
  };
}

export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const named = policies(config);
  // Runs before @fastify/rate-limit's own onRoute hook, which then sees a full policy object.
  app.addHook('onRoute', (route) => {
    const name = route.config && (route.config as { rateLimit?: unknown }).rateLimit;
    if (typeof name === 'string') {
      const policy = named[name as keyof typeof named];
      if (!policy) throw new Error(`unknown rate-limit policy ${name}`);
      (route.config as { rateLimit?: unknown }).rateLimit = policy;
    }
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error('rate limited'), { statusCode: 429, ttl: ctx.ttl }),
  });
}
