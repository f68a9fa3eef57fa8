import { beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_PHOTOS, normalisedPhoto, transformPhoto, type Transform } from '../test/gallery-photos';
import {
  bytesToHashes,
  hamming,
  hashesToBytes,
  perceptualHashes,
  popcount32,
  VIEWS,
  type PerceptualHashes,
} from './hash';
import { HASH_RADIUS } from './gallery-index';

/** The smallest distance the index can see: the query's whole-image pHash against every stored crop. */
const distance = (query: PerceptualHashes, stored: PerceptualHashes) =>
  Math.min(...stored.phash.map((h) => hamming(query.phash[0]!, h)));

/** Transforms are tried on these; unrelated pairs are checked over all the photos. */
const SAMPLE = GALLERY_PHOTOS.slice(0, 8);

describe('perceptual hashes', () => {
  const originals = new Map<string, Buffer>();
  const stored = new Map<string, PerceptualHashes>();
  beforeAll(async () => {
    for (const name of GALLERY_PHOTOS) {
      const image = await normalisedPhoto(name);
      originals.set(name, image);
      stored.set(name, await perceptualHashes(image));
    }
  }, 120_000);

  it('hashes one pHash per view and a dHash, and round-trips through bytes', async () => {
    const h = stored.get(GALLERY_PHOTOS[0])!;
    expect(h.phash).toHaveLength(VIEWS.length);
    const bytes = hashesToBytes([...h.phash, h.dhash]);
    expect(bytes).toHaveLength(8 * (VIEWS.length + 1));
    expect(bytesToHashes(bytes)).toEqual([...h.phash, h.dhash]);
  });

  it('counts differing bits', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(hamming(0n, 0xffffffffffffffffn)).toBe(64);
    expect(hamming(0b1011n, 0b0001n)).toBe(2);
  });

  const transforms: Array<[string, Transform]> = [
    ['resized to 400 px', { resizeTo: 400 }],
    ['recompressed at JPEG quality 40', { jpegQuality: 40 }],
    ['cropped to 80 % (centred)', { crop: { keep: 0.8, x: 0.5, y: 0.5 } }],
    ['rotated 5°', { rotateDeg: 5 }],
    ['colour-shifted', { colour: { brightness: 1.15, saturation: 0.7, hue: 20 } }],
  ];
  it.each(transforms)(
    'stays within the index radius when %s, on real photos',
    async (_label, t) => {
      for (const name of SAMPLE) {
        const copy = await perceptualHashes(await transformPhoto(originals.get(name)!, t));
        expect(distance(copy, stored.get(name)!), name).toBeLessThanOrEqual(HASH_RADIUS);
      }
    },
    60_000,
  );

  it('is far apart for unrelated photos', () => {
    for (const a of GALLERY_PHOTOS)
      for (const b of GALLERY_PHOTOS)
        if (a !== b) expect(distance(stored.get(a)!, stored.get(b)!), `${a} vs ${b}`).toBeGreaterThan(HASH_RADIUS + 3);
  });
});
