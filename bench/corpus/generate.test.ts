import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { generateCorpus, toDmsRationals, type Manifest } from './generate';

const dir = mkdtempSync(join(tmpdir(), 'vt-corpus-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('corpus generator', () => {
  let manifest: Manifest;

  it('writes GPS that exifr reads back within 1e-6°, with accuracy, time and phone', async () => {
    // West and north of the county, an island and a far south-west point: both hemispheres' refs matter.
    manifest = await generateCorpus({
      outDir: dir,
      width: 64,
      height: 48,
      placeIds: ['cape-florida', 'fisher-island', 'aventura', 'everglades-entrance'],
    });
    expect(manifest.withGps).toHaveLength(4);
    for (const entry of manifest.withGps) {
      const bytes = readFileSync(join(dir, entry.file));
      const gps = await exifr.gps(bytes);
      expect(gps, entry.file).toBeDefined();
      expect(Math.abs(gps!.latitude - entry.gps!.lat), entry.file).toBeLessThan(1e-6);
      expect(Math.abs(gps!.longitude - entry.gps!.lng), entry.file).toBeLessThan(1e-6);
      expect(gps!.longitude).toBeLessThan(0);
      const tags = await exifr.parse(bytes, { gps: true, exif: true, tiff: true, reviveValues: false });
      expect(tags.GPSHPositioningError).toBeCloseTo(entry.gps!.accuracyMeters, 2);
      expect(tags.DateTimeOriginal).toBe(entry.takenAt.replace('T', ' ').replace(/-/g, ':'));
      expect(tags.Make).toBe(entry.make);
      expect(tags.Model).toBe(entry.model);
      expect(entry.expected.lat).toBe(entry.gps!.lat);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 48]);
    }
  });

  it('writes the same pictures without any GPS, keeping camera and time', async () => {
    expect(manifest.withoutGps.map((e) => e.placeId)).toEqual(manifest.withGps.map((e) => e.placeId));
    for (const entry of manifest.withoutGps) {
      const bytes = readFileSync(join(dir, entry.file));
      expect(await exifr.gps(bytes), entry.file).toBeUndefined();
      const tags = await exifr.parse(bytes, { gps: true, exif: true, tiff: true });
      expect(tags.GPSLatitude).toBeUndefined();
      expect(tags.Make).toBe(entry.make);
      expect(entry.gps).toBeNull();
    }
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest);
  });

  it('moves each position 100–500 m off its gazetteer point, so the engine is not handed its own coordinates', () => {
    for (const entry of manifest.withGps) {
      const { lat, lng } = entry.entryPosition;
      const dLat = (entry.gps!.lat - lat) * 111_320;
      const dLng = (entry.gps!.lng - lng) * 111_320 * Math.cos((lat * Math.PI) / 180);
      expect(entry.jitterMeters, entry.file).toBeGreaterThan(0);
      expect(Math.hypot(dLat, dLng), entry.file).toBeCloseTo(entry.jitterMeters, -1);
      expect(entry.jitterMeters).toBeLessThanOrEqual(500);
    }
  });

  it('states the expected municipality and, for neighbourhood entries only, the neighbourhood', () => {
    const byId = Object.fromEntries(manifest.withGps.map((e) => [e.placeId, e.expected]));
    expect(byId['aventura']).toMatchObject({ municipality: 'Aventura', neighbourhood: null });
    expect(byId['fisher-island']).toMatchObject({ municipality: 'Unincorporated Miami-Dade', neighbourhood: null });
    for (const e of manifest.withGps) expect(e.expected.neighbourhoodAlso).toEqual([]);
  });

  it('carries seconds into minutes and degrees when rounding reaches 60″', () => {
    expect(toDmsRationals(25.5)).toBe('25/1 30/1 0/10000');
    expect(toDmsRationals(-80.99999999999)).toBe('81/1 0/1 0/10000');
  });
});
