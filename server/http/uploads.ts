import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** A received file: its bytes wait in a temporary file until a handler accepts (stores) or refuses it. */
export type Upload = { filename: string; mimetype: string; path: string; size: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** Every file of a multipart request by field name, in the order received. */
    uploads?: Record<string, Upload[]>;
  }
}

/** Runs before a multipart body is read: authenticates and authorizes the caller for this operation. */
export type UploadGate = (req: FastifyRequest) => Promise<unknown>;
/** An operation open to visitors (no session): the rate limit and the size limits are its guard. */
export const openToVisitors: UploadGate = async () => undefined;

class FileTooLarge extends Error {
  readonly statusCode = 413;
}

/**
 * @fastify/multipart's `onFile` with `attachFieldsToBody: 'keyValues'`: each file streams into a
 * temporary file as it arrives, with the plugin's `fileSize` limit applied to the bytes as they come
 * (nothing is held in memory), and the body keeps only the file's name under the field, so the
 * contract's `{ type: string, format: binary }` validates it like any other field.
 */
export function streamUploadsTo(dir: string) {
  return async function keepUpload(this: FastifyRequest, part: MultipartFile): Promise<void> {
    await mkdir(dir, { recursive: true });
    const upload: Upload = { filename: part.filename, mimetype: part.mimetype, path: path.join(dir, `${randomUUID()}.upload`), size: 0 };
    // Listed before the first byte is written, so the clean-up finds it whatever happens next.
    this.uploads ??= {};
    this.uploads[part.fieldname] ??= [];
    this.uploads[part.fieldname]?.push(upload);
    try {
      await pipeline(part.file, createWriteStream(upload.path, { flags: 'wx' }));
    } catch (err) {
      await rm(upload.path, { force: true });
      throw err;
    }
    if (part.file.truncated) throw new FileTooLarge('file larger than the upload limit');
    upload.size = (await stat(upload.path)).size;
    (part as MultipartFile & { value: string }).value = part.filename;
  };
}

export function uploadOf(req: FastifyRequest, field: string): Upload | undefined {
  return req.uploads?.[field]?.at(-1);
}

export function uploadsOf(req: FastifyRequest, field: string): Upload[] {
  return req.uploads?.[field] ?? [];
}

const bodyOf = (req: FastifyRequest) => req.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined;
const takesFiles = (req: FastifyRequest) => Boolean(bodyOf(req)?.content?.['multipart/form-data']);

/**
 * The multipart parser serves every route, but ajv validates a body only for the content types a
 * route's contract names: a multipart body sent to a JSON route would reach its handler unchecked.
 * Such a request is refused (415) before its body is read.
 */
export async function refuseUndeclaredMultipart(req: FastifyRequest): Promise<void> {
  if (!req.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
  if (!takesFiles(req)) {
    throw Object.assign(new Error('multipart body not declared for this operation'), { statusCode: 415 });
  }
}

/**
 * Nobody's bytes are read before the caller is known to be allowed to send them: each operation that
 * takes files names its gate (`gates`, by operationId), run before the multipart plugin reads the body,
 * so an anonymous or foreign upload is answered at once and its body is never buffered or stored.
 * Register before @fastify/multipart (its reader is a preValidation hook too, and hooks run in order).
 * The temporary files are removed before the answer is sent, or when the client goes away.
 */
export function registerUploadGates(app: FastifyInstance, gates: Record<string, UploadGate>): void {
  app.addHook('onRoute', (route) => {
    const body = (route.schema?.body ?? {}) as { content?: Record<string, unknown> };
    const operation = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (body.content?.['multipart/form-data'] && !(operation && gates[operation])) {
      throw new Error(`operation ${operation ?? route.url} takes files but has no upload gate`);
    }
  });
  app.addHook('preValidation', async (req) => {
    if (!req.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
    const operation = (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    const gate = operation ? gates[operation] : undefined;
    if (!gate) throw new AppError(404, 'not_found');
    await gate(req);
  });
  const clean = async (req: FastifyRequest) => {
    const files = Object.values(req.uploads ?? {}).flat();
    req.uploads = undefined;
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
  };
  // Before the answer is written, so a caller that has its answer finds nothing left behind; after it too, for safety.
  app.addHook('onSend', async (req, _reply, payload) => {
    await clean(req);
    return payload;
  });
  app.addHook('onResponse', clean);
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) void clean(req);
    });
  });
}
