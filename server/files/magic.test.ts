import { describe, expect, it } from 'vitest';
import { detectImage } from './image';
import { magicOf } from './magic';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1"/></svg>');

describe('a file told by its magic bytes', () => {
  it('names the types uploads accept, with the type they are served as', async () => {
    expect(await magicOf(PNG)).toEqual({ ext: 'png', contentType: 'image/png' });
    expect(await magicOf(JPEG)).toEqual({ ext: 'jpg', contentType: 'image/jpeg' });
    expect(await magicOf(WEBP)).toEqual({ ext: 'webp', contentType: 'image/webp' });
    expect(await magicOf(PDF)).toEqual({ ext: 'pdf', contentType: 'application/pdf' });
  });

  it('knows nothing else: archives (judged by their directory), GIFs, text', async () => {
    expect(await magicOf(ZIP)).toBeNull();
    expect(await magicOf(GIF)).toBeNull();
    expect(await magicOf(SVG)).toBeNull();
  });

  it('a logo is a raster image or a clean SVG, never a PDF', async () => {
    expect(await detectImage(PNG)).toEqual({ ext: 'png', contentType: 'image/png' });
    expect(await detectImage(PDF)).toBeNull();
    expect((await detectImage(SVG))?.ext).toBe('svg');
    // The SVG sanitiser loads jsdom once: slow on a busy machine.
  }, 60_000);
});
