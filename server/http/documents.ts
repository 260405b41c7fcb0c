import { detectImage } from '../modules/objects/image';

/** What an uploaded document is (tasks, questionnaires), told by its bytes: never by its name or the browser's claim. */
export type DocumentKind = { ext: string; contentType: string };

export const MAX_TASK_FILE_MIB = 10;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A ZIP's entry names, read from its central directory (no decompression): enough to tell an Office
 * Open XML document (`[Content_Types].xml` plus `word/` or `xl/`) from any other archive.
 */
function zipEntryNames(data: Buffer): string[] | null {
  // The end-of-central-directory record sits in the last 22 + 65 535 (comment) bytes.
  const from = Math.max(0, data.length - 22 - 0xffff);
  const eocd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < from || eocd + 22 > data.length) return null;
  const entries = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < entries; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = data.readUInt16LE(at + 28);
    const extra = data.readUInt16LE(at + 30);
    const comment = data.readUInt16LE(at + 32);
    names.push(data.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

/** PDF, JPEG, PNG, WebP, DOCX or XLSX; anything else (SVG, old .doc, other archives, text) is null. */
export function detectDocument(data: Buffer): DocumentKind | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', contentType: 'application/pdf' };
  const image = detectImage(data);
  if (image) return image.ext === 'svg' ? null : image;
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) return null;
  const names = zipEntryNames(data);
  if (!names?.includes('[Content_Types].xml')) return null;
  if (names.some((n) => n.startsWith('word/'))) return { ext: 'docx', contentType: DOCX };
  if (names.some((n) => n.startsWith('xl/'))) return { ext: 'xlsx', contentType: XLSX };
  return null;
}

/** The name a document is listed under: the uploader's, without path or control characters. */
export function documentName(filename: string | undefined, ext: string): string {
  const base = (filename ?? '').replace(/[\\/\0-\x1f]/g, '_').trim().slice(0, 200);
  return base || `file.${ext}`;
}
