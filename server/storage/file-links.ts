import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Documents (task, request and questionnaire files) are private: the API hands a link to a file only
 * to a caller who may see its record, and the link is signed (HMAC over key and expiry with the
 * server's secret) and short-lived, so it cannot be guessed, altered or kept. Logos stay public.
 */
export type FileLinks = {
  /** The signed, expiring address of a stored document; `name` (signed too) is what the download is saved as. */
  url(key: string, name?: string | null): string;
  /** Whether `expires`, `signature` and `name` (the link's query) are this server's, for this key, and not past. */
  verify(key: string, expires: unknown, signature: unknown, name?: unknown): boolean;
};

/** A link lives at least this long; expiries are rounded up to the window, so a page's links stay the same (and cacheable) for a while. */
export const LINK_TTL_SECONDS = 15 * 60;
const WINDOW_SECONDS = 5 * 60;

export function fileLinks(secret: string, publicPath: string, now: () => number = Date.now): FileLinks {
  // The name is signed with the key so a link cannot be made to save a file under another name.
  const sign = (key: string, expires: number, name: string) =>
    createHmac('sha256', secret)
      .update(name ? `${key}\n${expires}\n${name}` : `${key}\n${expires}`)
      .digest('base64url');
  return {
    url(key, name) {
      const expires = Math.ceil((now() / 1000 + LINK_TTL_SECONDS) / WINDOW_SECONDS) * WINDOW_SECONDS;
      const named = name ? `&name=${encodeURIComponent(name)}` : '';
      return `${publicPath}${key}?expires=${expires}${named}&signature=${sign(key, expires, name ?? '')}`;
    },
    verify(key, expires, signature, name) {
      if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
      if (name !== undefined && typeof name !== 'string') return false;
      const at = Number(expires);
      if (at * 1000 <= now()) return false;
      const expected = Buffer.from(sign(key, at, name ?? ''));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * The secret links are signed with. FILES_SECRET when set (several API processes must share it, see
 * README); otherwise a random secret kept in DATA_DIR, made once, so links survive a restart and every
 * process on the same data folder agrees. Never a fresh random per process: another process would
 * refuse its links.
 */
export async function filesSecretOf(configured: string | null, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'files-secret');
  await mkdir(dataDir, { recursive: true });
  // `wx`: of two processes starting together, one writes and both read the same secret.
  await writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: remove it or set FILES_SECRET`);
  return secret;
}
