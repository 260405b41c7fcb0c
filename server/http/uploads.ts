import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

export type Upload = { filename: string; mimetype: string; data: Buffer };

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request by field name, read into memory before validation. */
    uploads?: Record<string, Upload>;
    /** Every file of a field, for fields that take several (the last one is also in `uploads`). */
    uploadLists?: Record<string, Upload[]>;
  }
}

/**
 * @fastify/multipart's `onFile` with `attachFieldsToBody: 'keyValues'`: the bytes go to
 * `req.uploads`, and the body keeps only the file's name under the field. The contract's
 * `{ type: string, format: binary }` then validates the body like any other, and nothing reaches
 * the disk before a handler has checked the file (a refused upload leaves nothing behind).
 */
export async function keepUpload(this: FastifyRequest, part: MultipartFile): Promise<void> {
  const data = await part.toBuffer(); // throws 413 past the plugin's fileSize limit
  const upload = { filename: part.filename, mimetype: part.mimetype, data };
  (this.uploads ??= {})[part.fieldname] = upload;
  ((this.uploadLists ??= {})[part.fieldname] ??= []).push(upload);
  (part as MultipartFile & { value: string }).value = part.filename;
}

export function uploadOf(req: FastifyRequest, field: string): Upload | undefined {
  return req.uploads?.[field];
}

export function uploadsOf(req: FastifyRequest, field: string): Upload[] {
  return req.uploadLists?.[field] ?? [];
}

/**
 * The multipart parser serves every route, but ajv validates a body only for the content types a
 * route's contract names: a multipart body sent to a JSON route would reach its handler unchecked.
 * Such a request is refused (415) before its body is read.
 */
export async function refuseUndeclaredMultipart(req: FastifyRequest): Promise<void> {
  if (!req.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
  const body = req.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined;
  if (!body?.content?.['multipart/form-data']) {
    throw Object.assign(new Error('multipart body not declared for this operation'), { statusCode: 415 });
  }
}
