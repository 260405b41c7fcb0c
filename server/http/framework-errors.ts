import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { translatorFor } from './i18n';

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode, or a path segment longer than the router
 * takes, is answered before any route runs, so without this in Fastify's own shape, not ours.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const ll = translatorFor(req);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ error: { code: 'uri_too_long', message: ll.errors.uri_too_long() } });
    return;
  }
  void reply.status(400).send({ error: { code: 'validation_failed', message: ll.errors.validation_failed() } });
}

/**
 * Node's `clientError`: a request line or headers too long (431, 414) or unparsable (400) never
 * reach Fastify. The answer is still JSON in the error shape, in Russian (no headers were read).
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(err);
    return;
  }
  const ll = translatorFor({ headers: {} } as FastifyRequest);
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'uri_too_long', ll.errors.uri_too_long()]
      : err.code === 'HPE_URI_TOO_LONG'
        ? [414, 'uri_too_long', ll.errors.uri_too_long()]
        : [400, 'validation_failed', ll.errors.validation_failed()];
  const body = JSON.stringify({ error: { code, message } });
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 414 ? 'URI Too Long' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
