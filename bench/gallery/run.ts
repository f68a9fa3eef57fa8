/**
 * The gallery benchmark (issue 7): photos with known places, then transformed copies, matched by the gallery
 * locator's own code (engine/gallery). The set is generated here from the real camera photos of
 * ../shared/data/images, never stored.
 *
 * - Places: each gallery photo is given a random point inside Miami-Dade (seeded); the gallery remembers its
 *   descriptors there, as the pipeline does for a photo with GPS.
 * - Queries: each gallery photo, transformed K times with random parameters, all at once: crop to 60–90 % (anywhere
 *   in the frame), rotation ±10° (empty corners cropped away), resize to 320–1600 px, JPEG quality 40–90, colour
 *   shift (brightness, saturation, hue) and, for half of them, an overlaid caption. Top-1 is right when the best
 *   match lies within 100 m of the photo's place.
 * - Unrelated: two folds; in each, half the photos form the gallery and the other half (as they are and
 *   transformed) are queries that should match nothing. Any match is a false match.
 * - Size: the gallery filled with synthetic entries (random 64-bit hashes and random ORB descriptors: timing only,
 *   they cannot stand in for real look-alikes) to 10,000 and 100,000 entries; the match step (index look-up,
 *   keypoint voting, RANSAC of the best candidates) is timed per query, apart from describing the query photo
 *   (decode + hashes + ORB), which does not depend on the gallery's size and is reported on its own.
 *
 * Targets printed beside (issue 7): ≥ 95 % top-1, ≤ 1 % false matches, match p50 ≤ 50 ms with 10,000 entries.
 * Run: `npm run bench:gallery [-- --per-photo K --seed S --sizes 10000,100000]`.
 */
import { Console } from 'node:console';
import { parseArgs } from 'node:util';
import { describePhoto, matchInIndex, type PhotoDescriptors } from '@vt/server/src/engine/gallery/gallery';
import { GalleryIndex } from '@vt/server/src/engine/gallery/gallery-index';
import { VIEWS } from '@vt/server/src/engine/gallery/hash';
import { MAX_KEYPOINTS, type Features } from '@vt/server/src/engine/gallery/features';
import { haversineMeters, type LatLng } from '@vt/server/src/engine/geo/geometry';
import { mulberry32 } from '@vt/server/src/engine/geo/sampling';
import { galleryEvidence } from '@vt/server/src/engine/locators/gallery.locator';
import { fuse } from '@vt/server/src/engine/pipeline/fuse';
import { describePlace, placeName } from '@vt/server/src/engine/pipeline/place';
import { ece, type CalibrationPoint } from '../engine/calibration';
import {
  GALLERY_PHOTOS,
  normalisedPhoto,
  transformPhoto,
  type Transform,
} from '@vt/server/src/engine/test/gallery-photos';
import { machine, NOTE_SHARED_MACHINE, stats, writeResult } from '../engine/harness';
import { galleryDraws } from './draws';

const table = new Console(process.stderr).table;
const { values: args } = parseArgs({
  options: {
    'per-photo': { type: 'string', default: '8' },
    seed: { type: 'string', default: '707' },
    sizes: { type: 'string', default: '10000,100000' },
    out: { type: 'string', default: 'gallery.json' },
  },
});
const PER_PHOTO = Number(args['per-photo']);
const random = mulberry32(Number(args.seed));
const { randomTransform, randomPlace } = galleryDraws(random);

const ms = (t: number) => Math.round((performance.now() - t) * 100) / 100;

type Photo = { name: string; original: Buffer; descriptors: PhotoDescriptors; place: LatLng };

console.error(`Describing ${GALLERY_PHOTOS.length} photos…`);
const photos: Photo[] = [];
for (const name of GALLERY_PHOTOS) {
  const original = await normalisedPhoto(name);
  photos.push({ name, original, descriptors: await describePhoto(original, 'stored'), place: randomPlace() });
}

type Query = { truth: Photo; descriptors: PhotoDescriptors; describeMs: number; transform: Transform | null };
console.error(`Transforming: ${PER_PHOTO} per photo…`);
const queries: Query[] = [];
for (const p of photos) {
  for (let k = 0; k < PER_PHOTO; k++) {
    const transform = randomTransform();
    const image = await transformPhoto(p.original, transform);
    const t = performance.now();
    const descriptors = await describePhoto(image);
    queries.push({ truth: p, descriptors, describeMs: ms(t), transform });
  }
}

function buildIndex(entries: readonly Photo[]): { index: GalleryIndex; features: Map<string, Features> } {
  const index = new GalleryIndex();
  const features = new Map<string, Features>();
  for (const p of entries) {
    index.add(
      {
        id: p.name,
        analysisId: null,
        lat: p.place.lat,
        lng: p.place.lng,
        source: 'gps',
        createdAt: new Date(0).toISOString(),
      },
      p.descriptors.hashes,
      p.descriptors.features,
    );
    features.set(p.name, p.descriptors.features);
  }
  return { index, features };
}

console.error('Matching: two folds…');
// Accuracy and false matches: two folds, each half of the photos as the gallery and the other half unrelated.
const even = photos.filter((_, i) => i % 2 === 0);
const odd = photos.filter((_, i) => i % 2 === 1);
let right = 0;
let asked = 0;
let falseMatches = 0;
let unrelatedAsked = 0;
const byKind = { 'near-duplicate': 0, 'same-scene': 0, none: 0 };
const misses: string[] = [];
const falseList: string[] = [];
// Calibration: the gallery locator's best evidence and the fused result, as the engine would state them, against
// the photo's own place (a false match is a confident miss).
const galleryPoints: CalibrationPoint[] = [];
const fusedPoints: CalibrationPoint[] = [];
function calibrate(matches: Awaited<ReturnType<typeof matchInIndex>>, size: number, truth: LatLng) {
  const evidence = galleryEvidence({ enabled: true, size, referenceSize: 0, matches, timings: {} });
  const best = evidence.find((e) => e.kind === 'position');
  if (best?.position && best.radiusMeters != null && best.confidence != null)
    galleryPoints.push({
      confidence: best.confidence,
      hit: haversineMeters(best.position, truth) <= best.radiusMeters,
    });
  const fused = fuse([{ locator: 'metadata', kind: 'absent', summary: 'No GPS.' }, ...evidence], {
    describePlace,
    placeName,
  });
  if (fused.outcome === 'found' && fused.radiusMeters != null)
    fusedPoints.push({ confidence: fused.confidence, hit: haversineMeters(fused, truth) <= fused.radiusMeters });
}
for (const [gallery, unrelated] of [
  [even, odd],
  [odd, even],
] as const) {
  const { index, features } = buildIndex(gallery);
  const inGallery = new Set(gallery);
  for (const q of queries) {
    const matches = await matchInIndex(
      index,
      q.descriptors,
      (ids) => new Map(ids.map((id) => [id, features.get(id)!])),
    );
    const best = matches[0];
    calibrate(matches, gallery.length, q.truth.place);
    if (inGallery.has(q.truth)) {
      asked++;
      byKind[best?.kind ?? 'none']++;
      if (best && haversineMeters({ lat: best.entry.lat, lng: best.entry.lng }, q.truth.place) <= 100) right++;
      else misses.push(`${q.truth.name} ${JSON.stringify(q.transform)} → ${best ? best.entry.id : 'no match'}`);
    } else {
      unrelatedAsked++;
      if (best) {
        falseMatches++;
        falseList.push(`${q.truth.name} → ${best.entry.id} (${best.kind}, ${best.hashDistance ?? best.inliers})`);
      }
    }
  }
  // The untransformed unrelated photos too.
  for (const u of unrelated) {
    unrelatedAsked++;
    const asIs = await matchInIndex(index, u.descriptors, (ids) => new Map(ids.map((id) => [id, features.get(id)!])));
    calibrate(asIs, gallery.length, u.place);
    const best = asIs[0];
    if (best) {
      falseMatches++;
      falseList.push(`${u.name} (as is) → ${best.entry.id}`);
    }
  }
}

// Size: the even half of the photos plus synthetic entries, queried with the even half's transformed copies.
// Synthetic keypoints are real ORB descriptors of the odd half (never queried here), drawn at random and placed at
// random points: they compete for votes as real photos' keypoints do (ORB descriptors are far from uniform) but
// cannot pass geometric verification. Their hashes are random.
const DESCRIPTOR_POOL = odd.flatMap((p) =>
  Array.from({ length: p.descriptors.features.count }, (_, i) =>
    p.descriptors.features.descriptors.subarray(i * 8, i * 8 + 8),
  ),
);
function syntheticFeatures(): Features {
  const descriptors = new Uint32Array(MAX_KEYPOINTS * 8);
  for (let i = 0; i < MAX_KEYPOINTS; i++)
    descriptors.set(DESCRIPTOR_POOL[Math.floor(random() * DESCRIPTOR_POOL.length)]!, i * 8);
  const points = new Float32Array(MAX_KEYPOINTS * 2);
  for (let i = 0; i < points.length; i++) points[i] = random() * 1024;
  return { count: MAX_KEYPOINTS, points, descriptors };
}
const randomHash = () =>
  (BigInt(Math.floor(random() * 0x100000000)) << 32n) | BigInt(Math.floor(random() * 0x100000000));
const POOL = Array.from({ length: 256 }, syntheticFeatures);
const sizes = String(args.sizes)
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
const sizeRows: Array<Record<string, unknown>> = [];
{
  const { index, features } = buildIndex(even);
  const sizeQueries = queries.filter((q) => even.includes(q.truth));
  let synthetic = 0;
  for (const size of sizes) {
    console.error(`Gallery of ${size} entries…`);
    const tb = performance.now();
    while (index.size < size) {
      const id = `synthetic-${synthetic}`;
      const f = POOL[synthetic % POOL.length]!;
      index.add(
        { id, analysisId: null, lat: 25.7, lng: -80.3, source: 'gps', createdAt: new Date(0).toISOString() },
        { phash: VIEWS.map(randomHash), dhash: randomHash() },
        f,
      );
      features.set(id, f);
      synthetic++;
    }
    const buildMs = ms(tb);
    const times: number[] = [];
    let top1 = 0;
    for (const q of sizeQueries) {
      const t = performance.now();
      const matches = await matchInIndex(
        index,
        q.descriptors,
        (ids) => new Map(ids.map((id) => [id, features.get(id)!])),
      );
      times.push(ms(t));
      const best = matches[0];
      if (best && haversineMeters({ lat: best.entry.lat, lng: best.entry.lng }, q.truth.place) <= 100) top1++;
    }
    const s = stats(times);
    sizeRows.push({
      entries: index.size,
      'match p50 ms': s.p50,
      'match p95 ms': s.p95,
      'top-1 %': Math.round((1000 * top1) / sizeQueries.length) / 10,
      'grow ms': Math.round(buildMs),
      rssMB: Math.round(process.memoryUsage().rss / 1_048_576),
    });
  }
}

const describe = stats(queries.map((q) => q.describeMs));
const calibration = { gallery: ece(galleryPoints), fused: ece(fusedPoints) };
const summary = {
  photos: photos.length,
  queries: asked,
  'top-1 within 100 m %': Math.round((1000 * right) / asked) / 10,
  'target top-1 %': 95,
  'unrelated queries': unrelatedAsked,
  'false matches %': Math.round((1000 * falseMatches) / unrelatedAsked) / 10,
  'target false %': 1,
  'describe p50 ms': describe.p50,
  'describe p95 ms': describe.p95,
  'ECE gallery': calibration.gallery.ece,
  'ECE fused': calibration.fused.ece,
};
console.error('\nGallery: top-1 and false matches (two folds)');
table([summary]);
console.error('Best match kind (queries of photos in the gallery)');
table([byKind]);
console.error(
  'By gallery size: even-half photos + synthetic entries (query already described; target p50 ≤ 50 ms at 10,000)',
);
table(sizeRows);
if (misses.length) console.error(`Misses:\n  ${misses.join('\n  ')}`);
if (falseList.length) console.error(`False matches:\n  ${falseList.join('\n  ')}`);
console.error(NOTE_SHARED_MACHINE);
const file = writeResult(String(args.out), {
  date: new Date().toISOString(),
  machine: machine(),
  note: NOTE_SHARED_MACHINE,
  seed: Number(args.seed),
  perPhoto: PER_PHOTO,
  summary,
  byKind,
  calibration,
  sizes: sizeRows,
  misses,
  falseMatches: falseList,
});
console.error(`Written to ${file}`);
