import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AjvCompiler, type BuildCompilerFromPool as Pool, type RouteDefinition } from '@fastify/ajv-compiler';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { Database } from './db/client';
import { LIVE_CHANNEL } from './db/live-signal';
import type { Deps } from './deps';
import { MAX_TASK_FILE_MIB } from './files/documents';
import { drainAfterResponse } from './http/after-response';
import { registerApiDocs } from './http/api-docs';
import { apiKeyRateLimit } from './http/api-key-limit';
import { decideCallerFirst, registerAuthentication, securityHandlers } from './http/authenticate';
import { refuseUndeclaredContentType, registerFormBodies, registerSentOnlyTypes } from './http/content-types';
import type { ServiceHandlers } from './http/contract';
import { registerErrorHandler } from './http/error-handler';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { translatorFor } from './http/i18n';
import { withRedaction } from './http/log-redaction';
import { registerPgliteGate } from './http/pglite-gate';
import { registerRateLimits } from './http/rate-limits';
import { keepRawBodies } from './http/raw-body';
import { registerStorageRoute } from './http/storage-route';
import { refuseNulCharacters } from './http/text-guard';
import { refuseUndeclaredMultipart, registerUploadGates, streamUploadsTo } from './http/uploads';
import { type AllHandlers, modules } from './modules';
import { menuCountsOf } from './modules/menu/counts';
import { createLiveHub } from './modules/notifications/live';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type RouteValidator = (route: RouteDefinition) => unknown;
const validatorPool = AjvCompiler();
/** Query and path values arrive as text and are coerced; a JSON body is not: 123 is no username. */
const buildValidator: Pool = (externalSchemas, ajv) => {
  const coercing = validatorPool(externalSchemas, ajv) as unknown as RouteValidator;
  const exactOptions = { ...ajv, customOptions: { ...ajv?.customOptions, coerceTypes: false } } as Parameters<Pool>[1];
  const exact = validatorPool(externalSchemas, exactOptions) as unknown as RouteValidator;
  const byPart: RouteValidator = (route) => (route.httpPart === 'body' ? exact : coercing)(route);
  return byPart as unknown as ReturnType<Pool>;
};

/** Every operation that takes files, with who may send them (http/uploads.ts registerUploadGates). */
const uploadGates = (deps: Deps) => Object.assign({}, ...modules.map((m) => m.uploadGates?.(deps) ?? {}));
const badges = modules.flatMap((m) => m.badges ?? []);
/**
 * The multipart reader's cap on one file: the largest any operation takes (a module's own, else the house's
 * document limit), and 1 MiB over it, so a file just past an operation's limit meets its checkSize (413
 * `file_too_large`, said by the field).
 */
const MAX_UPLOAD_BYTES = (Math.max(MAX_TASK_FILE_MIB, ...modules.map((m) => m.maxUploadMib ?? 0)) + 1) * 1024 * 1024;

/**
 * Hashed build files never change under their name; index.html names the current ones, so it is always
 * revalidated, as are the unhashed service worker (sw.js) and web app manifest: a new build's worker is
 * found on the next visit.
 */
export const cacheControlOf = (relativePath: string) => (relativePath.split(path.sep)[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache');

export type AppOptions = {
  deps: Deps;
  logger?: boolean | object;
  spaDir?: string;
  /** The database's LISTEN (db/client.ts), through which live streams hear of every process's notifications. */
  listen?: Database['listen'];
};

export async function buildApp({ deps, logger = false, spaDir = path.join(root, 'dist'), listen }: AppOptions) {
  const app = Fastify({
    logger: withRedaction(logger),
    // Off unless TRUST_PROXY names the proxies in front: X-Forwarded-For is the caller's to forge.
    // A hop count is proxy-addr's too, though Fastify's types name only lists and functions.
    trustProxy: deps.config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    ajv: {
      // Unknown fields are refused, not silently dropped; `example` and friends are allowed in the contract.
      customOptions: { removeAdditional: false, strict: false, coerceTypes: 'array', allErrors: true },
    },
    schemaController: { compilersFactory: { buildValidator } },
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'https://*.googleapis.com', 'https://*.firebaseio.com'],
        // The product is also served over plain http inside a company network.
        upgradeInsecureRequests: null,
      },
    },
  });
  // Only the embedded database (no DATABASE_URL) runs one query at a time.
  if (!deps.config.databaseUrl) registerPgliteGate(app, deps.config.pgliteMaxQueue);
  // First of the onRoute hooks: it moves only the contract's security handler to the start (authenticate.ts).
  decideCallerFirst(app, apiKeyRateLimit(deps.db, deps.config.apiKeyRateLimit));
  // The sign-in limits read the device cookie (http/device-cookie.ts).
  await deps.devices.register(app);
  await registerRateLimits(app, deps.config, deps.devices, deps.config.databaseUrl ? deps.db : undefined);
  app.addHook('onRequest', refuseUndeclaredContentType);
  registerSentOnlyTypes(app);
  registerFormBodies(app);
  app.addHook('onRequest', refuseUndeclaredMultipart);
  registerErrorHandler(app);
  drainAfterResponse(app);
  registerAuthentication(app, deps.db);
  // Before the multipart reader: the caller is authorized before a byte of its files is read.
  registerUploadGates(app, uploadGates(deps));
  // Multipart fields land in req.body so the contract validates them; files stream to temporary files (http/uploads.ts).
  const onFile = streamUploadsTo(path.join(deps.config.dataDir, 'tmp'));
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 100, fieldSize: 64 * 1024, parts: 120 },
    attachFieldsToBody: 'keyValues',
    onFile,
  });
  // After the multipart reader's own hook, so that its text fields are in the body it reads.
  app.addHook('preValidation', refuseNulCharacters);
  // A signed callback's bytes as sent (http/raw-body.ts).
  keepRawBodies(app);

  // Live notifications: each NOTIFY reaches the streams this process serves (modules/notifications/live.ts).
  const hub = createLiveHub(deps.db, (err) => app.log.error({ err }, 'live notification stream failed'), {
    countsOf: (users) => menuCountsOf(deps.db, users, badges),
    perSession: deps.config.streamsPerSession,
  });
  const unlisten = listen ? await listen(LIVE_CHANNEL, hub.signal) : null;
  // preClose, before the server waits for its connections to end: an open stream never would.
  app.addHook('preClose', async () => {
    hub.close();
    await unlisten?.();
  });

  const context = { ...deps, hub, badges };
  const built: AllHandlers = Object.assign({}, ...modules.map((m) => m.handlers(context)));
  // Does not compile while an operation of the contract has no handler in any module.
  const serviceHandlers: ServiceHandlers = built;
  await app.register(openapiGlue, {
    specification: path.join(root, 'openapi.yaml'),
    serviceHandlers,
    securityHandlers,
    prefix: 'api',
  });
  await registerApiDocs(app, path.join(root, 'openapi.yaml'));

  registerStorageRoute(app, deps.config.storagePublicPath, deps.storage, deps.links);
  const hasSpa = existsSync(path.join(spaDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: spaDir,
      prefix: '/',
      wildcard: false,
      // The build writes .br and .gz beside each file (vite.config.ts): sent as the client accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('Cache-Control', cacheControlOf(path.relative(spaDir, filePath))),
    });
  }

  // Unknown API paths answer JSON 404; every other path is the SPA, whose router shows its own 404 page.
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !hasSpa || !['GET', 'HEAD'].includes(req.method)) {
      const ll = translatorFor(req);
      return reply.status(404).send({ error: { code: 'not_found', message: ll.errors.not_found() } });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', spaDir);
  });
  return app;
}
