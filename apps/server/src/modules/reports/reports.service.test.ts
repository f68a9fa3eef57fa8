import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Evidence, EvidenceReport, ReportImage, TextEvidenceDetails, User } from '@vt/shared';
import type { AnalysisJob } from '../../engine/pipeline/ports';
import { reportEvidence, ReportsService } from './reports.service';
import { cropRegion, CROP_HEIGHT, PHOTO_SIDE } from './report-images';

const box = (x: number) => ({ x, y: 0.1, w: 0.2, h: 0.05 });
const ocr: TextEvidenceDetails['ocr'] = {
  width: 1600,
  height: 1200,
  lines: [
    { text: 'SW 8 ST', confidence: 93, box: box(0.1), words: [] },
    { text: 'CAFE', confidence: 51, box: box(0.4), words: [] },
    { text: 'SW 27 AVE', confidence: 88, box: box(0.6), words: [], seen: 'SW 2Z AVE' },
    { text: '33135', confidence: 90, box: box(0.8), words: [] },
  ],
};

/** Text evidence placing the photo at SW 8 St & SW 27 Ave from what `details` says was read. */
const intersection = (details: TextEvidenceDetails): Evidence => ({
  locator: 'text',
  kind: 'position',
  summary: 'An intersection.',
  position: { lat: 25.7653, lng: -80.2399 },
  radiusMeters: 60,
  confidence: 0.8,
  details,
});

describe('reportEvidence: the text read behind each piece of evidence', () => {
  it('picks out the lines each place cites (the OCR travels on the first item only), with what they were read as', () => {
    const evidence: Evidence[] = [
      { locator: 'metadata', kind: 'absent', summary: 'No GPS.' },
      intersection({
        ocr,
        matches: [{ kind: 'intersection', label: 'SW 8th St & SW 27th Ave', lines: [2, 0] }],
        hints: [],
      }),
      {
        locator: 'text',
        kind: 'position',
        summary: 'A ZIP.',
        position: { lat: 25.76, lng: -80.24 },
        radiusMeters: 1500,
        confidence: 0.3,
        details: { matches: [{ kind: 'zip', label: 'ZIP 33135', lines: [3] }] } satisfies TextEvidenceDetails,
      },
    ];
    const out = reportEvidence(evidence);
    expect(out[0]).toMatchObject({ locator: 'metadata', textRead: [], confidence: null, position: null });
    // Crops are cut from the stored image later (report-images.ts): none yet.
    expect(out[1]!.textRead).toEqual([
      { text: 'SW 8 ST', confidence: 93, box: box(0.1), readAs: 'SW 8th St & SW 27th Ave', crop: null },
      // Read through the county's sign grammar: what the recogniser saw goes with it.
      {
        text: 'SW 27 AVE',
        confidence: 88,
        box: box(0.6),
        seen: 'SW 2Z AVE',
        readAs: 'SW 8th St & SW 27th Ave',
        crop: null,
      },
    ]);
    expect(out[2]!.textRead).toEqual([
      { text: '33135', confidence: 90, box: box(0.8), readAs: 'ZIP 33135', crop: null },
    ]);
    // The details stay exactly as stored.
    expect(out[1]!.details).toBe(evidence[1]!.details);
  });

  it('quotes everything read when nothing placed the photo', () => {
    const [text] = reportEvidence([
      {
        locator: 'text',
        kind: 'absent',
        summary: 'Read 4 lines; none of it places the photo in Miami-Dade.',
        details: { ocr, matches: [] } satisfies TextEvidenceDetails,
      },
    ]);
    expect(text!.textRead.map((l) => [l.text, l.readAs])).toEqual([
      ['SW 8 ST', null],
      ['CAFE', null],
      ['SW 27 AVE', null],
      ['33135', null],
    ]);
  });
});

describe('cropRegion: where a line was read, in pixels of the stored image', () => {
  it('adds a margin of part of the line height and stays inside the image', () => {
    // 160 × 30 px at (160, 120) in 1600 × 1200: a margin of 0.4 × 30 = 12 px each side.
    expect(cropRegion({ x: 0.1, y: 0.1, w: 0.1, h: 0.025 }, 1600, 1200)).toEqual({
      left: 148,
      top: 108,
      width: 184,
      height: 54,
    });
    // At the corner the margin is cut by the edge; a small line gets at least 4 px.
    expect(cropRegion({ x: 0, y: 0, w: 0.5, h: 0.001 }, 1000, 1000)).toEqual({
      left: 0,
      top: 0,
      width: 504,
      height: 5,
    });
    expect(cropRegion({ x: 0.2, y: 0.2, w: 0, h: 0.1 }, 1000, 1000)).toBeNull();
    expect(cropRegion({ x: 2, y: 2, w: 0.1, h: 0.1 }, 1000, 1000)).toBeNull();
    expect(cropRegion({ x: Number.NaN, y: 0, w: 0.1, h: 0.1 }, 1000, 1000)).toBeNull();
  });
});

const ALICE = 'a11ce000-0000-4000-8000-000000000001';
const BOB = 'b0b00000-0000-4000-8000-000000000002';
const REPORTED = 'ae000000-0000-4000-8000-000000000010';
const EARLIER = 'ae000000-0000-4000-8000-000000000011';
const BOBS = 'ae000000-0000-4000-8000-000000000012';
const REFERENCE = 'fe000000-0000-4000-8000-000000000020';
const RED = { x: 0.1, y: 0.1, w: 0.25, h: 0.05 };
const BLUE = { x: 0.55, y: 0.7, w: 0.3, h: 0.06 };

/** The pixels behind a report image, and whether its JPEG carries any metadata. */
async function decoded(image: ReportImage) {
  const bytes = Buffer.from(image.dataUrl.split(',')[1]!, 'base64');
  const meta = await sharp(bytes).metadata();
  const { channels } = await sharp(bytes).stats();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    metadata: Boolean(meta.exif || meta.xmp || meta.iptc || meta.icc),
    mean: channels.slice(0, 3).map((c) => Math.round(c.mean)),
  };
}

/** A stored WebP with EXIF written in (stored derivatives have none; the report must not rely on it). */
async function webpWithExif(width: number, height: number, background: string, paint: (typeof RED)[] = []) {
  const patch = (colour: string, b: typeof RED) => ({
    input: {
      create: {
        width: Math.round(b.w * width),
        height: Math.round(b.h * height),
        channels: 3 as const,
        background: colour,
      },
    },
    left: Math.round(b.x * width),
    top: Math.round(b.y * height),
  });
  return sharp({ create: { width, height, channels: 3, background } })
    .composite(paint.map((b, i) => patch(i === 0 ? '#ff0000' : '#0000ff', b)))
    .withExif({ IFD0: { Make: 'Leaky', Model: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 46/1 0/1' } })
    .webp()
    .toBuffer();
}

function job(
  id: string,
  userId: string,
  patch: Omit<Partial<AnalysisJob>, 'photo'> & { photo?: Partial<AnalysisJob['photo']> } = {},
): AnalysisJob {
  const { photo, ...rest } = patch;
  const photoId = `photo-${id}`;
  return {
    id,
    userId,
    photoId,
    status: 'done',
    stage: 'save',
    imageUrl: null,
    analysisType: 'engine',
    analysisResult: null,
    confidenceScore: null,
    locationData: null,
    metadata: null,
    evidence: [],
    candidates: [],
    timings: {},
    engineVersion: 'engine-test',
    error: null,
    attempts: 1,
    runAfter: new Date('2026-11-25T08:00:00Z'),
    tripId: null,
    lockedBy: null,
    lockedAt: null,
    createdAt: new Date('2026-11-25T08:00:00Z'),
    startedAt: new Date('2026-11-25T08:00:01Z'),
    finishedAt: new Date('2026-11-25T08:00:02Z'),
    ...rest,
    photo: {
      id: photoId,
      userId,
      originalName: `${id.slice(-2)}.jpg`,
      format: 'jpeg',
      mimeType: 'image/jpeg',
      byteSize: 1000,
      width: 1600,
      height: 1200,
      originalKey: null,
      thumbnailKey: `derived/${photoId}/thumbnail.webp`,
      displayKey: `derived/${photoId}/display.webp`,
      sha256: 'f'.repeat(64),
      pairedAt: null,
      createdAt: new Date('2026-11-25T08:00:00Z'),
      originalDeletedAt: new Date('2026-11-25T08:00:02Z'),
      ...photo,
    },
  };
}

const user = (id: string) => ({ id, role: 'user' }) as User;

const textEvidence = intersection({
  ocr: {
    width: 4000,
    height: 3000,
    lines: [
      { text: 'SW 8 ST', confidence: 93, box: RED, words: [] },
      { text: 'SW 27 AVE', confidence: 88, box: BLUE, words: [] },
    ],
  },
  matches: [{ kind: 'intersection', label: 'SW 8th St & SW 27th Ave', lines: [0, 1] }],
});

const galleryEvidence = (match: Record<string, unknown>): Evidence => ({
  locator: 'gallery',
  kind: 'position',
  summary: 'Shows the same scene.',
  position: { lat: 25.7907, lng: -80.1395 },
  radiusMeters: 150,
  confidence: 0.7,
  details: { match: { kind: 'same-scene', rememberedAt: '2026-11-01T10:00:00.000Z', ...match } },
});

describe('ReportsService: the report’s pictures (R-REPORT-5)', () => {
  const blobs = new Map<string, Buffer>();
  const read: string[] = [];
  const jobs = new Map<string, AnalysisJob>();
  const references = new Map<string, { thumbnail: Buffer; fileName: string; importName: string }>();
  const service = new ReportsService({
    analyses: { get: async (id) => jobs.get(id), eventsSince: async () => [] },
    owners: { ownerOf: async () => ({ name: 'Alice', email: 'alice@example.com' }) },
    images: {
      stored: async (key) => {
        read.push(key);
        const blob = blobs.get(key);
        if (!blob) throw new Error(`ENOENT: no such file, open '/srv/photos/${key}'`);
        return blob;
      },
      referencePhoto: async (id) => references.get(id),
    },
    publicUrl: 'http://localhost:3000',
  });
  const add = (row: AnalysisJob, images = true) => {
    jobs.set(row.id, row);
    if (images) {
      blobs.set(row.photo.displayKey!, display);
      blobs.set(row.photo.thumbnailKey!, thumbnail);
    }
    return row;
  };
  let display: Buffer;
  let thumbnail: Buffer;
  let bobsThumbnail: Buffer;

  beforeAll(async () => {
    [display, thumbnail, bobsThumbnail] = await Promise.all([
      webpWithExif(1600, 1200, '#808080', [RED, BLUE]),
      webpWithExif(256, 192, '#808080'),
      webpWithExif(256, 192, '#00ff00'),
    ]);
    references.set(REFERENCE, {
      thumbnail: await webpWithExif(160, 120, '#ffff00'),
      fileName: 'bayside/pier.jpg',
      importName: 'downtown-walk',
    });
    add(job(EARLIER, ALICE));
    add(job(BOBS, BOB));
    blobs.set(jobs.get(BOBS)!.photo.thumbnailKey!, bobsThumbnail);
  });

  it('shows the photo, a crop of each line where it was read and both thumbnails of a reference match, with no metadata', async () => {
    const row = add(
      job(REPORTED, ALICE, {
        evidence: [
          textEvidence,
          galleryEvidence({ source: 'reference', entryId: REFERENCE, importName: 'downtown-walk' }),
        ],
      }),
    );
    const report = await service.build(user(ALICE), row.id);
    const photo = await decoded(report.photo.image!);
    expect(photo).toMatchObject({ format: 'jpeg', width: PHOTO_SIDE, height: 360, metadata: false });
    expect(report.photo.note).toMatch(/stored for display \(all its metadata removed\)/);

    const [text, gallery] = report.evidence;
    expect(text!.imageNote).toBeNull();
    const [red, blue] = await Promise.all(text!.textRead.map((l) => decoded(l.crop!)));
    // Cut where each line was read: the red patch, the blue one (with a little grey margin around).
    expect(red).toMatchObject({ format: 'jpeg', height: CROP_HEIGHT, metadata: false });
    expect(red!.mean[0]).toBeGreaterThan(180);
    expect(red!.mean[2]).toBeLessThan(90);
    expect(blue!.mean[2]).toBeGreaterThan(180);
    expect(blue!.mean[0]).toBeLessThan(90);
    // A wide line stays wide: 400 × 60 px plus margins, scaled to the crop height.
    expect(red!.width! / red!.height!).toBeCloseTo((400 + 2 * 24) / (60 + 2 * 24), 1);

    expect(gallery!.thumbnails).toMatchObject({
      matchedCaption: 'Reference photo bayside/pier.jpg from import “downtown-walk”',
    });
    expect(gallery!.imageNote).toBeNull();
    expect(await decoded(gallery!.thumbnails!.photo!)).toMatchObject({ width: 256, height: 192, metadata: false });
    const matched = await decoded(gallery!.thumbnails!.matched!);
    expect(matched).toMatchObject({ format: 'jpeg', width: 160, height: 120, metadata: false });
    expect(matched.mean[0]).toBeGreaterThan(200);
    expect(matched.mean[2]).toBeLessThan(60);
    // The PDF draws the same pictures.
    const { pdf } = await service.buildPdf(user(ALICE), row.id);
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(5);
  });

  it('shows a match in the owner’s own gallery with its thumbnail, and never another account’s photo', async () => {
    const row = add(
      job(REPORTED, ALICE, {
        evidence: [
          galleryEvidence({ source: 'gps', analysisId: EARLIER }),
          galleryEvidence({ source: 'gps', analysisId: BOBS }),
        ],
      }),
    );
    read.length = 0;
    const [own, other] = (await service.build(user(ALICE), row.id)).evidence;
    expect(own!.thumbnails!.matchedCaption).toBe(`Your photo “11.jpg” (analysis ${EARLIER}), remembered on 2026-11-01`);
    expect(await decoded(own!.thumbnails!.matched!)).toMatchObject({ width: 256, metadata: false });
    // Impossible by construction (the gallery compares a photo with its owner's entries only), and refused all the same.
    expect(other!.thumbnails).toMatchObject({ photo: expect.anything(), matched: null, matchedCaption: 'A photo' });
    expect(other!.imageNote).toBe('The matched photo is not one of yours, so it is not shown.');
    expect(read).not.toContain(jobs.get(BOBS)!.photo.thumbnailKey);
    // Nothing of Bob's photo, its name included.
    expect(JSON.stringify(other)).not.toContain('12.jpg');
  });

  it('says in words what cannot be shown: older evidence, a removed reference photo, a deleted analysis', async () => {
    const row = add(
      job(REPORTED, ALICE, {
        evidence: [
          galleryEvidence({ source: 'reference', importName: 'downtown-walk' }),
          galleryEvidence({ source: 'reference', entryId: 'fe000000-0000-4000-8000-0000000000ff', importName: 'gone' }),
          galleryEvidence({ source: 'gps', analysisId: 'ae000000-0000-4000-8000-0000000000ff' }),
          galleryEvidence({ source: 'user-confirmed', analysisId: null }),
          { ...galleryEvidence({}), details: { gallerySize: 3 } },
        ],
      }),
    );
    const evidence = (await service.build(user(ALICE), row.id)).evidence;
    expect(evidence.map((e) => [e.thumbnails?.matched ?? null, e.thumbnails?.matchedCaption, e.imageNote])).toEqual([
      [
        null,
        'A reference photo from import “downtown-walk”',
        'This evidence does not say which reference photo it matched, so that photo cannot be shown.',
      ],
      [
        null,
        'A reference photo from import “gone”',
        'The reference photo it matched has since been removed with its import, so it cannot be shown.',
      ],
      [
        null,
        'Your photo, remembered on 2026-11-01',
        'The analysis of the photo it matched has since been deleted, and its images with it.',
      ],
      [
        null,
        'Your photo, remembered on 2026-11-01',
        'The analysis of the photo it matched has since been deleted, and its images with it.',
      ],
      [
        null,
        'The photo it matched',
        'This evidence does not say which photo it matched, so that photo cannot be shown.',
      ],
    ]);
    // This photo's own thumbnail is there each time.
    for (const e of evidence) expect(e.thumbnails!.photo).not.toBeNull();
  });

  it('still makes the report, JSON and PDF, when the stored images are gone', async () => {
    const row = add(
      job(REPORTED, ALICE, {
        evidence: [textEvidence, galleryEvidence({ source: 'reference', entryId: REFERENCE })],
      }),
      false,
    );
    blobs.delete(row.photo.displayKey!);
    blobs.delete(row.photo.thumbnailKey!);
    const { report, pdf } = await service.buildPdf(user(ALICE), row.id);
    const couldNot = /could not be read \(removed from storage, or storage unavailable when this report was made\)/;
    expect(report.photo.image).toBeNull();
    expect(report.photo.note).toMatch(couldNot);
    // No storage path or error text of the server in the report.
    expect(JSON.stringify(report)).not.toContain('/srv/photos');
    const [text, gallery] = report.evidence;
    expect(text!.textRead.map((l) => l.crop)).toEqual([null, null]);
    expect(text!.imageNote).toMatch(
      /^No crop of where each line was read: the stored display image of the photo could not be read/,
    );
    expect(gallery!.thumbnails!.photo).toBeNull();
    expect(gallery!.thumbnails!.matched).not.toBeNull();
    expect(gallery!.imageNote).toMatch(/^This photo: the stored thumbnail of the photo could not be read/);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('falls back to the thumbnail, and says why there is no image of a photo never stored or never received', async () => {
    const noDisplay = add(job(REPORTED, ALICE, { photo: { displayKey: null } }));
    const fromThumbnail = await service.build(user(ALICE), noDisplay.id);
    expect(await decoded(fromThumbnail.photo.image!)).toMatchObject({ width: 256, metadata: false });
    expect(fromThumbnail.photo.note).toBe(
      'The analysed photo, from its stored thumbnail (all its metadata removed): no display image of the photo is stored.',
    );

    add(job(REPORTED, ALICE, { status: 'failed', photo: { displayKey: null, thumbnailKey: null } }), false);
    expect((await service.build(user(ALICE), REPORTED)).photo).toEqual({
      image: null,
      note: 'No display image of the photo was stored: the analysis ended before its images were made.',
    });

    add(
      job(REPORTED, ALICE, {
        analysisType: 'client-upload',
        photo: { format: 'external', sha256: null, displayKey: null, thumbnailKey: null },
      }),
      false,
    );
    const external: EvidenceReport = await service.build(user(ALICE), REPORTED);
    expect(external.photo).toEqual({
      image: null,
      note: 'No file was received for this analysis, so there is no image of it.',
    });
  });
});
