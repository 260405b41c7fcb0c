import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Depth past which a value is not searched further (ajv refuses what the contract does not nest anyway). */
const MAX_DEPTH = 8;

/** The path (`a.b.0`) of the first string holding a NUL, or null. */
function nulAt(value: unknown, at: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\0') ? at : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\0')) return at ? `${at}.${key.replace(/\0/g, '')}` : key.replace(/\0/g, '');
    const hit = nulAt(inner, at ? `${at}.${key}` : key, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text, and answered every such value with an error (a
 * 500) wherever it reached a query: sign-in, searches, the public forms. No text of the product
 * needs one, so a NUL anywhere in the path, the query or the body is refused up front as a field
 * error, before any handler writes anything.
 */
export async function refuseNulCharacters(req: FastifyRequest): Promise<void> {
  for (const part of [req.params, req.query, req.body]) {
    const field = nulAt(part, '', 0);
    if (field === null) continue;
    const name = !field || field === '*' ? (part === req.body ? 'body' : 'path') : field;
    throw new AppError(400, 'validation_failed', { [name]: (ll) => ll.errors.invalid_character() });
  }
}
