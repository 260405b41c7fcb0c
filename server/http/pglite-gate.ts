import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translatorFor } from './i18n';

const counted = Symbol('counted by the PGlite gate');
/** The live stream (notifications' SSE) stays open for hours: it is no request in flight (its reads are short ones). */
const STREAM_ROUTE = '/api/notifications/stream';
type Counted = FastifyRequest & { [counted]?: boolean };

/**
 * PGlite runs one query at a time in this process: under a burst every request waits in one line,
 * and at a few hundred connections they all time out together. Past `max` API requests in flight,
 * a new one is answered 503 at once, with Retry-After, so the ones admitted finish and the caller
 * knows to come back. PostgreSQL has its own pool and queue; the gate is for PGlite only.
 */
export function registerPgliteGate(app: FastifyInstance, max: number): void {
  let inFlight = 0;
  const release = (req: Counted) => {
    if (!req[counted]) return;
    req[counted] = false;
    inFlight -= 1;
  };
  app.addHook('onRequest', async (req: Counted, reply) => {
    if (!req.url.startsWith('/api/') || req.routeOptions.url === STREAM_ROUTE) return;
    if (inFlight >= max) {
      const ll = translatorFor(req);
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ error: { code: 'service_busy', message: ll.errors.service_busy({ seconds: 1 }) } });
    }
    inFlight += 1;
    req[counted] = true;
  });
  app.addHook('onResponse', async (req: Counted) => release(req));
  app.addHook('onRequestAbort', async (req: Counted) => release(req));
}
