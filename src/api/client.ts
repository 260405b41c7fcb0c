import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';
import { clearToken, readToken } from './token';

export type Schemas = components['schemas'];
export type ApiError = Schemas['Error']['error'];

type Hooks = { language: () => string; onUnauthorized: () => void };
// The shell wires these once at start-up (language from i18n, 401 -> session machine).
const hooks: Hooks = { language: () => 'ru', onUnauthorized: () => {} };
export function configureApi(next: Partial<Hooks>): void {
  Object.assign(hooks, next);
}

const headersMiddleware: Middleware = {
  onRequest({ request }) {
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    request.headers.set('Cache-Control', 'no-cache');
    request.headers.set('Pragma', 'no-cache');
    request.headers.set('Accept-Language', hooks.language());
    if (request.method === 'GET') {
      const url = new URL(request.url);
      url.searchParams.set('_t', String(Date.now()));
      return new Request(url, request);
    }
    return request;
  },
  onResponse({ request, response }) {
    // A 401 on an authenticated call clears both stores and ends the session.
    if (response.status === 401 && request.headers.has('Authorization')) {
      clearToken();
      hooks.onUnauthorized();
    }
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: '/api' });
api.use(headersMiddleware);

/** Thrown by `unwrap` so TanStack Query and forms see one error type. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }
}

/** Turns an openapi-fetch result into data or an ApiRequestError (network failures included). */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const body = (error as { error?: ApiError } | undefined)?.error;
  throw new ApiRequestError(response.status, body ?? { code: 'http_' + response.status, message: response.statusText });
}

/** What to tell the user about a failed call: the server's own message (in their language), else `fallback`. */
export const messageOf = (err: unknown, fallback: string) => (err instanceof ApiRequestError ? err.message : fallback);

type Part = string | Blob | readonly Blob[] | null | undefined;

/**
 * The one way to send a multipart body: openapi-fetch types a file as a string, so the parts are given
 * as they are and written to a FormData here. A list repeats its name; blank and missing parts are left out.
 */
export function multipart(parts: Record<string, Part>) {
  return {
    body: parts as never,
    bodySerializer: () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(parts)) {
        if (value == null || (typeof value === 'string' && value.trim() === '')) continue;
        for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
      }
      return form;
    },
  };
}

/** `name[i]` parts of a list (recipients[i], files[i], as the contract names them). */
export const indexed = (name: string, values: readonly (string | Blob)[]) => Object.fromEntries(values.map((v, i) => [`${name}[${i}]`, v]));
