import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { scopeOfOperation, scopesAllow } from '#/shared/api-key-scopes';
import { KEY_PREFIX, resolveApiKey } from '../auth/api-keys';
import { type AuthedUser, resolveSession } from '../auth/sessions';
import type { Db } from '../db/client';
import { callerOf, requireRole } from './caller';
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
    const resolve = token.startsWith(KEY_PREFIX) ? resolveApiKey : resolveSession;
    const result = token.length > 0 && token.length <= 200 ? await resolve(db, token) : null;
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

/** What an operation of openapi.yaml brings to its route's schema: its id and, if restricted, its roles. */
type OperationSchema = { operationId?: string; tags?: string[]; 'x-roles'?: AuthedUser['role'][]; 'x-scope'?: string };

/**
 * The caller (401) and its role (403) are decided as the request starts, before its body is read and
 * the contract validates it: a renter's call to a superadmin's operation hears 403, not which fields
 * it lacks, and a call without a session 401, not 400. fastify-openapi-glue runs an operation's
 * security handler as a preHandler, after validation: it moves to the route's onRequest (after the
 * session hook above), followed by an API key's rate and scope and the operation's `x-roles`
 * (openapi.yaml), the roles it is open to.
 * Register before the contract's routes and before any other hook that adds preHandlers to them (the
 * sign-in limits read the parsed body there): only the security handler moves.
 */
export function decideCallerFirst(app: FastifyInstance, limitKey: onRequestHookHandler): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as OperationSchema | undefined;
    if (!schema?.operationId) return;
    const first: onRequestHookHandler[] = [];
    if (Array.isArray(route.preHandler)) throw new Error(`decideCallerFirst must see ${schema.operationId} before other preHandlers are added`);
    if (route.preHandler) {
      first.push(route.preHandler as onRequestHookHandler);
      route.preHandler = undefined;
      // An API key's calls are counted (and refused past its rate) whatever they ask.
      first.push(limitKey);
      // An API key passes only within its scopes (src/shared/api-key-scopes.ts), before the role is looked at.
      const scope = scopeOfOperation({ tags: schema.tags, method: [route.method].flat()[0] ?? 'GET', xScope: schema['x-scope'] });
      first.push(async (req) => {
        const key = req.user?.apiKey;
        if (key && !(scope && scopesAllow(key.scopes, scope))) throw new AppError(403, 'key_scope');
      });
    }
    const roles = schema['x-roles'];
    if (roles) first.push(async (req) => requireRole(callerOf(req), ...roles));
    if (first.length > 0) route.onRequest = [...[route.onRequest ?? []].flat(), ...first];
  });
}
