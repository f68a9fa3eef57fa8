import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GallerySettingsSchema, PhotoUploadResponseSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { uploadPhotos, waitForAnalysis } from '../../test/analyses';
import { normalisedPhoto, transformPhoto } from '../../engine/test/gallery-photos';
import { haversineMeters } from '../../engine/geo/geometry';
import { exifGps } from '../analyses/photos.fixtures';

/** Bayside Marketplace, downtown Miami: where the first photo's GPS says it was taken. */
const PLACE = { lat: 25.7784, lng: -80.1867 };
const PHOTO = 'parser-samples/with-gps/DSCN0010.jpg';

/** The photo as a phone would upload it: a JPEG with EXIF GPS. */
async function withGps(image: Buffer, p: { lat: number; lng: number }): Promise<Buffer> {
  return sharp(image)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Gallery 1' },
      IFD3: exifGps(p, 5),
    })
    .toBuffer();
}

async function analyse(browser: TestBrowser, name: string, data: Buffer) {
  const res = await uploadPhotos(browser, [{ name, data, type: 'image/jpeg' }]);
  expect(res.status).toBe(202);
  const { analyses } = PhotoUploadResponseSchema.parse(res.body);
  return waitForAnalysis(browser, analyses[0]!.analysisId, 60_000);
}

/** The gallery locator through the API: a place seen before recognises a transformed copy with no GPS. */
describe('gallery: places seen before', () => {
  let server: TestServer;
  let original: Buffer;

  beforeAll(async () => {
    // OCR is not what is tested here; without it the only way to place the GPS-less copy is the gallery.
    server = await startTestServer({ env: { TEXT_LOCATOR: 'false' } });
    original = await normalisedPhoto(PHOTO);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a GPS photo is remembered; a cropped, rotated, recompressed copy without GPS comes back at its place', async () => {
    const alice = await server.signIn('gallery-alice@example.com', 'Alice');
    expect(GallerySettingsSchema.parse((await alice.api('/api/gallery/settings')).body)).toEqual({
      enabled: true,
      entries: 0,
    });

    const first = await analyse(alice, 'bayside.jpg', await withGps(original, PLACE));
    expect(first.analysis_result?.source).toBe('GPS Metadata');
    expect((await alice.api('/api/gallery/settings')).body.entries).toBe(1);

    // Shared on a messaging app: cropped, turned a little, smaller, recompressed, a caption; sharp writes no EXIF.
    const copy = await transformPhoto(original, {
      crop: { keep: 0.8, x: 0.3, y: 0.6 },
      rotateDeg: 5,
      resizeTo: 800,
      jpegQuality: 50,
      text: 'Miami!',
    });
    const second = await analyse(alice, 'shared.jpg', copy);
    const result = second.analysis_result!;
    expect(result.outcome).toBe('found');
    expect(result.source).toBe('Photo Gallery');
    expect(haversineMeters(result, PLACE)).toBeLessThan(100);
    const gallery = second.evidence.find((e) => e.locator === 'gallery' && e.kind === 'position')!;
    expect(gallery.confidence).toBeGreaterThan(0.5);
    expect(gallery.summary).toMatch(/photo you located on \d{4}-\d{2}-\d{2} \(placed by its GPS\)/);
    expect(gallery.details).toMatchObject({ match: { analysisId: first.id, source: 'gps' } });
    // Descriptors only: nothing in the evidence is an image or a storage key.
    expect(JSON.stringify(gallery)).not.toMatch(/derived\/|originals\/|data:image/);
  }, 120_000);

  it("another user's places are not theirs: the same copy finds nothing for Bob", async () => {
    const bob = await server.signIn('gallery-bob@example.com', 'Bob');
    const copy = await transformPhoto(original, { crop: { keep: 0.85, x: 0.5, y: 0.5 }, jpegQuality: 60 });
    const analysis = await analyse(bob, 'copy.jpg', copy);
    expect(analysis.analysis_result?.source).not.toBe('Photo Gallery');
    const gallery = analysis.evidence.find((e) => e.locator === 'gallery')!;
    expect(gallery.kind).toBe('absent');
  }, 120_000);

  it('with the setting off, a GPS photo adds no entry and the gallery is not consulted; entries can be deleted', async () => {
    const carol = await server.signIn('gallery-carol@example.com', 'Carol');
    await analyse(carol, 'first.jpg', await withGps(original, PLACE));
    expect((await carol.api('/api/gallery/settings')).body).toEqual({ enabled: true, entries: 1 });

    const off = await carol.api('/api/gallery/settings', { method: 'PUT', body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false, entries: 1 });
    await analyse(
      carol,
      'second.jpg',
      await withGps(await transformPhoto(original, { jpegQuality: 70 }), { lat: 25.79, lng: -80.2 }),
    );
    expect((await carol.api('/api/gallery/settings')).body.entries).toBe(1);
    const copy = await analyse(carol, 'copy.jpg', await transformPhoto(original, { jpegQuality: 60 }));
    expect(copy.evidence.find((e) => e.locator === 'gallery')).toMatchObject({
      kind: 'absent',
      details: { disabled: true },
    });

    // Deleting needs an explicit confirmation.
    const refused = await carol.api('/api/gallery/entries', { method: 'DELETE', body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('confirm');
    expect((await carol.api('/api/gallery/entries', { method: 'DELETE', body: { confirm: true } })).body).toEqual({
      deleted: 1,
    });
    expect((await carol.api('/api/gallery/settings')).body).toEqual({ enabled: false, entries: 0 });
  }, 180_000);

  it('checks who is asking and what is sent', async () => {
    const anon = server.browser();
    expect((await anon.api('/api/gallery/settings')).status).toBe(401);
    expect((await anon.api('/api/gallery/settings', { method: 'PUT', body: { enabled: false } })).status).toBe(401);
    expect((await anon.api('/api/gallery/entries', { method: 'DELETE', body: { confirm: true } })).status).toBe(401);
    const dan = await server.signIn('gallery-dan@example.com', 'Dan');
    const bad = await dan.api('/api/gallery/settings', { method: 'PUT', body: { enabled: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_gallery_settings');
    expect(
      (await dan.api('/api/gallery/settings', { method: 'PUT', body: { enabled: true, userId: 'x' } })).status,
    ).toBe(400);
  });
});
