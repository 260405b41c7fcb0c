import type { FastifyRequest } from 'fastify';

const HIDDEN = '[redacted]';

/**
 * A live reset or first-login token is a password for an hour: it must not land in an access log.
 * It travels in the path of `/api/auth/password-token/{token}` and as `?token=` of the SPA's pages; a
 * document's signed link (`?signature=`) opens the document for anyone until it expires; a live
 * stream's `?ticket=` opens the user's notifications (once, within a minute); a calendar feed's file
 * name (`/api/calendar/feed/{secret}.ics`) shows its user's calendar until the user makes a new one; a
 * mail's unsubscribe token (`/unsubscribe/{token}`, the page's and the API's) turns its person's mail off.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = splitOnce(url, '?');
  const safePath = path.replace(/(\/auth\/password-token\/|\/calendar\/feed\/|\/unsubscribe\/)[^/]+/i, `$1${HIDDEN}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => (/^(token|access_token|signature|ticket)(=|$)/i.test(pair) ? `${pair.split('=')[0]}=${HIDDEN}` : pair))
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function splitOnce(text: string, sep: string): [string, string | undefined] {
  const i = text.indexOf(sep);
  return i < 0 ? [text, undefined] : [text.slice(0, i), text.slice(i + 1)];
}

/** Fastify's own request serializer, with the address redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger options given to Fastify, with the redacting request serializer added. */
export function withRedaction(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const base = logger === true ? {} : (logger as { serializers?: Record<string, unknown> });
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } };
}
