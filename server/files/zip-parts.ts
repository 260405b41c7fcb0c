import { promisify } from 'node:util';
import { createInflateRaw, inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

type Part = { name: string; method: number; packed: number; unpacked: number; headerAt: number };

/** A ZIP's entries from the central directory of its bytes (no ZIP64: no document of this size needs it). */
function partsOf(zip: Buffer): Part[] | null {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > zip.length) return null;
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const parts: Part[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = zip.readUInt16LE(at + 28);
    parts.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      packed: zip.readUInt32LE(at + 20),
      unpacked: zip.readUInt32LE(at + 24),
      headerAt: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return parts;
}

/**
 * How many times `byte` occurs in the entries whose name `match`es (counting stops past `stopAfter`),
 * unpacked by zlib off the event loop (its thread pool). 'too_large' when those entries declare, or
 * really unpack to, more than `maxUnpacked` bytes together: the central directory's sizes are the
 * sender's word, so each entry is inflated only as far as the budget left. null when the archive cannot
 * be read (the parser after says why).
 */
export async function countInZipParts(
  zip: Buffer,
  match: (name: string) => boolean,
  byte: number,
  { maxUnpacked, stopAfter }: { maxUnpacked: number; stopAfter: number },
): Promise<number | 'too_large' | null> {
  const parts = partsOf(zip)?.filter((p) => match(p.name));
  if (!parts) return null;
  if (parts.reduce((sum, p) => sum + p.unpacked, 0) > maxUnpacked) return 'too_large';
  let count = 0;
  let left = maxUnpacked;
  for (const p of parts) {
    if (count > stopAfter) break;
    if (p.headerAt + 30 > zip.length || zip.readUInt32LE(p.headerAt) !== 0x04034b50) return null;
    const dataAt = p.headerAt + 30 + zip.readUInt16LE(p.headerAt + 26) + zip.readUInt16LE(p.headerAt + 28);
    const packed = zip.subarray(dataAt, dataAt + p.packed);
    let text: Buffer;
    if (p.method === 0) text = packed;
    else if (p.method === 8) {
      const out = await inflate(packed, { maxOutputLength: Math.max(left, 1) }).catch((err: NodeJS.ErrnoException) =>
        err.code === 'ERR_BUFFER_TOO_LARGE' ? ('too_large' as const) : null,
      );
      if (out === 'too_large') return out;
      // A part zlib cannot read counts nothing here; the parser after refuses the file.
      text = out ?? Buffer.alloc(0);
    } else return null;
    left -= text.length;
    if (left < 0) return 'too_large';
    for (let i = text.indexOf(byte); i >= 0 && count <= stopAfter; i = text.indexOf(byte, i + 1)) count += 1;
  }
  return count;
}

/**
 * Streams the unpacked text of the entry `name` to `visit` in chunks (off the event loop's thread when
 * called from a worker), stopping when `visit` answers true or past `maxUnpacked` bytes. False when the
 * archive or the entry cannot be read.
 */
export async function scanZipPart(zip: Buffer, name: string, visit: (chunk: string) => boolean, maxUnpacked: number): Promise<boolean> {
  const part = partsOf(zip)?.find((p) => p.name === name);
  if (!part || part.headerAt + 30 > zip.length || zip.readUInt32LE(part.headerAt) !== 0x04034b50) return false;
  const dataAt = part.headerAt + 30 + zip.readUInt16LE(part.headerAt + 26) + zip.readUInt16LE(part.headerAt + 28);
  const packed = zip.subarray(dataAt, dataAt + part.packed);
  if (part.method === 0) {
    visit(packed.toString('utf8'));
    return true;
  }
  if (part.method !== 8) return false;
  const inflater = createInflateRaw();
  let seen = 0;
  try {
    inflater.end(packed);
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (visit(chunk.toString('utf8')) || seen > maxUnpacked) break;
    }
  } catch {
    return false;
  } finally {
    inflater.destroy();
  }
  return true;
}
