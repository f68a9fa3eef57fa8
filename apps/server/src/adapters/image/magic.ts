import type { PhotoFormat } from '@vt/shared';

/** MIME type served for each accepted format. */
export const FORMAT_MIME: Record<PhotoFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  avif: 'image/avif',
  tiff: 'image/tiff',
};

/** Bytes needed to decide a format (ISO-BMFF lists compatible brands after the major one). */
export const SNIFF_BYTES = 64;

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * The photo format from its first bytes, or null. Names and Content-Type headers are ignored on purpose:
 * both are chosen by the sender, the bytes are what the decoder will see.
 */
export function sniffFormat(head: Uint8Array): PhotoFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 4) {
    const sig = ascii(head, 0, 4);
    if (sig === 'II*\0' || sig === 'MM\0*') return 'tiff';
  }
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const boxSize = Math.min(((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0, head.length);
    const major = ascii(head, 8, 12);
    // Compatible brands follow the minor version (bytes 12–16), four bytes each, up to the box end.
    const brands = [major];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(head, i, i + 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
    // Generic HEIF (mif1/msf1) without a codec brand: libheif decides; treat as HEIC (HEVC is the common case).
    if (major === 'mif1' || major === 'msf1') return 'heic';
  }
  return null;
}
