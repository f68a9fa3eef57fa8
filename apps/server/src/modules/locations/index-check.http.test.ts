import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  IndexCheckResponseSchema,
  LocationIndexCreateResponseSchema,
  LocationIndexSchema,
  PhotoUploadResponseSchema,
  type LocationIndexItem,
} from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { uploadPhotos, waitForAnalysis } from '../../test/analyses';
import { SHARED_DATA_DIR } from '../../engine/test/shared-geodata';
import { composeScene, streetSign } from '../../engine/test/signs';
import { mulberry32 } from '../../engine/geo/sampling';
import { gridPoint } from '../../engine/geo/grid';
import { haversineMeters } from '../../engine/geo/geometry';
import { photos } from '../../db/schema.analyses';
import { exifGps, gpsJpeg, plainJpeg } from '../analyses/photos.fixtures';

const street = readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/mdx_Samsung_SM-N900A.jpg'));
const CORNER = gridPoint(-8, 27); // SW 8 St & SW 27 Ave
const MIAMI_BEACH = { lat: 25.7907, lng: -80.13 };

/** A photo of the SW 8 St & SW 27 Ave street sign whose EXIF GPS says `at` (5 m accuracy). */
async function signWithGps(at: { lat: number; lng: number }): Promise<Buffer> {
  const sign = await streetSign([
    { name: 'SW 8 ST', block: '2700' },
    { name: 'SW 27 AVE', block: '800' },
  ]);
  const scene = await composeScene(
    street,
    sign,
    { at: { x: 0.3, y: 0.18 }, widthShare: 0.36, rotateDeg: 4, blurSigma: 0.5 },
    mulberry32(11),
  );
  return sharp(scene)
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'GPS 1' },
      IFD3: exifGps(at, 5),
    })
    .toBuffer();
}

async function analyse(b: TestBrowser, name: string, data: Buffer) {
  const res = await uploadPhotos(b, [{ name, data, type: 'image/jpeg' }]);
  expect(res.status).toBe(202);
  return waitForAnalysis(b, PhotoUploadResponseSchema.parse(res.body).analyses[0]!.analysisId, 60_000);
}

const indexOf = async (b: TestBrowser) => LocationIndexSchema.parse((await b.api('/api/location-index')).body).items;
const itemOf = async (b: TestBrowser, analysisId: string): Promise<LocationIndexItem> =>
  (await indexOf(b)).find((i) => i.analysisId === analysisId)!;
const check = async (b: TestBrowser, id: string, action: 'verify' | 'reevaluate') => {
  const res = await b.api(`/api/location-index/${id}/${action}`, { method: 'POST' });
  return {
    status: res.status,
    body: res.body,
    check: res.status === 200 ? IndexCheckResponseSchema.parse(res.body) : undefined,
  };
};

describe('Verify and Reevaluate of the location index (real, R-INDEX-8, R-INDEX-9)', () => {
  let server: TestServer;
  let alice: TestBrowser;
  let bob: TestBrowser;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await server.signIn('checker@example.com', 'Checker');
    bob = await server.signIn('other-checker@example.com', 'Other');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('Verify reads the sign a GPS photo skipped: agreeing text verifies it, +0.1 once, and the result persists', async () => {
    const analysis = await analyse(alice, 'corner-gps.jpg', await signWithGps(CORNER));
    expect(analysis.analysis_result!.source).toBe('GPS Metadata');
    // The text locator skipped itself after the precise fix: the analysis never read the sign.
    expect(analysis.evidence.find((e) => e.locator === 'text')).toMatchObject({
      kind: 'absent',
      details: { skipped: true },
    });
    const before = await itemOf(alice, analysis.id);
    expect(before.status).toBe('idle');

    const first = await check(alice, before.id, 'verify');
    expect(first.status).toBe(200);
    expect(first.check!.outcome).toBe('verified');
    const text = first.check!.witnesses.find((w) => w.source === 'Text in Photo' && w.agrees);
    expect(text?.distanceMeters).toBeLessThan(350);
    expect(first.check!.item.status).toBe('verified');
    expect(first.check!.item.confidence).toBeCloseTo(Math.min(1, before.confidence + 0.1), 3);
    expect(first.check!.message).toContain('Text in Photo agrees');

    // Verifying again confirms but does not raise the confidence a second time.
    const second = await check(alice, before.id, 'verify');
    expect(second.check!.item.confidence).toBeCloseTo(first.check!.item.confidence, 5);

    // Stored on the server: another read (another browser) sees the status, the confidence and why.
    const after = await itemOf(alice, analysis.id);
    expect(after).toMatchObject({ status: 'verified', note: first.check!.message });
    expect(after.checkedAt).not.toBeNull();
    expect(after.processingMs).toBeGreaterThan(0);
  }, 120_000);

  it('Verify does not verify a GPS position the sign contradicts: ERR, with the distance and the reading', async () => {
    const analysis = await analyse(alice, 'corner-wrong-gps.jpg', await signWithGps(MIAMI_BEACH));
    const item = await itemOf(alice, analysis.id);
    const res = await check(alice, item.id, 'verify');
    expect(res.check!.outcome).toBe('contradicted');
    expect(res.check!.item.status).toBe('error');
    expect(res.check!.item.confidence).toBe(item.confidence);
    const text = res.check!.witnesses.find((w) => w.source === 'Text in Photo')!;
    expect(text.agrees).toBe(false);
    expect(text.distanceMeters).toBeGreaterThan(5000);
    expect(res.check!.message).toMatch(/^Not verified: Text in Photo places it \d+(\.\d)? km away/);
  }, 120_000);

  it('Verify with nothing independent says why and leaves status and confidence alone', async () => {
    const gpsOnly = await analyse(alice, 'plain-gps.jpg', await gpsJpeg(25.7907, -80.13, { accuracyM: 5 }));
    const item = await itemOf(alice, gpsOnly.id);
    const res = await check(alice, item.id, 'verify');
    expect(res.check!.outcome).toBe('unverifiable');
    expect(res.check!.item).toMatchObject({ status: 'idle', confidence: item.confidence });
    expect(res.check!.message).toContain('no evidence independent of the source');
    expect(res.check!.message).toContain('Text in Photo');

    const fallback = await analyse(alice, 'plain.jpg', await plainJpeg());
    expect(fallback.analysis_result!.source).toBe('Fallback');
    const fb = await check(alice, (await itemOf(alice, fallback.id)).id, 'verify');
    expect(fb.check!.outcome).toBe('unverifiable');
    expect(fb.check!.message).toContain('general Miami area');
  }, 120_000);

  it('a hand-added item is verified by its name against the gazetteer, or contradicted, or unverifiable', async () => {
    const add = async (name: string, lat: number, lng: number) =>
      LocationIndexCreateResponseSchema.parse(
        (await alice.api('/api/location-index', { method: 'POST', body: { name, lat, lng } })).body,
      ).item;
    const right = await check(alice, (await add('Sample: Bayfront Park', 25.7753, -80.1862)).id, 'verify');
    expect(right.check!).toMatchObject({ outcome: 'verified', item: { status: 'verified', confidence: 0.9 } });
    expect(right.check!.witnesses[0]).toMatchObject({ source: 'Gazetteer', agrees: true });

    const wrong = await check(alice, (await add('Bayfront Park', 25.7494, -80.2597)).id, 'verify');
    expect(wrong.check!).toMatchObject({ outcome: 'contradicted', item: { status: 'error', confidence: 0.8 } });

    const city = await check(alice, (await add('Somewhere in Coral Gables', 25.7494, -80.2597)).id, 'verify');
    expect(city.check!.outcome).toBe('verified');

    const nothing = await check(alice, (await add('My favourite spot', 25.76, -80.2)).id, 'verify');
    expect(nothing.check!).toMatchObject({ outcome: 'unverifiable', item: { status: 'idle', confidence: 0.8 } });
    expect(nothing.check!.message).toContain('its name mentions no place the gazetteer knows');

    // Nothing to analyse again for a hand-added item.
    const re = await check(alice, nothing.check!.item.id, 'reevaluate');
    expect(re.status).toBe(409);
    expect(re.body.error.message).toContain('added by hand');
  });

  it('Reevaluate analyses the photo again from what is stored and keeps the new position and confidence', async () => {
    const analysis = await analyse(alice, 'again.jpg', await gpsJpeg(25.7907, -80.13, { accuracyM: 5 }));
    const item = await itemOf(alice, analysis.id);
    // Move the entry away (as a stale or corrected item would be) to see Reevaluate bring the engine's answer back.
    const corrected = await alice.api(`/api/analyses/${analysis.id}/correction`, { method: 'POST', body: CORNER });
    expect(corrected.status).toBe(200);
    expect((await itemOf(alice, analysis.id)).source).toBe('User Confirmed');

    const res = await check(alice, item.id, 'reevaluate');
    expect(res.status).toBe(200);
    expect(res.check!.outcome).toBe('reevaluated');
    const now = res.check!.item;
    expect(now.status).toBe('reevaluated');
    expect(now.source).toBe('GPS Metadata');
    expect(haversineMeters(now.coordinates, { lat: 25.7907, lng: -80.13 })).toBeLessThan(2);
    expect(now.confidence).toBe(analysis.analysis_result!.confidence);
    expect(res.check!.message).toMatch(/km from the previous point/);
    expect(await itemOf(alice, analysis.id)).toMatchObject({ status: 'reevaluated', coordinates: now.coordinates });
  }, 120_000);

  it('Reevaluate says so when the photo is no longer stored; other users and bad ids get 404', async () => {
    const analysis = await analyse(alice, 'gone.jpg', await gpsJpeg(25.7907, -80.13, { accuracyM: 5 }));
    const item = await itemOf(alice, analysis.id);

    for (const action of ['verify', 'reevaluate'] as const) {
      expect((await check(bob, item.id, action)).status).toBe(404);
      expect((await check(alice, 'not-a-uuid', action)).status).toBe(404);
      expect((await check(alice, '00000000-0000-4000-8000-000000000000', action)).status).toBe(404);
    }

    await server.db.database.db.update(photos).set({ displayKey: null }).where(eq(photos.id, analysis.photoId));
    const res = await check(alice, item.id, 'reevaluate');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('cannot be analysed again');
    expect((await itemOf(alice, analysis.id)).status).toBe('idle');
  }, 120_000);
});
