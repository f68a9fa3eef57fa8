import { type Grey, popcount32 } from './hash';
import { loadOpenCv, type OpenCv } from './opencv';

/**
 * Local features for re-photographs: ORB keypoints (corners found at several scales, each with a 256-bit binary
 * descriptor of its neighbourhood, oriented so a small rotation does not change it). A new photo of the same
 * façade shares many of them with an earlier one, and a homography found by RANSAC checks that the shared points
 * sit in the same geometric arrangement, which coincidental descriptor matches between unrelated photos do not.
 */

/**
 * Features of a query are found on the greyscale image at most QUERY_SIDE pixels on its long side; a remembered
 * photo is described larger (STORED_SIDE), because a query is often a crop that, scaled back down, shows the scene
 * larger than the whole remembered photo at the same size would: the larger stored image meets it at its scale.
 */
export const QUERY_SIDE = 640;
export const STORED_SIDE = 1024;
export const MAX_KEYPOINTS = 500;
const DESCRIPTOR_BYTES = 32;
const WORDS = DESCRIPTOR_BYTES / 4;
/** Bytes per stored keypoint: x and y (uint16 each) then the descriptor. */
const RECORD_BYTES = 4 + DESCRIPTOR_BYTES;
/** Lowe's ratio test: the best match must be clearly better than the second best. */
const RATIO = 0.85;
/** Above this many differing bits (of 256) two ORB descriptors are not the same point. */
const MAX_DISTANCE = 64;
/** RANSAC reprojection threshold in pixels of the normalised images. */
const RANSAC_PX = 6;
/**
 * Fewer geometrically consistent matches than this is not a match. A homography needs 4; between unrelated photos
 * RANSAC found at most 5 in the trials behind bench/gallery, so 12 leaves a margin.
 */
export const MIN_INLIERS = 12;

export type Features = {
  count: number;
  /** x, y per keypoint. */
  points: Float32Array;
  /** MAX 8 words per keypoint. */
  descriptors: Uint32Array;
};

export const EMPTY_FEATURES: Features = { count: 0, points: new Float32Array(0), descriptors: new Uint32Array(0) };

/** How many keypoints of a photo are kept (MAX_KEYPOINTS unless told). */
export type OrbOptions = { maxKeypoints?: number };

/** One detector per number of candidates, made once (constructing one allocates in the WASM heap). */
const detectors = new Map<number, OpenCv>();

async function orbDetector(candidates: number): Promise<{ cv: OpenCv; detector: OpenCv }> {
  const { cv } = await loadOpenCv();
  let detector = detectors.get(candidates);
  if (!detector) {
    detector = new cv.ORB(candidates);
    detectors.set(candidates, detector);
  }
  return { cv, detector };
}

/** Grid cells per side for spreading keypoints (GRID × GRID cells over the image). */
const GRID = 6;
/** Candidates detected per keypoint kept, before spreading. */
const OVERDETECT = 3;

/**
 * Keeps `max` of the detected keypoints, spread over the image: each cell of a GRID × GRID grid first gets its
 * share of the strongest keypoints inside it, then the strongest of the rest fill what is left. ORB alone keeps the
 * strongest corners wherever they are, which bunch up in the most textured part of the photo; a query that is a crop
 * of another part then shares few keypoints with it.
 */
export function spreadKeypoints(
  kps: Array<{ x: number; y: number; response: number; i: number }>,
  width: number,
  height: number,
  max: number,
): number[] {
  if (kps.length <= max || GRID <= 1) return kps.map((k) => k.i);
  const byStrength = [...kps].sort((a, b) => b.response - a.response);
  const quota = Math.floor(max / (GRID * GRID));
  const used = new Int32Array(GRID * GRID);
  const chosen: number[] = [];
  const rest: number[] = [];
  for (const k of byStrength) {
    const cx = Math.min(GRID - 1, Math.floor((k.x / width) * GRID));
    const cy = Math.min(GRID - 1, Math.floor((k.y / height) * GRID));
    const c = cy * GRID + cx;
    if (used[c]! < quota) {
      used[c]!++;
      chosen.push(k.i);
    } else rest.push(k.i);
  }
  for (const i of rest) {
    if (chosen.length >= max) break;
    chosen.push(i);
  }
  return chosen;
}

/** ORB keypoints and descriptors of a greyscale image (already at the side it is described at). */
export async function orbFeatures(g: Grey, options: OrbOptions = {}): Promise<Features> {
  const max = options.maxKeypoints ?? MAX_KEYPOINTS;
  const { cv, detector } = await orbDetector(max * OVERDETECT);
  const mat = new cv.Mat(g.height, g.width, cv.CV_8UC1);
  const mask = new cv.Mat();
  const detected = new cv.KeyPointVector();
  const keypoints = new cv.KeyPointVector();
  const desc = new cv.Mat();
  try {
    mat.data.set(g.data);
    detector.detect(mat, detected, mask);
    const all: Array<{ x: number; y: number; response: number; i: number }> = [];
    const n = detected.size() as number;
    for (let i = 0; i < n; i++) {
      const kp = detected.get(i) as { pt: { x: number; y: number }; response: number };
      all.push({ x: kp.pt.x, y: kp.pt.y, response: kp.response, i });
    }
    for (const i of spreadKeypoints(all, g.width, g.height, max)) keypoints.push_back(detected.get(i));
    detector.compute(mat, keypoints, desc);
    const count = Math.min(keypoints.size() as number, desc.rows as number);
    const points = new Float32Array(count * 2);
    const descriptors = new Uint32Array(count * WORDS);
    const bytes = desc.data as Uint8Array;
    for (let i = 0; i < count; i++) {
      const kp = keypoints.get(i) as { pt: { x: number; y: number } };
      points[i * 2] = kp.pt.x;
      points[i * 2 + 1] = kp.pt.y;
      for (let w = 0; w < WORDS; w++) {
        const o = i * DESCRIPTOR_BYTES + w * 4;
        descriptors[i * WORDS + w] =
          (bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24)) >>> 0;
      }
    }
    return { count, points, descriptors };
  } finally {
    mat.delete();
    mask.delete();
    detected.delete();
    keypoints.delete();
    desc.delete();
  }
}

export function featuresToBytes(f: Features): Buffer {
  const out = Buffer.alloc(f.count * RECORD_BYTES);
  for (let i = 0; i < f.count; i++) {
    const o = i * RECORD_BYTES;
    out.writeUInt16LE(Math.round(f.points[i * 2]!), o);
    out.writeUInt16LE(Math.round(f.points[i * 2 + 1]!), o + 2);
    for (let w = 0; w < WORDS; w++) out.writeUInt32LE(f.descriptors[i * WORDS + w]!, o + 4 + w * 4);
  }
  return out;
}

export function bytesToFeatures(bytes: Uint8Array): Features {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = Math.floor(b.length / RECORD_BYTES);
  const points = new Float32Array(count * 2);
  const descriptors = new Uint32Array(count * WORDS);
  for (let i = 0; i < count; i++) {
    const o = i * RECORD_BYTES;
    points[i * 2] = b.readUInt16LE(o);
    points[i * 2 + 1] = b.readUInt16LE(o + 2);
    for (let w = 0; w < WORDS; w++) descriptors[i * WORDS + w] = b.readUInt32LE(o + 4 + w * 4);
  }
  return { count, points, descriptors };
}

/** Putative matches query → stored: nearest stored descriptor, kept when it passes the distance and ratio tests. */
export function matchDescriptors(query: Features, stored: Features): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  const taken = new Map<number, { q: number; d: number }>();
  const qd = query.descriptors;
  const sd = stored.descriptors;
  for (let i = 0; i < query.count; i++) {
    let best = Infinity;
    let second = Infinity;
    let bestJ = -1;
    const qo = i * WORDS;
    for (let j = 0; j < stored.count; j++) {
      // Word by word, stopping once the distance can no longer beat the second best: most pairs are far apart
      // (about 128 of 256 bits) and are dropped after a few words.
      const so = j * WORDS;
      let d = 0;
      for (let w = 0; w < WORDS && d < second; w++) d += popcount32((qd[qo + w]! ^ sd[so + w]!) >>> 0);
      if (d < best) {
        second = best;
        best = d;
        bestJ = j;
      } else if (d < second) second = d;
    }
    if (bestJ < 0 || best > MAX_DISTANCE || best > RATIO * second) continue;
    // One stored point answers one query point: the closer claim wins.
    const prior = taken.get(bestJ);
    if (prior && prior.d <= best) continue;
    taken.set(bestJ, { q: i, d: best });
  }
  for (const [j, { q }] of taken) pairs.push([q, j]);
  return pairs;
}

export type Verified = { inliers: number; matches: number };

/**
 * Geometric verification: the homography that maps most matched query points onto their stored points (RANSAC),
 * and how many matches agree with it. A plane seen again (a façade, a sign) or a far scene agrees well.
 */
export async function verifyMatch(query: Features, stored: Features): Promise<Verified> {
  const pairs = matchDescriptors(query, stored);
  if (pairs.length < MIN_INLIERS) return { inliers: 0, matches: pairs.length };
  const { cv } = await loadOpenCv();
  const src = cv.matFromArray(
    pairs.length,
    1,
    cv.CV_32FC2,
    pairs.flatMap(([q]) => [query.points[q * 2]!, query.points[q * 2 + 1]!]),
  );
  const dst = cv.matFromArray(
    pairs.length,
    1,
    cv.CV_32FC2,
    pairs.flatMap(([, s]) => [stored.points[s * 2]!, stored.points[s * 2 + 1]!]),
  );
  const mask = new cv.Mat();
  let h: OpenCv;
  try {
    h = cv.findHomography(src, dst, cv.RANSAC, RANSAC_PX, mask);
    if (!h || h.empty()) return { inliers: 0, matches: pairs.length };
    // A homography that folds or squashes the picture (negative or tiny determinant) is a degenerate fit.
    const m = h.data64F as Float64Array;
    const det = m[0]! * m[4]! - m[1]! * m[3]!;
    if (!(det > 0.05 && det < 20)) return { inliers: 0, matches: pairs.length };
    let inliers = 0;
    const flags = mask.data as Uint8Array;
    for (let i = 0; i < flags.length; i++) if (flags[i]) inliers++;
    return { inliers, matches: pairs.length };
  } finally {
    src.delete();
    dst.delete();
    mask.delete();
    h?.delete();
  }
}
