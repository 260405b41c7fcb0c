import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as sent, kept for an operation with `x-fastify-config: { rawBody: true }` (a signed callback). */
    rawBody?: Buffer;
  }
  interface FastifyContextConfig {
    rawBody?: boolean;
  }
}

/**
 * A signature is over the bytes sent, which parsed JSON no longer has: an operation that asks for it
 * (`x-fastify-config: { rawBody: true }`) keeps them on the request, and the parser reads a copy. The
 * body limit still holds: the parser's own check runs on the copy.
 */
export function keepRawBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (!req.routeOptions.config?.rawBody) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += bytes.length;
      // Past the limit nothing more is kept; the parser refuses the copy (413).
      if (size > (req.routeOptions.bodyLimit ?? 1024 * 1024)) break;
      chunks.push(bytes);
    }
    req.rawBody = Buffer.concat(chunks);
    return Readable.from([req.rawBody]);
  });
}
