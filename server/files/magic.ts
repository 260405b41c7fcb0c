import { fileTypeFromBuffer } from 'file-type';

/** Enough of a file's start to tell every type we accept (file-type's own sample size). */
export const HEAD_BYTES = 4100;

/** A type some upload accepts, told by its magic bytes: never by the file's name or the browser's claim. */
export type Magic = { ext: 'pdf' | 'png' | 'jpg' | 'webp'; contentType: string };

const accepted = new Map<string, Magic>([
  ['pdf', { ext: 'pdf', contentType: 'application/pdf' }],
  ['png', { ext: 'png', contentType: 'image/png' }],
  // An animated PNG is a PNG: every browser shows it.
  ['apng', { ext: 'png', contentType: 'image/png' }],
  ['jpg', { ext: 'jpg', contentType: 'image/jpeg' }],
  ['webp', { ext: 'webp', contentType: 'image/webp' }],
]);

/** A ZIP's local file header: an Office document, or another archive (documents.ts reads its directory). */
export const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;

const isGzip = (head: Buffer) => head[0] === 0x1f && head[1] === 0x8b;

/** PDF, PNG, JPEG or WebP by the file's first bytes; anything else is null. */
export async function magicOf(head: Buffer): Promise<Magic | null> {
  // file-type inflates an archive's first entries to name it; we never unpack what a caller sent.
  if (isZip(head) || isGzip(head)) return null;
  const type = await fileTypeFromBuffer(head.subarray(0, HEAD_BYTES));
  return (type && accepted.get(type.ext)) ?? null;
}
