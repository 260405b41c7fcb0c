import { type FileHandle, open } from 'node:fs/promises';
import { HEAD_BYTES, isZip, magicOf } from './magic';

/** What an uploaded document is (tasks, questionnaires), told by its bytes: never by its name or the browser's claim. */
export type DocumentKind = { ext: string; contentType: string };

const MiB = 1024 * 1024;
export const MAX_TASK_FILE_MIB = 10;

/**
 * An Office document is a ZIP: whoever opens it (a browser's viewer, Office, a preview service) unpacks
 * it. One whose entries would unpack past these bounds is a "zip bomb", never a real document of at
 * most 10 MiB, and is refused (`document_archive`). The sizes are the ones the archive declares; the
 * server never unpacks anything itself.
 */
export const ZIP_LIMITS = { entries: 10_000, unpackedBytes: 100 * MiB, ratio: 100 } as const;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type ZipEntry = { name: string; packed: number; unpacked: number };

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * A ZIP's entries, read from its central directory (no decompression): enough to tell an Office
 * Open XML document (`[Content_Types].xml` plus `word/` or `xl/`) from any other archive, and to
 * see what it would unpack to. Null when the directory cannot be read (or is ZIP64, which no
 * document of this size needs).
 */
async function zipEntries(file: FileHandle, size: number): Promise<ZipEntry[] | null> {
  // The end-of-central-directory record sits in the last 22 + 65 535 (comment) bytes.
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(file, size - tailLength, tailLength);
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > tail.length) return null;
  const count = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryAt = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryAt + directorySize > size) return null;
  const directory = await readAt(file, directoryAt, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) return null;
    const packed = directory.readUInt32LE(at + 20);
    const unpacked = directory.readUInt32LE(at + 24);
    if (packed === 0xffffffff || unpacked === 0xffffffff) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extra = directory.readUInt16LE(at + 30);
    const comment = directory.readUInt16LE(at + 32);
    entries.push({ name: directory.toString('utf8', at + 46, at + 46 + nameLength), packed, unpacked });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

function officeKind(names: string[]): DocumentKind | null {
  if (!names.includes('[Content_Types].xml')) return null;
  if (names.some((n) => n.startsWith('word/'))) return { ext: 'docx', contentType: DOCX };
  if (names.some((n) => n.startsWith('xl/'))) return { ext: 'xlsx', contentType: XLSX };
  return null;
}

const unpacksTooFar = (entries: ZipEntry[], size: number) => {
  const unpacked = entries.reduce((sum, e) => sum + e.unpacked, 0);
  return entries.length > ZIP_LIMITS.entries || unpacked > ZIP_LIMITS.unpackedBytes || unpacked > ZIP_LIMITS.ratio * Math.max(size, 1);
};

/**
 * PDF, JPEG, PNG, WebP, DOCX or XLSX, read from the file the upload waits in (only its first bytes
 * and a ZIP's directory); anything else (SVG, old .doc, other archives, text) is null, and an Office
 * file that unpacks too far (above) is `archive`.
 */
export async function detectDocument(filePath: string, size: number): Promise<DocumentKind | 'archive' | null> {
  const file = await open(filePath, 'r');
  try {
    const head = await readAt(file, 0, Math.min(size, HEAD_BYTES));
    if (!isZip(head)) return await magicOf(head);
    const entries = await zipEntries(file, size);
    const kind = entries && officeKind(entries.map((e) => e.name));
    if (!entries || !kind) return null;
    return unpacksTooFar(entries, size) ? 'archive' : kind;
  } finally {
    await file.close();
  }
}

/** The first bytes of a file, enough to tell its type by (magic.ts). */
export async function headOf(filePath: string, length = HEAD_BYTES): Promise<Buffer> {
  const file = await open(filePath, 'r');
  try {
    return await readAt(file, 0, length);
  } finally {
    await file.close();
  }
}

/** The name a document is listed under: the uploader's, without path or control characters. */
export function documentName(filename: string | undefined, ext: string): string {
  const base = (filename ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a file name must not keep.
    .replace(/[\\/\0-\x1f]/g, '_')
    .trim()
    .slice(0, 200);
  return base || `file.${ext}`;
}
