import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../geo/sampling';
import { GalleryIndex, HASH_RADIUS, type IndexedEntry } from './gallery-index';
import { hamming } from './hash';
import type { Features } from './features';

const random = mulberry32(7);
const randomHash = () => (BigInt(Math.floor(random() * 2 ** 32)) << 32n) | BigInt(Math.floor(random() * 2 ** 32));
const flip = (h: bigint, bits: number) => {
  const positions = new Set<number>();
  while (positions.size < bits) positions.add(Math.floor(random() * 64));
  let out = h;
  for (const p of positions) out ^= 1n << BigInt(p);
  return out;
};
const entry = (id: string): IndexedEntry => ({
  id,
  analysisId: null,
  lat: 25.7,
  lng: -80.2,
  source: 'gps',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const randomFeatures = (n: number): Features => {
  const descriptors = new Uint32Array(n * 8);
  for (let i = 0; i < descriptors.length; i++) descriptors[i] = Math.floor(random() * 2 ** 32) >>> 0;
  return { count: n, points: new Float32Array(n * 2), descriptors };
};
const NO_FEATURES: Features = { count: 0, points: new Float32Array(0), descriptors: new Uint32Array(0) };

describe('gallery index', () => {
  it('finds exactly the stored hashes within the radius (multi-index hashing is exact), matching a brute-force scan', () => {
    const index = new GalleryIndex();
    const hashes: bigint[][] = [];
    for (let i = 0; i < 3000; i++) {
      const h = [randomHash(), randomHash(), randomHash(), randomHash()];
      hashes.push(h);
      index.add(entry(`e${i}`), { phash: h, dhash: randomHash() }, NO_FEATURES);
    }
    for (let q = 0; q < 40; q++) {
      const target = Math.floor(random() * hashes.length);
      const crop = Math.floor(random() * 4);
      const query = flip(hashes[target]![crop]!, q % (HASH_RADIUS + 1));
      const found = index.nearHashes({ phash: [query], dhash: 0n });
      const brute = hashes
        .map((hs, i) => ({ i, d: Math.min(...hs.map((h) => hamming(query, h))) }))
        .filter((x) => x.d <= HASH_RADIUS);
      expect(found.map((f) => f.ordinal).sort()).toEqual(brute.map((b) => b.i).sort());
      expect(found[0]!.distance).toBe(Math.min(...brute.map((b) => b.d)));
    }
  });

  it('ranks the entry sharing keypoints first among many by votes', () => {
    const index = new GalleryIndex();
    const target = randomFeatures(200);
    for (let i = 0; i < 2000; i++)
      index.add(
        entry(`e${i}`),
        { phash: [randomHash()], dhash: randomHash() },
        i === 1234 ? target : randomFeatures(200),
      );
    // The query shares 60 of the target's keypoints, each with a few bits changed outside the key, and 140 others.
    const query = randomFeatures(200);
    for (let k = 0; k < 60; k++) {
      query.descriptors.set(target.descriptors.subarray(k * 8, k * 8 + 8), k * 8);
      query.descriptors[k * 8 + 3] = (query.descriptors[k * 8 + 3]! ^ 0b1011) >>> 0;
    }
    const candidates = index.featureCandidates(query, 5, 6);
    expect(candidates[0]!.ordinal).toBe(1234);
    expect(candidates[0]!.votes).toBeGreaterThan(3 * (candidates[1]?.votes ?? 0));
  });

  it('counts a shared key as a vote only when the bits filed beside it are close too (Hamming embedding)', () => {
    const index = new GalleryIndex();
    const target = randomFeatures(100);
    // The decoy holds every one of the target's keys (first 16 bits), with the rest of each descriptor unrelated.
    const decoy = randomFeatures(100);
    for (let k = 0; k < 100; k++)
      decoy.descriptors[k * 8] =
        ((decoy.descriptors[k * 8]! & 0xffff0000) | (target.descriptors[k * 8]! & 0xffff)) >>> 0;
    index.add(entry('decoy'), { phash: [randomHash()], dhash: randomHash() }, decoy);
    index.add(entry('target'), { phash: [randomHash()], dhash: randomHash() }, target);
    // The query: the target's keypoints, each with 4 bits changed among those filed beside the key.
    const query: Features = { ...target, descriptors: target.descriptors.slice() };
    for (let k = 0; k < 100; k++) query.descriptors[k * 8 + 1] = (query.descriptors[k * 8 + 1]! ^ 0x01010101) >>> 0;
    const candidates = index.featureCandidates(query, 5, 1);
    expect(candidates.map((c) => index.entries[c.ordinal]!.id)).toEqual(['target']);
  });

  it('returns nothing for an empty gallery', () => {
    const index = new GalleryIndex();
    expect(index.nearHashes({ phash: [randomHash()], dhash: 0n })).toEqual([]);
    expect(index.featureCandidates(randomFeatures(50), 5, 1)).toEqual([]);
  });
});
