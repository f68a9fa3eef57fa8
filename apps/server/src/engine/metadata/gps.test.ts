import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../geo/geometry';
import { SHARED_DATA_DIR } from '../test/shared-geodata';
import { readGps, validateGpsBlock, type GpsReadResult } from './gps';

const IMAGES = join(SHARED_DATA_DIR, 'images');
const read = (...p: string[]) => readFileSync(join(IMAGES, ...p));

// ---------------------------------------------------------------------------------------------------------
// A minimal little-endian TIFF with a GPS IFD, to test what no sample file contains.

interface GpsTags {
  latRef?: string;
  lat?: [number, number, number];
  lngRef?: string;
  lng?: [number, number, number];
}

function tiffWithGps(tags: GpsTags): Buffer {
  const entries: Array<{ tag: number; type: number; count: number; inline?: Buffer; data?: Buffer }> = [];
  const ascii = (s: string) => Buffer.concat([Buffer.from(s, 'latin1'), Buffer.alloc(4 - s.length)]);
  const rationals = (v: number[]) => {
    const b = Buffer.alloc(v.length * 8);
    v.forEach((x, i) => {
      b.writeUInt32LE(Math.round(x * 1000), i * 8);
      b.writeUInt32LE(1000, i * 8 + 4);
    });
    return b;
  };
  if (tags.latRef !== undefined)
    entries.push({ tag: 1, type: 2, count: tags.latRef.length + 1, inline: ascii(tags.latRef) });
  if (tags.lat) entries.push({ tag: 2, type: 5, count: 3, data: rationals(tags.lat) });
  if (tags.lngRef !== undefined)
    entries.push({ tag: 3, type: 2, count: tags.lngRef.length + 1, inline: ascii(tags.lngRef) });
  if (tags.lng) entries.push({ tag: 4, type: 5, count: 3, data: rationals(tags.lng) });

  const ifd0At = 8;
  const gpsAt = ifd0At + 2 + 12 + 4;
  let dataAt = gpsAt + 2 + entries.length * 12 + 4;
  const head = Buffer.alloc(dataAt);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(ifd0At, 4);
  head.writeUInt16LE(1, ifd0At);
  head.writeUInt16LE(0x8825, ifd0At + 2);
  head.writeUInt16LE(4, ifd0At + 4);
  head.writeUInt32LE(1, ifd0At + 6);
  head.writeUInt32LE(gpsAt, ifd0At + 10);
  head.writeUInt16LE(entries.length, gpsAt);
  const blobs: Buffer[] = [];
  entries.forEach((e, i) => {
    const at = gpsAt + 2 + i * 12;
    head.writeUInt16LE(e.tag, at);
    head.writeUInt16LE(e.type, at + 2);
    head.writeUInt32LE(e.count, at + 4);
    if (e.inline) e.inline.copy(head, at + 8);
    else if (e.data) {
      head.writeUInt32LE(dataAt, at + 8);
      blobs.push(e.data);
      dataAt += e.data.length;
    }
  });
  return Buffer.concat([head, ...blobs]);
}

const MIAMI = {
  latRef: 'N',
  lat: [25, 46, 26] as [number, number, number],
  lngRef: 'W',
  lng: [80, 11, 37] as [number, number, number],
};

// ---------------------------------------------------------------------------------------------------------

describe('readGps: samples with GPS', () => {
  // From ../shared/data/SOURCES.md. Where the table gives only two decimals (the exiftool fixtures), the
  // precise value written in the file is used and checked against the table at the table's precision.
  const expected: Array<[file: string, lat: number, lng: number, table?: [number, number]]> = [
    ['DSCN0010.jpg', 43.4674, 11.8851],
    ['IMG_5195.HEIC', 39.0513, -94.2888],
    ['GPS.jpg', 54 + 59.38 / 60, -(1 + 54.85 / 60), [54.99, -1.91]],
    ['Apple.jpg', 53 + 22 / 60 + 58.25 / 3600, -(1 + 27 / 60 + 24.04 / 3600), [53.38, -1.46]],
    ['Google.jpg', 40 + 24 / 60 + 0.25 / 3600, -(3 + 42 / 60 + 52.73 / 3600), [40.4, -3.71]],
    ['GoPro.jpg', 40 + 39 / 60 + 30.3091199 / 3600, -(73 + 59 / 60 + 36.0754799 / 3600), [40.66, -73.99]],
    ['IMG_20180725_163423-tiny.jpg', 50.2996, 14.8203],
    ['heic-iphone7.heic', 38.0466, 12.9944],
    ['png_with_exif_and_gps.png', 50.2996, 14.8203],
    ['001.tif', 50.8626, 4.6725],
    ['mdx_Issue_473_iPhoneX.webp', 37.3927, -122.041],
    ['mdx_Apple_iPhone_5.jpg', 47.6272, -122.3373],
    ['mdx_Samsung_SM-N900A.jpg', 36.1243, -115.1699],
    ['immich_IMG_2682.heic', 41.2203, -96.0716],
    ['immich_thompson-springs.jpg', 39.115, -108.401],
  ];

  it('covers every file in the folder', () => {
    expect(readdirSync(join(IMAGES, 'parser-samples/with-gps')).sort()).toEqual(expected.map((e) => e[0]).sort());
  });

  it.each(expected)('%s is within 10 m of its stated position', async (file, lat, lng, table) => {
    const r = await readGps(read('parser-samples/with-gps', file));
    expect(r.status).toBe('ok');
    if (r.status !== 'ok') return;
    expect(haversineMeters(r.position, { lat, lng })).toBeLessThan(10);
    if (table) {
      expect(Math.abs(r.position.lat - table[0])).toBeLessThan(0.005);
      expect(Math.abs(r.position.lng - table[1])).toBeLessThan(0.005);
    }
  });

  it('reads accuracy, direction, altitude and time with offset (iPhone HEIC)', async () => {
    const r = await readGps(read('parser-samples/with-gps', 'heic-iphone7.heic'));
    expect(r).toMatchObject({
      status: 'ok',
      source: 'exif',
      precision: 'full',
      directionRef: 'true',
      takenAt: { local: '2019-10-20T18:34:30', offset: '+02:00', iso: '2019-10-20T16:34:30.000Z' },
    });
    if (r.status !== 'ok') return;
    expect(r.accuracyMeters).toBeCloseTo(6.0009, 3);
    expect(r.directionDegrees).toBeCloseTo(264.325, 2);
    expect(r.altitudeMeters).toBeCloseTo(1.3999, 3);
  });

  it('makes altitude negative below sea level (GPSAltitudeRef 1) and keeps a time without offset', async () => {
    const r = await readGps(read('parser-samples/with-gps', '001.tif'));
    expect(r.status).toBe('ok');
    if (r.status !== 'ok') return;
    expect(r.altitudeMeters).toBe(-8);
    expect(r.takenAt).toEqual({ local: '2017-11-07T18:56:07' });
    expect(r.accuracyMeters).toBeUndefined();
  });
});

describe('readGps: samples without GPS', () => {
  const files = readdirSync(join(IMAGES, 'parser-samples/without-gps'));
  it('has samples', () => expect(files.length).toBeGreaterThanOrEqual(10));
  it.each(files)('%s is absent', async (file) => {
    const r = await readGps(read('parser-samples/without-gps', file));
    expect(r.status).toBe('absent');
  });
});

describe('readGps: GPS edge cases', () => {
  const cases: Array<[string, (r: GpsReadResult) => void]> = [
    ['mdx_Samsung_GT-I9000_gps_0_0.jpg', (r) => expect(r).toMatchObject({ status: 'rejected', reason: 'null-island' })],
    ['mdx_Issue_308_gps_0_0.jpg', (r) => expect(r).toMatchObject({ status: 'rejected', reason: 'null-island' })],
    [
      'immich_empty_gps.jpg',
      (r) =>
        expect(r).toMatchObject({
          status: 'rejected',
          reason: 'empty-gps-block',
          takenAt: { local: '2025-06-01T16:59:26' },
        }),
    ],
    // Valid: full DMS with N/W refs (New Jersey); only its GPS time stamp is odd, which is not a position fault.
    [
      'exifr_issue-3_DJI_FLIR.jpg',
      (r) => {
        expect(r).toMatchObject({ status: 'ok', precision: 'full' });
        if (r.status === 'ok') expect(haversineMeters(r.position, { lat: 40.3775, lng: -74.4899 })).toBeLessThan(10);
      },
    ],
    // Valid but coarse: 39°N 108°W with proper refs; noted as whole-degree precision, not rejected.
    [
      'immich_datetimeoriginal-gps_integer_coords.jpg',
      (r) => {
        expect(r).toMatchObject({ status: 'ok', precision: 'integer-degrees', position: { lat: 39, lng: -108 } });
        if (r.status === 'ok') expect(r.notes.join(' ')).toMatch(/whole-degree/i);
      },
    ],
    // Its EXIF and XMP hold no GPS at all (exifr and metadata-extractor agree); the position lives only in
    // FLIR's proprietary FFF record (GPSInfo 0x2b: 34.0754 N, 118.2543 W — Los Angeles, refs present). Standard
    // metadata claims nothing, so the honest answer is "absent", not a rejection.
    ['mdx_FLIR_iPhone_positive_lon_missing_ref.jpg', (r) => expect(r.status).toBe('absent')],
  ];

  it('covers every file in the folder', () => {
    expect(readdirSync(join(IMAGES, 'parser-samples/gps-edge-cases')).sort()).toEqual(cases.map((c) => c[0]).sort());
  });

  it.each(cases)('%s', async (file, check) => {
    check(await readGps(read('parser-samples/gps-edge-cases', file)));
  });
});

describe('readGps: synthetic GPS blocks', () => {
  it('reads a well-formed block', async () => {
    const r = await readGps(tiffWithGps(MIAMI));
    expect(r).toMatchObject({ status: 'ok', precision: 'full' });
    if (r.status === 'ok') expect(haversineMeters(r.position, { lat: 25.77389, lng: -80.19361 })).toBeLessThan(5);
  });

  it.each([
    ['missing longitude ref', { ...MIAMI, lngRef: undefined }, 'missing-hemisphere-ref'],
    ['missing latitude ref', { ...MIAMI, latRef: undefined }, 'missing-hemisphere-ref'],
    ['longitude ref that is a latitude letter', { ...MIAMI, lngRef: 'N' }, 'wrong-hemisphere-ref'],
    ['garbage ref', { ...MIAMI, latRef: 'X' }, 'wrong-hemisphere-ref'],
    ['latitude above 90', { ...MIAMI, lat: [95, 0, 0] as [number, number, number] }, 'impossible-value'],
    ['longitude above 180', { ...MIAMI, lng: [181, 0, 0] as [number, number, number] }, 'impossible-value'],
    ['minutes of 75', { ...MIAMI, lat: [25, 75, 0] as [number, number, number] }, 'impossible-value'],
    [
      'zero position',
      { ...MIAMI, lat: [0, 0, 0] as [number, number, number], lng: [0, 0, 0] as [number, number, number] },
      'null-island',
    ],
  ])('%s is rejected', async (_name, tags, reason) => {
    const r = await readGps(tiffWithGps(tags as GpsTags));
    expect(r).toMatchObject({ status: 'rejected', reason });
    if (r.status === 'rejected') expect(r.detail.length).toBeGreaterThan(10);
  });

  it('treats a GPS block with refs but no coordinates as absent', async () => {
    expect((await readGps(tiffWithGps({ latRef: 'N', lngRef: 'W' }))).status).toBe('absent');
  });
});

describe('validateGpsBlock', () => {
  it.each([
    [
      'NaN',
      { GPSLatitude: [Number.NaN, 0, 0], GPSLatitudeRef: 'N', GPSLongitude: [80, 0, 0], GPSLongitudeRef: 'W' },
      'impossible-value',
    ],
    [
      'negative component',
      { GPSLatitude: [-25, 0, 0], GPSLatitudeRef: 'N', GPSLongitude: [80, 0, 0], GPSLongitudeRef: 'W' },
      'impossible-value',
    ],
    ['nulls', { GPSLatitude: [null, null, null], GPSLongitude: [null, null, null] }, 'empty-gps-block'],
    [
      '0/0 rationals read as NaN',
      { GPSLatitude: [Number.NaN, Number.NaN, Number.NaN], GPSLongitude: [Number.NaN, Number.NaN, Number.NaN] },
      'empty-gps-block',
    ],
    ['empty arrays', { GPSLatitude: [], GPSLongitude: [] }, 'empty-gps-block'],
    ['latitude only', { GPSLatitude: [25, 0, 0], GPSLatitudeRef: 'N' }, 'empty-gps-block'],
  ])('%s → %s', (_n, block, reason) => {
    expect(validateGpsBlock(block as Record<string, unknown>)).toMatchObject({ status: 'rejected', reason });
  });

  it('reads the XMP form with the hemisphere in the value', () => {
    const r = validateGpsBlock({ GPSLatitude: '25,46.4333N', GPSLongitude: '80,11.6167W' });
    expect(r.status).toBe('ok');
    if (r.status === 'ok') expect(haversineMeters(r.position, { lat: 25.77389, lng: -80.19361 })).toBeLessThan(5);
  });

  it('is absent for nothing or a version-only block', () => {
    expect(validateGpsBlock(undefined)).toEqual({ status: 'absent' });
    expect(validateGpsBlock({ GPSVersionID: [2, 2, 0, 0] })).toEqual({ status: 'absent' });
  });
});

describe('readGps: malformed input never throws', () => {
  const dir = join(IMAGES, 'malformed');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));

  it('has the malformed corpus', () => expect(files.length).toBeGreaterThanOrEqual(30));

  it.each(files.map((f) => [f.slice(dir.length + 1), f]))('%s', async (_name, file) => {
    const t0 = performance.now();
    const r = await readGps(readFileSync(file));
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(['ok', 'absent', 'rejected', 'unreadable']).toContain(r.status);
  });

  it.each([
    ['zero bytes', Buffer.alloc(0), 'empty-input'],
    ['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)), 'unknown-format'],
    ['a string path', '/etc/passwd', 'not-a-buffer'],
    ['null', null, 'not-a-buffer'],
  ])('%s → unreadable', async (_name, input, reason) => {
    expect(await readGps(input)).toMatchObject({ status: 'unreadable', reason });
  });

  it('survives truncated copies of a real photo', async () => {
    const full = read('parser-samples/with-gps', 'mdx_Apple_iPhone_5.jpg');
    for (const n of [2, 3, 20, 100, 1000, 5000]) {
      const r = await readGps(full.subarray(0, n));
      expect(['ok', 'absent', 'rejected', 'unreadable']).toContain(r.status);
    }
  });
});
