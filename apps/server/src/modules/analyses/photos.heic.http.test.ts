import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { uploadPhotos, uploadServerWithAlice, waitForAnalysis } from '../../test/analyses';
import { SHARED_DATA_DIR } from '../../engine/test/shared-geodata';

const IMAGES = join(SHARED_DATA_DIR, 'images');

// iPhone photos through the upload route: their time goes to the WASM HEIC decoder (~10 s each on a 2-core
// machine), not to the database, so CI runs this file once, on PGlite (scripts/test.mjs, PGLITE_ONLY).
describe('POST /api/photos with iPhone HEIC photos', () => {
  const ctx = uploadServerWithAlice();

  it('decodes iPhone HEIC through the WASM decoder and reports a place outside coverage where it is', async () => {
    const res = await uploadPhotos(ctx.alice, [
      { name: 'IMG_5195.HEIC', data: readFileSync(`${IMAGES}/parser-samples/with-gps/IMG_5195.HEIC`) },
    ]);
    expect(res.status).toBe(202);
    const analysis = await waitForAnalysis(ctx.alice, res.body.analyses[0].analysisId, 30_000);
    expect(analysis.status).toBe('done');
    expect(analysis.analysis_result).toMatchObject({
      outcome: 'outside_coverage',
      insideCoverage: false,
      source: 'GPS Metadata',
    });
    expect(analysis.analysis_result!.lat).toBeCloseTo(39.0513, 3);
    expect(analysis.analysis_result!.lng).toBeCloseTo(-94.2888, 3);
    const display = Buffer.from(await (await ctx.alice.fetch(`/api/photos/${analysis.photoId}/display`)).arrayBuffer());
    const meta = await sharp(display).metadata();
    // 2566×3313 portrait, scaled to fit 1600.
    expect(meta.height).toBe(1600);
    expect(meta.width).toBe(Math.round((2566 / 3313) * 1600));
    expect(meta.exif).toBeUndefined();
    const stats = await sharp(display).stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(5); // real pixels, not a blank frame
  });

  it('decodes the iPhone 7 HEIC sample too (stripped 1600 px display, real pixels)', async () => {
    const res = await uploadPhotos(ctx.alice, [
      { name: 'heic-iphone7.heic', data: readFileSync(`${IMAGES}/parser-samples/with-gps/heic-iphone7.heic`) },
    ]);
    expect(res.status).toBe(202);
    const analysis = await waitForAnalysis(ctx.alice, res.body.analyses[0].analysisId, 30_000);
    expect(analysis.status).toBe('done');
    expect(analysis.evidence[0]!.position).toBeDefined();
    const display = Buffer.from(await (await ctx.alice.fetch(`/api/photos/${analysis.photoId}/display`)).arrayBuffer());
    const meta = await sharp(display).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    expect(meta.exif).toBeUndefined();
    expect(await exifr.gps(display).catch(() => undefined)).toBeUndefined();
    expect((await sharp(display).stats()).channels[0]!.stdev).toBeGreaterThan(5);
  });
});
