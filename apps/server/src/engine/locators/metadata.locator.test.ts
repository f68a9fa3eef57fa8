import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPhotoMetadata } from '../pipeline/read-metadata';
import { gpsJpeg, plainJpeg } from '../../modules/analyses/photos.fixtures';
import { metadataEvidence } from './metadata.locator';
import { LOCATORS } from './registry';
import { gpsConfidence, MAX_GPS_CONFIDENCE } from './gps-confidence';

const SAMPLES = '/work/shared/data/images/parser-samples';
const evidenceOf = async (bytes: Buffer) => metadataEvidence(await readPhotoMetadata(bytes));

describe('metadata locator', () => {
  it('is registered and always enabled', () => {
    expect(LOCATORS.map((l) => l.name)).toContain('metadata');
  });

  it('GPS inside Miami-Dade → a position with the stated accuracy as its radius', async () => {
    const [e] = await evidenceOf(await gpsJpeg(25.7663, -80.1936, { accuracyM: 12 }));
    expect(e).toMatchObject({ locator: 'metadata', kind: 'position', radiusMeters: 12 });
    expect(e!.position!.lat).toBeCloseTo(25.7663, 5);
    expect(e!.position!.lng).toBeCloseTo(-80.1936, 5);
    expect(e!.confidence).toBe(gpsConfidence(12));
  });

  it('GPS without a stated accuracy gets the documented default radius', async () => {
    const [e] = await evidenceOf(await gpsJpeg(25.6935, -80.1628)); // Key Biscayne
    expect(e).toMatchObject({ kind: 'position', radiusMeters: 50, details: { accuracyAssumed: true } });
  });

  it('GPS outside the county (Broward) → outside coverage at the real place', async () => {
    const [e] = await evidenceOf(await gpsJpeg(26.1224, -80.1373, { accuracyM: 5 })); // Fort Lauderdale
    expect(e!.kind).toBe('outside_coverage');
    expect(e!.position!.lat).toBeCloseTo(26.1224, 4);
    expect(e!.summary).toContain('outside Miami-Dade County');
  });

  it('an iPhone HEIC outside Florida → outside coverage with its accuracy', async () => {
    const [e] = await evidenceOf(readFileSync(`${SAMPLES}/with-gps/IMG_5195.HEIC`));
    expect(e).toMatchObject({ kind: 'outside_coverage' });
    expect(e!.radiusMeters).toBeCloseTo(38.81, 1);
  });

  it.each([
    ['mdx_Issue_308_gps_0_0.jpg', 'null-island'],
    ['mdx_Samsung_GT-I9000_gps_0_0.jpg', 'null-island'],
    ['immich_empty_gps.jpg', 'empty-gps-block'],
  ])('rejected GPS (%s) → evidence with the reason %s', async (file, reason) => {
    const [e] = await evidenceOf(readFileSync(`${SAMPLES}/gps-edge-cases/${file}`));
    expect(e).toMatchObject({ kind: 'rejected', reason });
    expect(e!.summary).toMatch(/not used/);
  });

  it('no GPS → absent evidence', async () => {
    const [e] = await evidenceOf(await plainJpeg());
    expect(e).toMatchObject({ kind: 'absent' });
  });
});

describe('gpsConfidence', () => {
  it('falls as the stated accuracy worsens and never claims certainty', () => {
    expect(gpsConfidence(5)).toBe(MAX_GPS_CONFIDENCE);
    expect(gpsConfidence(50)).toBe(MAX_GPS_CONFIDENCE);
    expect(gpsConfidence(200)).toBeLessThan(MAX_GPS_CONFIDENCE);
    expect(gpsConfidence(500)).toBeLessThan(gpsConfidence(200));
    expect(gpsConfidence(55_000)).toBeLessThan(0.01);
  });
});
