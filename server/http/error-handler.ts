import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionLost, RECONNECT_RETRY_SECONDS } from '../db/connection-lost';
import { AppError } from './errors';
import { type LL, translatorFor } from './i18n';

type AjvIssue = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
};

/** Field name of an ajv issue: the missing/unknown property, else the last segment of its path. */
function fieldOf(issue: AjvIssue): string {
  if (issue.keyword === 'required') return String(issue.params.missingProperty);
  if (issue.keyword === 'additionalProperties') return String(issue.params.additionalProperty);
  const segments = issue.instancePath.split('/').filter(Boolean);
  return segments.join('.') || 'body';
}

function messageOf(issue: AjvIssue, field: string, ll: LL): string {
  switch (issue.keyword) {
    case 'required':
      return ll.validation.required();
    case 'additionalProperties':
      return ll.errors.unknown_field();
    case 'minLength':
      return Number(issue.params.limit) <= 1 ? ll.validation.required() : ll.validation.minLength({ min: Number(issue.params.limit) });
    case 'maxLength':
      return ll.validation.maxLength({ max: Number(issue.params.limit) });
    case 'pattern':
    case 'format':
      if (/email/i.test(field)) return ll.validation.email();
      if (/phone/i.test(field)) return ll.validation.phone();
      if (/(^|_)(bin|iin|bin_iin)$/i.test(field)) return ll.validation.binIin();
      return ll.errors.wrong_type();
    default:
      return ll.errors.wrong_type();
  }
}

function send(reply: FastifyReply, status: number, code: string, message: string, fields?: Record<string, string>) {
  return reply.status(status).send({ error: fields ? { code, message, fields } : { code, message } });
}

/** SQLSTATE class 22 (data exception: a number out of range, bad text for a type, NUL in text) is the caller's input. */
function isDataException(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}

/** What the multipart parser throws for a body without a boundary or cut short: not the server's fault. */
function isMalformedMultipart(err: FastifyError): boolean {
  if (['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_MP_PREMATURE_CLOSE', 'FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR'].includes(err.code)) return true;
  return /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header|.* terminated early due to unexpected end of multipart data)/.test(
    err.message ?? '',
  );
}

/** One error shape everywhere, in the caller's language, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { errors?: unknown[]; ttl?: number }, req: FastifyRequest, reply: FastifyReply) => {
    const ll = translatorFor(req);
    if (err instanceof AppError) {
      const fields = err.fields && Object.fromEntries(Object.entries(err.fields).map(([k, m]) => [k, m(ll)]));
      const message = (ll.errors[err.code] as (p?: unknown) => string)(err.params);
      return send(reply, err.statusCode, err.code, message, fields);
    }
    if (err.validation) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation as AjvIssue[]) {
        const field = fieldOf(issue);
        fields[field] ??= messageOf(issue, field, ll);
      }
      return send(reply, 400, 'validation_failed', ll.errors.validation_failed(), fields);
    }
    // fastify-openapi-glue's SecurityError carries what our bearer handler threw.
    if (err.name === 'Unauthorized' && Array.isArray(err.errors)) {
      const inner = err.errors.find((e): e is AppError => e instanceof AppError);
      const code = inner?.code === 'session_expired' ? 'session_expired' : 'unauthorized';
      return send(reply, 401, code, ll.errors[code]());
    }
    if (err.statusCode === 429) {
      const seconds = Math.max(1, Math.ceil((err.ttl ?? 60_000) / 1000));
      return send(reply, 429, 'rate_limited', ll.errors.rate_limited({ seconds }));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return send(reply, 413, 'payload_too_large', ll.errors.payload_too_large());
    }
    if (err.statusCode === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, 415, 'unsupported_media_type', ll.errors.unsupported_media_type());
    }
    if (isMalformedMultipart(err)) return send(reply, 400, 'malformed_body', ll.errors.malformed_body());
    // A backstop behind the contract's limits: whatever input the database refuses is still a 400.
    if (isDataException(err)) return send(reply, 400, 'validation_failed', ll.errors.validation_failed());
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's fault, said plainly.
      return send(reply, err.statusCode, 'validation_failed', ll.errors.validation_failed());
    }
    // The database dropped its connections (a restart, a failover): the pool opens new ones, so the
    // caller is told to come back shortly rather than that something is broken.
    if (isConnectionLost(err)) {
      req.log.warn({ err }, 'database connection lost during the request');
      const seconds = RECONNECT_RETRY_SECONDS;
      reply.header('retry-after', String(seconds));
      return send(reply, 503, 'database_unavailable', ll.errors.database_unavailable({ seconds }));
    }
    req.log.error(err);
    return send(reply, 500, 'internal', ll.errors.internal());
  });
}
