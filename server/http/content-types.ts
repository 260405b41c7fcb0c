import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The media type of a Content-Type header: lower case, without parameters (`; charset=utf-8`). */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Fastify parses text/plain (and multipart, registered for the upload routes) for every route, but
 * ajv validates a body only under the content types an operation declares: any other type reached
 * the handler unchecked. So a body is refused (415) unless the operation declares its type, before
 * the body is read. Routes outside the contract (files, the SPA) take no bodies at all.
 */
export async function refuseUndeclaredContentType(req: FastifyRequest): Promise<void> {
  if (!hasBody(req)) return;
  const body = req.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined;
  const declared = body ? Object.keys(body.content ?? { 'application/json': true }) : [];
  if (!declared.includes(mediaTypeOf(req.headers['content-type']))) throw new AppError(415, 'unsupported_media_type');
}

/** What the API only ever sends: exports, a lease template's preview, invoices and statements as PDF, the live stream, the calendar feed, an import's CSV file (a unit test holds it to the contract). */
export const SENT_ONLY = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/event-stream',
  'text/calendar',
  'text/csv',
];

/**
 * fastify-openapi-glue wants a body parser for every media type the contract names, answers included,
 * and warns at each start for those it lacks. These parsers are never reached (no operation takes such a
 * body, so refuseUndeclaredContentType answers 415 first); they only keep the start quiet.
 */
export function registerSentOnlyTypes(app: FastifyInstance): void {
  app.addContentTypeParser(SENT_ONLY, (_req, _payload, done) => done(new AppError(415, 'unsupported_media_type'), undefined));
}

/**
 * HTML forms' bodies, as a mail client's one-click unsubscribe posts them (RFC 8058: `List-Unsubscribe=One-Click`).
 * Taken only by an operation that declares the type (refuseUndeclaredContentType); a field given twice keeps its last value.
 */
export function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
