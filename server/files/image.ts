import { magicOf } from './magic';
import { sanitizeSvg } from './svg';

/**
 * What a logo may be, told by its first bytes: never by the file's name or the browser's claim.
 * For an SVG, `data` is the sanitiser's output: the bytes to store.
 */
export type ImageKind = { ext: 'png' | 'jpg' | 'webp' | 'svg'; contentType: string; data?: Buffer };

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

// An SVG is text whose first element is <svg>, after an optional BOM, XML declaration, comments and doctype.
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

export async function detectImage(data: Buffer): Promise<ImageKind | null> {
  const magic = await magicOf(data);
  if (magic) return magic.ext === 'pdf' ? null : { ext: magic.ext, contentType: magic.contentType };
  if (data.includes(0)) return null; // binary, so not an SVG
  const text = data.toString('utf8');
  if (!SVG_START.test(text.slice(0, 4096))) return null;
  // Served from our own origin, an SVG must not script, link, fetch or animate: refused rather than cleaned (svg.ts).
  const safe = sanitizeSvg(text);
  return safe ? { ext: 'svg', contentType: 'image/svg+xml', data: safe } : null;
}
