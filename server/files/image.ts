import { sanitizeSvg } from './svg';

/**
 * What a logo may be, told by its first bytes: never by the file's name or the browser's claim.
 * For an SVG, `data` is the sanitiser's output: the bytes to store.
 */
export type ImageKind = { ext: 'png' | 'jpg' | 'webp' | 'svg'; contentType: string; data?: Buffer };

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);

// An SVG is text whose first element is <svg>, after an optional BOM, XML declaration, comments and doctype.
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

export function detectImage(data: Buffer): ImageKind | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return { ext: 'webp', contentType: 'image/webp' };
  if (data.includes(0)) return null; // binary, so not an SVG
  const text = data.toString('utf8');
  if (!SVG_START.test(text.slice(0, 4096))) return null;
  // Served from our own origin, an SVG must not script, link, fetch or animate: refused rather than cleaned (svg.ts).
  const safe = sanitizeSvg(text);
  return safe ? { ext: 'svg', contentType: 'image/svg+xml', data: safe } : null;
}
