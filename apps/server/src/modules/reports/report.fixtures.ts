import sharp from 'sharp';
import type { EvidenceReport, ReportImage } from '@vt/shared';

/** A finished report of a photo placed by the text on a street sign, as the service builds one (for render tests). */
export function sampleReport(overrides: Partial<EvidenceReport> = {}): EvidenceReport {
  const point = { lat: 25.765321, lng: -80.219874 };
  return {
    reportVersion: 1,
    generatedAt: '2026-11-25T08:00:00.000Z',
    analysis: {
      id: '6f1c0a52-3f5e-4c8e-9d0b-1b2c3d4e5f60',
      status: 'done',
      analysisType: 'engine',
      createdAt: '2026-11-25T07:59:58.120Z',
      startedAt: '2026-11-25T07:59:58.300Z',
      finishedAt: '2026-11-25T07:59:59.870Z',
    },
    file: {
      fileName: 'calle-ocho.jpg',
      sha256: '9f2c6a1be0c14f6f4b3e0e8f1d2a7c5b6e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b',
      byteSize: 2_345_678,
      format: 'jpeg',
      mimeType: 'image/jpeg',
      width: 4032,
      height: 3024,
      receivedAt: '2026-11-25T07:59:58.101Z',
      receivedBy: { name: 'Alice Reporter', email: 'alice@example.com' },
      originalKept: true,
    },
    photo: { image: null, note: 'No display image of the photo is stored.' },
    metadata: {
      takenAt: '2026-11-24T15:12:09.000Z',
      make: 'Apple',
      model: 'iPhone 15',
      orientation: 1,
      gps: { status: 'absent' },
      readError: null,
    },
    evidence: [
      {
        locator: 'metadata',
        kind: 'absent',
        summary: 'The photo carries no GPS position.',
        confidence: null,
        radiusMeters: null,
        position: null,
        reason: null,
        textRead: [],
        thumbnails: null,
        imageNote: null,
        details: null,
      },
      {
        locator: 'text',
        kind: 'position',
        summary: 'Read “SW 8 ST” and “SW 27 AVE” on signs: the intersection of SW 8th Street and SW 27th Avenue.',
        confidence: 0.82,
        radiusMeters: 60,
        position: point,
        reason: null,
        textRead: [
          {
            text: 'SW 8 ST',
            confidence: 93,
            box: { x: 0.12, y: 0.2, w: 0.3, h: 0.06 },
            readAs: 'SW 8th St & SW 27th Ave',
            crop: null,
          },
          {
            text: 'SW 27 AVE',
            confidence: 88,
            box: { x: 0.5, y: 0.22, w: 0.34, h: 0.06 },
            seen: 'SW 2Z AVE',
            readAs: 'SW 8th St & SW 27th Ave',
            crop: null,
          },
        ],
        thumbnails: null,
        imageNote: null,
        details: { matches: [{ kind: 'intersection', label: 'SW 8th St & SW 27th Ave', lines: [0, 1] }] },
      },
    ],
    candidates: [
      { ...point, probability: 0.82, radiusMeters: 60, source: 'text', label: 'SW 8th St & SW 27th Ave' },
      {
        lat: 25.7743,
        lng: -80.1937,
        probability: 0.12,
        radiusMeters: 2500,
        source: 'vision-model',
        label: 'Downtown Miami',
      },
    ],
    result: {
      outcome: 'found',
      name: 'SW 8th St & SW 27th Ave, Little Havana',
      ...point,
      confidence: 0.82,
      radiusMeters: 60,
      source: 'Street Sign',
      insideCoverage: true,
      place: { municipality: 'Miami', neighbourhood: 'Little Havana', zip: '33135', nearest: 'Domino Park' },
      candidates: [],
      explanation: ['Two street names read on signs meet at one corner of the county grid.'],
    },
    error: null,
    versions: {
      engine: 'engine-v2.1',
      locators: [
        { name: 'metadata', model: null },
        { name: 'text', model: null },
      ],
    },
    events: {
      items: [
        {
          id: 1,
          type: 'received',
          at: '2026-11-25T07:59:58.101Z',
          data: {},
          prevHash: '0'.repeat(64),
          hash: 'a'.repeat(64),
        },
        {
          id: 2,
          type: 'started',
          at: '2026-11-25T07:59:58.300Z',
          data: {},
          prevHash: 'a'.repeat(64),
          hash: 'b'.repeat(64),
        },
        {
          id: 3,
          type: 'done',
          at: '2026-11-25T07:59:59.870Z',
          data: {},
          prevHash: 'b'.repeat(64),
          hash: 'c'.repeat(64),
        },
      ],
      chain: { intact: true, chained: 3, unchained: 0, brokenAt: null, lastHash: 'c'.repeat(64) },
      rule: 'hash = SHA-256 of prevHash + "\\n" + canonical JSON.',
    },
    verification: 'To check a file against this report, upload it at http://localhost:3000/verify.',
    ...overrides,
  };
}

/** A small JPEG as the report carries it (made at test time: nothing binary is kept in the repository). */
export async function reportImage(width: number, height: number, background: string): Promise<ReportImage> {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { dataUrl: `data:image/jpeg;base64,${bytes.toString('base64')}`, width, height };
}

/**
 * The sample report with its pictures: the photo, a crop beside each line read, and a third piece of evidence, a
 * match with a reference photo, with both thumbnails. Five distinct images.
 */
export async function sampleReportWithImages(): Promise<EvidenceReport> {
  const base = sampleReport();
  const [photo, crop1, crop2, thumb, matched] = await Promise.all([
    reportImage(480, 360, '#3a6f8f'),
    reportImage(300, 64, '#2f7d32'),
    reportImage(320, 64, '#1b5e20'),
    reportImage(256, 192, '#3a6f8f'),
    reportImage(160, 120, '#8f3a3a'),
  ]);
  const [metadata, text] = base.evidence as [EvidenceReport['evidence'][0], EvidenceReport['evidence'][0]];
  return {
    ...base,
    photo: {
      image: photo,
      note: 'The analysed photo, from the image stored for display (all its metadata removed), reduced.',
    },
    evidence: [
      metadata,
      { ...text, textRead: text.textRead.map((l, i) => ({ ...l, crop: i === 0 ? crop1 : crop2 })) },
      {
        locator: 'gallery',
        kind: 'position',
        summary:
          'Shows the same scene as reference photo calle-ocho-1.jpg from import “little-havana” (2026-11-01): 41 matching points in a consistent arrangement.',
        confidence: 0.7,
        radiusMeters: 150,
        position: { lat: 25.7655, lng: -80.2197 },
        reason: null,
        textRead: [],
        thumbnails: {
          photo: thumb,
          matched,
          matchedCaption: 'Reference photo calle-ocho-1.jpg from import “little-havana”',
        },
        imageNote: null,
        details: {
          match: { kind: 'same-scene', source: 'reference', entryId: '1b6f0c52-3f5e-4c8e-9d0b-1b2c3d4e5f60' },
        },
      },
    ],
  };
}
