import { crc32, deflateRawSync } from 'node:zlib';

/** A ZIP of `entries`, each deflated: enough to build Office files (and archives that only look like them) in tests. */
export function zipOf(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    // The local header and the directory's entry share these fields, the entry's two bytes further on.
    const header = (size: number, signature: number, shift: number) => {
      const b = Buffer.alloc(size);
      b.writeUInt32LE(signature, 0);
      b.writeUInt16LE(20, 4 + shift); // version needed to extract
      b.writeUInt16LE(8, 8 + shift); // deflate
      b.writeUInt32LE(crc, 14 + shift);
      b.writeUInt32LE(packed.length, 18 + shift);
      b.writeUInt32LE(entry.data.length, 22 + shift);
      b.writeUInt16LE(name.length, 26 + shift);
      return b;
    };
    const local = header(30, 0x04034b50, 0);
    const central = header(46, 0x02014b50, 2);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');

/** A .docx whose document is `body`: a small honest one by default. */
export const docxOf = (body: Buffer = Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>')) =>
  zipOf([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: 'word/document.xml', data: body },
  ]);
