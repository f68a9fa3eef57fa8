import { beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_PHOTOS, normalisedPhoto, transformPhoto } from '../test/gallery-photos';
import { mulberry32 } from '../geo/sampling';
import { bytesToFeatures, featuresToBytes, MAX_KEYPOINTS, MIN_INLIERS, spreadKeypoints, verifyMatch } from './features';
import { describePhoto, type PhotoDescriptors } from './gallery';

const SAMPLE = GALLERY_PHOTOS.slice(0, 6);
// Taken before anything loads OpenCV (importing features.ts does not).
const handlersBefore = {
  uncaught: process.listeners('uncaughtException').length,
  rejection: process.listeners('unhandledRejection').length,
};

describe('ORB features with RANSAC verification', () => {
  const stored = new Map<string, PhotoDescriptors>();
  const originals = new Map<string, Buffer>();
  beforeAll(async () => {
    for (const name of SAMPLE) {
      const image = await normalisedPhoto(name);
      originals.set(name, image);
      stored.set(name, await describePhoto(image, 'stored'));
    }
  }, 120_000);

  it('finds up to MAX_KEYPOINTS keypoints and stores them compactly (no pixels)', () => {
    const f = stored.get(GALLERY_PHOTOS[0])!.features;
    expect(f.count).toBeGreaterThan(100);
    expect(f.count).toBeLessThanOrEqual(MAX_KEYPOINTS);
    const bytes = featuresToBytes(f);
    expect(bytes.length).toBe(f.count * 36);
    const back = bytesToFeatures(bytes);
    expect(back.descriptors).toEqual(f.descriptors);
    expect(Array.from(back.points)).toEqual(Array.from(f.points).map((v) => Math.round(v)));
  });

  it('spreads keypoints over the picture rather than bunching them where the contrast is strongest', () => {
    // 2,000 strong corners in the top-left tenth of a 640 × 480 picture, 1,000 weaker ones spread over all of it.
    const random = mulberry32(11);
    const kps = [
      ...Array.from({ length: 2000 }, () => ({ x: random() * 64, y: random() * 48, response: 1 + random() })),
      ...Array.from({ length: 1000 }, () => ({ x: random() * 640, y: random() * 480, response: random() })),
    ].map((k, i) => ({ ...k, i }));
    const kept = spreadKeypoints(kps, 640, 480, MAX_KEYPOINTS);
    expect(kept).toHaveLength(MAX_KEYPOINTS);
    expect(new Set(kept).size).toBe(MAX_KEYPOINTS);
    const outside = kept.filter((i) => kps[i]!.x >= 64 || kps[i]!.y >= 48).length;
    // Strongest-first alone would keep none outside the corner; every grid cell gets its share first.
    expect(outside / MAX_KEYPOINTS).toBeGreaterThan(0.8);
    // The strongest corner is always kept.
    expect(kept).toContain(kps.reduce((a, b) => (b.response > a.response ? b : a)).i);
  });

  it('verifies an off-centre crop, rotated and recompressed, of the same photo', async () => {
    for (const name of SAMPLE) {
      const copy = await transformPhoto(originals.get(name)!, {
        crop: { keep: 0.75, x: 0.2, y: 0.7 },
        rotateDeg: -6,
        resizeTo: 900,
        jpegQuality: 55,
      });
      const v = await verifyMatch((await describePhoto(copy)).features, stored.get(name)!.features);
      expect(v.inliers, name).toBeGreaterThanOrEqual(MIN_INLIERS);
    }
  }, 120_000);

  it('finds no consistent geometry between unrelated photos', async () => {
    for (const a of SAMPLE)
      for (const b of SAMPLE) {
        if (a === b) continue;
        const v = await verifyMatch(stored.get(a)!.features, stored.get(b)!.features);
        expect(v.inliers, `${a} vs ${b}`).toBeLessThan(MIN_INLIERS);
      }
  }, 120_000);

  it('leaves no process-wide error handlers behind after loading OpenCV', () => {
    // OpenCV's build installs handlers that abort the process; loading it (above) must have removed them.
    expect({
      uncaught: process.listeners('uncaughtException').length,
      rejection: process.listeners('unhandledRejection').length,
    }).toEqual(handlersBefore);
  });
});
