import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FileLinks } from '../storage/file-links';
import type { Storage } from '../storage/storage';
import { notFound } from './errors';

const contentTypes: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const images = new Set(['.png', '.jpg', '.webp']);

/** Keys are made by the server: folders and a file name of plain characters, never `..`. */
const KEY = /^[\w-]+(\/[\w-]+)*\/[\w-]+\.[a-z]+$/;

/**
 * `attachment; filename="D-2026_017.docx"; filename*=UTF-8''%D0%94-2026_017.docx`: the link's signed
 * name, so a download is saved as the file people know rather than its storage key; an ASCII fallback
 * for old clients, the exact name in RFC 5987 form.
 */
export function disposition(kind: 'inline' | 'attachment', name: unknown): string {
  if (typeof name !== 'string' || !name) return kind;
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * The stored files at STORAGE_PUBLIC_PATH. Logos are public. Every other file is a document of a
 * record and is answered only for a valid signed link (file-links.ts), else 404 like a file that does
 * not exist; it is sent as private, sandboxed, never sniffed, and downloaded rather than shown unless
 * it is a picture, so a document can never run as a page of this origin.
 */
export function registerStorageRoute(app: FastifyInstance, publicPath: string, storage: Storage, links: FileLinks): void {
  app.get(`${publicPath}*`, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const query = req.query as Record<string, unknown>;
    const ext = path.extname(key).toLowerCase();
    const type = contentTypes[ext];
    if (!KEY.test(key) || !type) throw notFound();
    const isLogo = key.startsWith('logos/');
    if (!isLogo && !links.verify(key, query.expires, query.signature, query.name)) throw notFound();
    const file = await storage.open(key);
    if (!file) throw notFound();
    reply.header('Content-Type', type).header('Content-Length', file.size).header('X-Content-Type-Options', 'nosniff');
    // A logo is shown by <img>, never as a page: an SVG opened on its own runs in a sandbox too.
    if (isLogo) return reply.header('Cache-Control', 'public, max-age=0').header('Content-Security-Policy', 'sandbox').send(file.body);
    const left = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
    return reply
      .header('Cache-Control', `private, max-age=${left}`)
      .header('Content-Security-Policy', 'sandbox')
      .header('Content-Disposition', disposition(images.has(ext) ? 'inline' : 'attachment', query.name))
      .send(file.body);
  });
}
