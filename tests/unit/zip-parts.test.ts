import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { countInZipParts } from '#server/files/zip-parts';

const inWord = (name: string) => name.startsWith('word/') && name.endsWith('.xml');
const limits = { maxUnpacked: 64 * 1024, stopAfter: 1_000 };

function zipOf(files: Record<string, string>): Buffer {
  const zip = new PizZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The archive with every entry of its central directory declaring `size` unpacked bytes. */
function declaring(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
    out.writeUInt32LE(size, at + 24);
  }
  return out;
}

describe('countInZipParts', () => {
  it('counts the byte in the matching parts only', async () => {
    const zip = zipOf({ 'word/document.xml': '<w>{a} {b}</w>', 'word/footer1.xml': '{c}', 'docProps/app.xml': '{{{{' });
    expect(await countInZipParts(zip, inWord, 0x7b, limits)).toBe(3);
  });

  it('answers too_large when the parts declare more than the limit', async () => {
    const zip = zipOf({ 'word/document.xml': 'x'.repeat(limits.maxUnpacked + 1) });
    expect(await countInZipParts(zip, inWord, 0x7b, limits)).toBe('too_large');
  });

  it('answers too_large when the parts unpack past the limit though their declared sizes are small', async () => {
    const one = zipOf({ 'word/document.xml': '{'.repeat(limits.maxUnpacked + 1) });
    expect(await countInZipParts(declaring(one, 10), inWord, 0x7b, limits)).toBe('too_large');
    // Each part under the limit, together past it.
    const half = 'x'.repeat(limits.maxUnpacked / 2 + 1);
    const two = zipOf({ 'word/document.xml': half, 'word/header1.xml': half });
    expect(await countInZipParts(declaring(two, 10), inWord, 0x7b, limits)).toBe('too_large');
  });

  it('stops counting past stopAfter', async () => {
    const zip = zipOf({ 'word/document.xml': '{'.repeat(50), 'word/header1.xml': '{'.repeat(50) });
    const count = await countInZipParts(zip, inWord, 0x7b, { ...limits, stopAfter: 10 });
    expect(count).toBe(11);
  });

  it('answers null for bytes that are no archive', async () => {
    expect(await countInZipParts(Buffer.from('not a zip'), inWord, 0x7b, limits)).toBeNull();
  });
});
