import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthedUser, resolveSession } from '../auth/sessions';
import type { Db } from '../db/client';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthedUser | null;
    /** Why the bearer token was refused, for the 401 the security handler gives. */
    authFailure: 'session_expired' | 'unauthorized' | null;
  }
}

/** Auth in one hook: every /api request with a bearer token gets its user (or a reason) resolved once. */
export function registerAuthentication(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('authFailure', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    const result = token.length > 0 && token.length <= 200 ? await resolveSession(db, token) : null;
    if (result === 'expired') req.authFailure = 'session_expired';
    else if (result === null) req.authFailure = 'unauthorized';
    else req.user = result;
  });
}

/** fastify-openapi-glue's handler for the `bearerAuth` scheme of openapi.yaml. */
export const securityHandlers = {
  async bearerAuth(req: FastifyRequest) {
    if (!req.user) throw new AppError(401, req.authFailure ?? 'unauthorized');
  },
};
