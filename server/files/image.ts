import { AppError } from '../http/errors';
import { runTask, TaskTimeout } from '../workers/pool';
import { magicOf } from './magic';
import { SVG_LIMITS, svgWithinLimits } from './svg-shape';

/**
 * What a logo may be, told by its first bytes: never by the file's name or the browser's claim.
 * For an SVG, `data` is the sanitiser's output: the bytes to store.
 */
export type ImageKind = { ext: 'png' | 'jpg' | 'webp' | 'svg'; contentType: string; data?: Buffer };

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

// An SVG is text whose first element is <svg>, after an optional BOM, XML declaration, comments and doctype.
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** 400 `svg_complex`: past SVG_LIMITS, or the sanitiser ran past its time limit. */
const tooComplex = () => new AppError(400, 'svg_complex', { logo: (ll) => ll.errors.svg_complex(SVG_LIMITS) }, SVG_LIMITS);

export async function detectImage(data: Buffer): Promise<ImageKind | null> {
  const magic = await magicOf(data);
  if (magic) return magic.ext === 'pdf' ? null : { ext: magic.ext, contentType: magic.contentType };
  if (data.includes(0)) return null; // binary, so not an SVG
  const text = data.toString('utf8');
  if (!SVG_START.test(text.slice(0, 4096))) return null;
  if (!svgWithinLimits(text)) throw tooComplex();
  // Served from our own origin, an SVG must not script, link, fetch or animate: refused rather than cleaned (svg.ts).
  // The sanitiser (jsdom) runs on a worker thread, so no other request waits for it.
  const safe = await runTask('sanitizeSvg', text).catch((err: unknown) => {
    throw err instanceof TaskTimeout ? tooComplex() : err;
  });
  return safe ? { ext: 'svg', contentType: 'image/svg+xml', data: Buffer.from(safe, 'utf8') } : null;
}
