import { hamming, popcount32, type PerceptualHashes } from './hash';
import { MAX_KEYPOINTS, type Features } from './features';

/**
 * The in-memory index of one gallery (one user's entries), so matching stays fast as the gallery grows.
 *
 * Near-duplicates: multi-index hashing (Norouzi et al.) on the 64-bit pHashes. Each hash is cut into four 16-bit
 * chunks, each with its own table chunk value → hashes. Two hashes within HASH_RADIUS bits differ in at most
 * ⌊HASH_RADIUS / 4⌋ bits in at least one chunk (pigeonhole), so probing every table with the chunk values within
 * that many bits of the query's finds all of them, exactly, touching a tiny share of the gallery.
 *
 * Re-photographs: an inverted file over ORB descriptors (locality-sensitive hashing by bit sampling, with Hamming
 * embedding). Each stored keypoint is filed under one 16-bit key (the first two bytes of its descriptor) with 64 more
 * of its bits beside it; each query keypoint looks up its key and the 16 keys one bit away (a keypoint seen again keeps
 * its key within one bit about half the time) and votes for the entries whose filed bits are close to its own.
 * Entries are ranked by these votes; only the best few go on to full descriptor matching and geometric verification,
 * with features loaded from the store on demand (they are not kept here). Every stored keypoint is indexed, not only
 * the strongest: a query that is a crop shows only part of the photo, often not where the strongest corners are.
 * Measured at 10,000 and 100,000 entries: bench/gallery.
 */

/** Largest pHash distance (of 64 bits) still a near-duplicate; the tables find every hash within it. */
export const HASH_RADIUS = 11;
const CHUNKS = 4;
const CHUNK_BITS = 16;
const PROBE = Math.floor(HASH_RADIUS / CHUNKS);
/** Keypoints of each entry put in the inverted file: all of them. */
const INDEXED_KEYPOINTS = MAX_KEYPOINTS;
/**
 * Hamming embedding (Jégou et al.): beside its key, each posting keeps 64 more bits of the keypoint's descriptor
 * (words 1 and 2), and a query keypoint votes only where those differ in at most SIGNATURE_RADIUS bits. A key
 * alone is shared by many unrelated keypoints (ORB's bits are far from uniform); the signature tells them apart.
 */
const SIGNATURE_RADIUS = 12;

export type IndexedEntry = {
  id: string;
  analysisId: string | null;
  lat: number;
  lng: number;
  source: string;
  createdAt: string;
  /** Set for an organisation reference photo (gallery:import): the import and the file it came from. */
  reference?: { importId: string; importName: string; fileName: string };
};

/** Every 16-bit value within `radius` bits of v. */
function neighbours(v: number, radius: number): number[] {
  const out = [v];
  if (radius >= 1) for (let a = 0; a < CHUNK_BITS; a++) out.push(v ^ (1 << a));
  if (radius >= 2)
    for (let a = 0; a < CHUNK_BITS; a++) for (let b = a + 1; b < CHUNK_BITS; b++) out.push(v ^ (1 << a) ^ (1 << b));
  if (radius >= 3) throw new Error('probe radius above 2 is not implemented');
  return out;
}

const chunkOf = (h: bigint, c: number) => Number((h >> BigInt(c * CHUNK_BITS)) & 0xffffn);

/**
 * Posting lists of int32 values, each with `extra` uint32 words beside it, growing by doubling; one typed array per
 * key instead of millions of JS numbers.
 */
class Postings {
  private lists = new Map<number, PostingList>();
  constructor(private readonly extra: 0 | 1 | 2 = 0) {}
  /** Files `value` under `key`, with up to two words beside it (as many as the lists were made with). */
  add(key: number, value: number, w0 = 0, w1 = 0): void {
    let l = this.lists.get(key);
    if (!l) this.lists.set(key, (l = { a: new Int32Array(4), w: new Uint32Array(4 * this.extra), n: 0 }));
    if (l.n === l.a.length) {
      const grown = new Int32Array(l.a.length * 2);
      grown.set(l.a);
      l.a = grown;
      const wider = new Uint32Array(grown.length * this.extra);
      wider.set(l.w);
      l.w = wider;
    }
    if (this.extra > 0) l.w[l.n * this.extra] = w0;
    if (this.extra > 1) l.w[l.n * this.extra + 1] = w1;
    l.a[l.n++] = value;
  }
  get(key: number): PostingList | undefined {
    return this.lists.get(key);
  }
}
type PostingList = { a: Int32Array; w: Uint32Array; n: number };

export type HashHit = { ordinal: number; distance: number; dhashDistance: number };
/** votes: the rarity weights (see featureCandidates) summed over the query keys that landed on the entry. */
export type FeatureCandidate = { ordinal: number; votes: number };

export class GalleryIndex {
  readonly entries: IndexedEntry[] = [];
  private phashes: bigint[][] = [];
  private dhashes: bigint[] = [];
  private tables = Array.from({ length: CHUNKS }, () => new Postings());
  private keys = new Postings(2);
  private votes = new Float64Array(64);

  get size(): number {
    return this.entries.length;
  }

  add(entry: IndexedEntry, hashes: PerceptualHashes, features: Features): number {
    const ordinal = this.entries.length;
    this.entries.push(entry);
    this.phashes.push(hashes.phash);
    this.dhashes.push(hashes.dhash);
    hashes.phash.forEach((h, crop) => {
      for (let c = 0; c < CHUNKS; c++) this.tables[c]!.add(chunkOf(h, c), ordinal * 8 + crop);
    });
    const n = Math.min(features.count, INDEXED_KEYPOINTS);
    const d = features.descriptors;
    for (let i = 0; i < n; i++) this.keys.add(d[i * 8]! & 0xffff, ordinal, d[i * 8 + 1]!, d[i * 8 + 2]!);
    if (this.votes.length < this.entries.length) {
      this.votes = new Float64Array(this.votes.length * 2);
    }
    return ordinal;
  }

  /**
   * Entries with a pHash (any stored crop) within HASH_RADIUS of the query's whole-image pHash, closest first.
   * Only the query's whole image is used: the stored crops already cover a query that is a crop, and each extra
   * comparison is one more chance of a false match.
   */
  nearHashes(query: PerceptualHashes): HashHit[] {
    const best = new Map<number, number>();
    for (const q of query.phash.slice(0, 1)) {
      for (let c = 0; c < CHUNKS; c++) {
        for (const v of neighbours(chunkOf(q, c), PROBE)) {
          const list = this.tables[c]!.get(v);
          if (!list) continue;
          for (let i = 0; i < list.n; i++) {
            const ref = list.a[i]!;
            const ordinal = ref >> 3;
            const d = hamming(q, this.phashes[ordinal]![ref & 7]!);
            if (d <= HASH_RADIUS && d < (best.get(ordinal) ?? Infinity)) best.set(ordinal, d);
          }
        }
      }
    }
    return [...best]
      .map(([ordinal, distance]) => ({
        ordinal,
        distance,
        dhashDistance: hamming(query.dhash, this.dhashes[ordinal]!),
      }))
      .sort((a, b) => a.distance - b.distance || a.dhashDistance - b.dhashDistance);
  }

  /** The `limit` entries most query keypoints vote for, with at least `minVotes` votes. */
  featureCandidates(query: Features, limit: number, minVotes: number): FeatureCandidate[] {
    const votes = this.votes;
    votes.fill(0, 0, this.entries.length);
    const touched: number[] = [];
    const qd = query.descriptors;
    for (let i = 0; i < query.count; i++) {
      const s1 = qd[i * 8 + 1]!;
      const s2 = qd[i * 8 + 2]!;
      for (const key of neighbours(qd[i * 8]! & 0xffff, 1)) {
        const list = this.keys.get(key);
        if (!list) continue;
        // Weighted by rarity (smoothed inverse document frequency): ORB descriptors are far from uniform, and a key
        // that a large share of the gallery holds says little about any one entry. In a small gallery every weight is
        // about log 2, i.e. plain counting.
        const weight = Math.log(1 + this.entries.length / list.n);
        const w = list.w;
        for (let j = 0; j < list.n; j++) {
          // The first word alone rules out most postings (unrelated bits differ in about half).
          const d1 = popcount32((w[2 * j]! ^ s1) >>> 0);
          if (d1 > SIGNATURE_RADIUS || d1 + popcount32((w[2 * j + 1]! ^ s2) >>> 0) > SIGNATURE_RADIUS) continue;
          const o = list.a[j]!;
          if (votes[o] === 0) touched.push(o);
          votes[o]! += weight;
        }
      }
    }
    const out: FeatureCandidate[] = [];
    for (const o of touched) {
      const v = votes[o]!;
      if (v >= minVotes) out.push({ ordinal: o, votes: v });
    }
    return out.sort((a, b) => b.votes - a.votes).slice(0, limit);
  }
}
