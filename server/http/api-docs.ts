import { readFileSync } from 'node:fs';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';

/**
 * What @fastify/swagger would give @fastify/swagger-ui, for a hand-written contract: the spec as it is,
 * with no route scanning. swagger-ui declares @fastify/swagger as a dependency by its plugin name, so
 * this stand-in carries that name (the marks fastify-plugin would set: shared scope, name).
 */
function staticSpec(specPath: string) {
  const text = readFileSync(specPath, 'utf8');
  const spec = parse(text) as object;
  const plugin = async (app: FastifyInstance) => {
    app.decorate('swagger', (opts?: { yaml?: boolean }) => (opts?.yaml ? text : spec));
  };
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: '@fastify/swagger',
    [Symbol.for('plugin-meta')]: { name: '@fastify/swagger' },
  });
  return plugin;
}

/**
 * The API reference at /api/docs: Swagger UI's files come from node_modules (nothing from a CDN, so it
 * works offline) under the app's own CSP; the spec it renders is /api/docs/json (or /yaml).
 */
export async function registerApiDocs(app: FastifyInstance, specPath: string): Promise<void> {
  await app.register(staticSpec(specPath));
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No call to the public validator: the page stays offline.
    validatorUrl: false,
    uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: false },
    theme: { title: 'Mall CRM API' },
  });
}
