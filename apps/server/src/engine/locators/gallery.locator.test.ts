import { describe, expect, it } from 'vitest';
import type { Evidence } from '@vt/shared';
import { fuse } from '../pipeline/fuse';
import { describePlace, placeName } from '../pipeline/place';
import { nearDuplicateConfidence, sameSceneConfidence, type MatchOutcome } from '../gallery/gallery';
import { createGalleryLocator, galleryEvidence } from './gallery.locator';

const entry = (over: Partial<MatchOutcome['matches'][number]['entry']> = {}) => ({
  id: 'e1',
  analysisId: 'a1',
  lat: 25.7784,
  lng: -80.1867,
  source: 'gps',
  createdAt: '2026-03-14T15:00:00.000Z',
  ...over,
});

describe('gallery match confidence', () => {
  it('rises with the evidence and never claims certainty', () => {
    expect(sameSceneConfidence(12)).toBe(0.8);
    expect(sameSceneConfidence(20)).toBe(0.88);
    expect(sameSceneConfidence(27)).toBe(0.95);
    expect(sameSceneConfidence(400)).toBe(0.95);
    expect(nearDuplicateConfidence(0)).toBe(0.95);
    expect(nearDuplicateConfidence(11)).toBe(0.73);
    for (let n = 12; n < 60; n++) expect(sameSceneConfidence(n + 1)).toBeGreaterThanOrEqual(sameSceneConfidence(n));
  });
});

describe('gallery locator evidence', () => {
  it('says which earlier photo matched and where, with no image', () => {
    const [e] = galleryEvidence({
      enabled: true,
      size: 12,
      referenceSize: 0,
      timings: { matchMs: 3 },
      matches: [{ entry: entry(), kind: 'same-scene', inliers: 41, confidence: 0.9 }],
    });
    expect(e).toMatchObject({
      locator: 'gallery',
      kind: 'position',
      position: { lat: 25.7784, lng: -80.1867 },
      radiusMeters: 150,
      confidence: 0.9,
      details: {
        match: { kind: 'same-scene', entryId: 'e1', analysisId: 'a1', source: 'gps', inliers: 41 },
        gallerySize: 12,
      },
    });
    expect(e!.summary).toBe(
      'Shows the same scene as a photo you located on 2026-03-14 (placed by its GPS): 41 matching points in a consistent arrangement.',
    );
  });

  it('a near-duplicate is placed tighter and names the hash distance; a confirmed place says so', () => {
    const [e] = galleryEvidence({
      enabled: true,
      size: 1,
      referenceSize: 0,
      timings: {},
      matches: [
        { entry: entry({ source: 'user-confirmed' }), kind: 'near-duplicate', hashDistance: 4, confidence: 0.87 },
      ],
    });
    expect(e!.radiusMeters).toBe(50);
    expect(e!.summary).toContain('(placed by you)');
    expect(e!.summary).toContain('4 of 64 hash bits differ');
  });

  it('is honest when there is nothing to compare or nothing matched, or the user turned it off', () => {
    expect(galleryEvidence({ enabled: true, size: 0, referenceSize: 0, timings: {}, matches: [] })[0]).toMatchObject({
      kind: 'absent',
      summary: expect.stringContaining('No places remembered yet'),
    });
    expect(galleryEvidence({ enabled: true, size: 3, referenceSize: 0, timings: {}, matches: [] })[0]!.summary).toBe(
      'None of the 3 places you located before looks like this photo.',
    );
    expect(galleryEvidence({ enabled: false, size: 0, referenceSize: 0, timings: {}, matches: [] })[0]).toMatchObject({
      kind: 'absent',
      details: { disabled: true },
    });
  });

  it('skips when the photo has a precise GPS fix, runs otherwise', () => {
    const locator = createGalleryLocator();
    const gps: Evidence = {
      locator: 'metadata',
      kind: 'position',
      position: { lat: 25.77, lng: -80.19 },
      radiusMeters: 10,
      confidence: 0.95,
      summary: 'GPS',
    };
    expect(locator.skip?.([gps])).toContain('GPS already places it');
    expect(locator.skip?.([])).toBeNull();
  });

  it("a reference photo names its import, and is compared even with the user's own gallery off", () => {
    const reference = { importId: 'i1', importName: 'downtown-2026', fileName: 'bayside/IMG_1.jpg' };
    const [e] = galleryEvidence({
      enabled: false,
      size: 0,
      referenceSize: 40,
      timings: {},
      matches: [
        {
          entry: entry({ analysisId: null, source: 'reference', reference }),
          kind: 'same-scene',
          inliers: 30,
          confidence: 0.95,
        },
      ],
    });
    expect(e).toMatchObject({
      kind: 'position',
      radiusMeters: 150,
      details: { match: { source: 'reference', importId: 'i1', importName: 'downtown-2026' }, referenceSize: 40 },
    });
    expect(e!.summary).toBe(
      'Shows the same scene as reference photo bayside/IMG_1.jpg from import “downtown-2026” (2026-03-14): 30 matching points in a consistent arrangement.',
    );
    expect(galleryEvidence({ enabled: true, size: 3, referenceSize: 1, timings: {}, matches: [] })[0]!.summary).toBe(
      'None of the 3 places you located before looks like this photo; none of the 1 reference photo looks like it either.',
    );
  });

  it('fuses as "Photo Gallery", and agreeing text evidence raises the confidence', () => {
    const [g] = galleryEvidence({
      enabled: true,
      size: 1,
      referenceSize: 0,
      timings: {},
      matches: [{ entry: entry(), kind: 'same-scene', inliers: 20, confidence: 0.66 }],
    });
    const alone = fuse([g!], { describePlace, placeName });
    expect(alone.source).toBe('Photo Gallery');
    expect(alone.confidence).toBe(0.66);
    const text: Evidence = {
      locator: 'text',
      kind: 'position',
      position: { lat: 25.7787, lng: -80.1869 },
      radiusMeters: 350,
      confidence: 0.6,
      summary: 'Read “Bayside”.',
    };
    const both = fuse([g!, text], { describePlace, placeName });
    expect(both.lat).toBe(25.7784);
    expect(both.confidence).toBeGreaterThan(0.66);
  });
});
