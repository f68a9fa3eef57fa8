import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniffFormat } from './magic';

const SAMPLES = '/work/shared/data/images/parser-samples';
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + compatible.length * 4;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible);
};

describe('sniffFormat', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['png', bytes([0x89], 'PNG\r\n\x1a\n')],
    ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
    ['tiff', bytes('II*\0')],
    ['tiff', bytes('MM\0*')],
    ['heic', ftyp('heic', 'mif1', 'heic')],
    ['heic', ftyp('heix')],
    ['heic', ftyp('mif1', 'heic')],
    ['avif', ftyp('avif', 'mif1')],
    ['avif', ftyp('mif1', 'avif')],
  ] as const)('recognises %s', (format, head) => {
    expect(sniffFormat(head)).toBe(format);
  });

  it.each([
    ['empty', bytes()],
    ['GIF', bytes('GIF89a')],
    ['BMP', bytes('BM', [0, 0, 0, 0])],
    ['text', bytes('Invalid / broken images')],
    ['MP4 video', ftyp('isom', 'mp41')],
    ['two JPEG bytes', bytes([0xff, 0xd8])],
    ['RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'AVI ')],
  ])('rejects %s', (_name, head) => {
    expect(sniffFormat(head)).toBeNull();
  });

  it.each([
    ['with-gps/IMG_5195.HEIC', 'heic'],
    ['with-gps/heic-iphone7.heic', 'heic'],
    ['with-gps/001.tif', 'tiff'],
    ['with-gps/mdx_Issue_473_iPhoneX.webp', 'webp'],
    ['with-gps/png_with_exif_and_gps.png', 'png'],
    ['without-gps/8bit-sRGB.avif', 'avif'],
    ['with-gps/DSCN0010.jpg', 'jpeg'],
  ])('reads real file %s as %s', (file, format) => {
    expect(sniffFormat(readFileSync(`${SAMPLES}/${file}`).subarray(0, 64))).toBe(format);
  });
});
