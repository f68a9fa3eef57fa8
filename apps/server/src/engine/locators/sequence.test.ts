import { describe, expect, it } from 'vitest';
import type { PhotoMetadata } from '@vt/shared';
import { haversineMeters } from '../geo/geometry';
import type { GpsNeighbour, NeighboursInTime } from '../pipeline/ports';
import { createSequenceLocator } from './sequence.locator';
import {
  MAX_GAP_MS,
  PACE_FACTOR,
  SPEED_BOUND_MPS,
  WALK_BOUND_MPS,
  placeBySequence,
  sameCamera,
  type CameraId,
  type CaptureTime,
  type SequenceNeighbour,
} from './sequence';

const PHONE: CameraId = { make: 'Apple', model: 'iPhone 14', serial: null };
const A = { lat: 25.77, lng: -80.2 };
const B = { lat: 25.78, lng: -80.2 }; // ~1.11 km north of A

const n = (
  id: string,
  takenAt: CaptureTime,
  position = A,
  extra: Partial<SequenceNeighbour> = {},
): SequenceNeighbour => ({
  takenAt,
  camera: PHONE,
  position,
  radiusMeters: 10,
  analysisId: id,
  fileName: `${id}.jpg`,
  ...extra,
});
const at = (local: string, offset: string | null = '-04:00'): CaptureTime => ({ local, offset });

describe('sameCamera', () => {
  it.each([
    ['same make and model, case and spaces aside', PHONE, { make: ' apple ', model: 'IPHONE  14' }, true],
    ['another model', PHONE, { make: 'Apple', model: 'iPhone 15' }, false],
    ['same serial', { ...PHONE, serial: 'A1' }, { ...PHONE, serial: 'a1' }, true],
    ['different serials', { ...PHONE, serial: 'A1' }, { ...PHONE, serial: 'B2' }, false],
    ['one serial missing', { ...PHONE, serial: 'A1' }, PHONE, true],
    ['no camera named', { make: null, model: null }, { make: null, model: null }, false],
  ] as const)('%s', (_, a, b, expected) => {
    expect(sameCamera(a, b)).toBe(expected);
  });
});

describe('placeBySequence', () => {
  const photo = { takenAt: at('2024-03-09T10:05:00'), camera: PHONE };

  it.each([
    {
      name: 'interpolates linearly between the nearest before and after',
      neighbours: [
        n('far-before', at('2024-03-09T09:50:00'), B),
        n('before', at('2024-03-09T10:00:00'), A),
        n('after', at('2024-03-09T10:10:00'), B),
        n('far-after', at('2024-03-09T10:20:00'), A),
      ],
      expect: { before: 'before', after: 'after', lat: 25.775, gapMin: 5, basis: 'instant' },
    },
    {
      name: 'uses the single nearest neighbour when only one side exists',
      neighbours: [n('before', at('2024-03-09T10:02:00'), A), n('older', at('2024-03-09T09:58:00'), B)],
      expect: { before: 'before', after: null, lat: 25.77, gapMin: 3, basis: 'instant' },
    },
    {
      name: 'compares instants across offsets (10:05 −04:00 is 09:05 −05:00)',
      neighbours: [
        n('before', at('2024-03-09T09:03:00', '-05:00'), A),
        n('after', at('2024-03-09T11:07:00', '-03:00'), B),
      ],
      expect: { before: 'before', after: 'after', lat: 25.775, gapMin: 2, basis: 'instant' },
    },
    {
      name: 'compares camera clocks directly when no photo states an offset',
      photo: { takenAt: at('2024-03-09T10:05:00', null), camera: PHONE },
      neighbours: [n('before', at('2024-03-09T10:04:00', null), A), n('after', at('2024-03-09T10:06:00', null), B)],
      expect: { before: 'before', after: 'after', lat: 25.775, gapMin: 1, basis: 'camera-clock' },
    },
    {
      name: 'mixed: a photo without offset is read in the one zone the others state',
      photo: { takenAt: at('2024-03-09T10:05:00', null), camera: PHONE },
      neighbours: [n('before', at('2024-03-09T10:03:00'), A), n('after', at('2024-03-09T10:07:00'), B)],
      expect: { before: 'before', after: 'after', lat: 25.775, gapMin: 2, basis: 'mixed' },
    },
  ])('$name', ({ neighbours, expect: e, ...rest }) => {
    const placed = placeBySequence(rest.photo ?? photo, neighbours)!;
    expect(placed).not.toBeNull();
    expect(placed.before?.neighbour.analysisId ?? null).toBe(e.before);
    expect(placed.after?.neighbour.analysisId ?? null).toBe(e.after);
    expect(placed.position.lat).toBeCloseTo(e.lat, 6);
    expect(placed.gapMs).toBe(e.gapMin * 60_000);
    expect(placed.timeBasis).toBe(e.basis);
    expect(placed.confidence).toBeGreaterThan(0.5);
    expect(placed.confidence).toBeLessThanOrEqual(0.95);
  });

  it.each([
    {
      name: 'another camera',
      neighbours: [n('x', at('2024-03-09T10:04:00'), A, { camera: { make: 'Google', model: 'Pixel 8' } })],
    },
    {
      name: 'another body of the same model',
      neighbours: [n('x', at('2024-03-09T10:04:00'), A, { camera: { ...PHONE, serial: 'B' } })],
    },
    {
      name: 'beyond the maximum gap',
      neighbours: [n('x', at('2024-03-09T10:36:00'), A), n('y', at('2024-03-09T09:34:00'), A)],
    },
    { name: 'no neighbours', neighbours: [] },
  ])('gives nothing for $name', ({ neighbours }) => {
    expect(
      placeBySequence({ takenAt: at('2024-03-09T10:05:00'), camera: { ...PHONE, serial: 'A' } }, neighbours),
    ).toBeNull();
  });

  it('drops mixed pairs when the stated offsets disagree (an edited file or a travelling camera)', () => {
    const p = { takenAt: at('2024-03-09T10:05:00', null), camera: PHONE };
    expect(
      placeBySequence(p, [n('a', at('2024-03-09T10:03:00', '-04:00')), n('b', at('2024-03-09T10:07:00', '-05:00'))]),
    ).toBeNull();
  });

  it('radius: own radii interpolated plus the speed bound × the gap to the nearer neighbour', () => {
    // Both sides: pace 1112 m / 600 s ≈ 1.85 m/s → bound max(WALK, 2.5 × pace) ≈ 4.6 m/s; gap 300 s.
    const both = placeBySequence(photo, [
      n('before', at('2024-03-09T10:00:00'), A, { radiusMeters: 10 }),
      n('after', at('2024-03-09T10:10:00'), B, { radiusMeters: 30 }),
    ])!;
    const pace = haversineMeters(A, B) / 600;
    const bound = Math.min(SPEED_BOUND_MPS, Math.max(WALK_BOUND_MPS, PACE_FACTOR * pace));
    expect(both.radiusMeters).toBe(Math.round(20 + bound * 300));
    // One side: the road bound.
    const one = placeBySequence(photo, [n('before', at('2024-03-09T10:04:00'), A, { radiusMeters: 10 })])!;
    expect(one.radiusMeters).toBe(10 + SPEED_BOUND_MPS * 60);
    // A walker who stood still: the walking floor.
    const still = placeBySequence(photo, [n('b', at('2024-03-09T10:04:00'), A), n('a', at('2024-03-09T10:07:00'), A)])!;
    expect(still.radiusMeters).toBe(10 + WALK_BOUND_MPS * 60);
  });

  it('confidence falls (or stays) as the gap grows, never above 0.95', () => {
    const conf = (min: number) =>
      placeBySequence(photo, [
        n('b', at(new Date(Date.parse('2024-03-09T10:05:00Z') - min * 60_000).toISOString().slice(0, 19))),
      ])!.confidence;
    const values = [0.5, 3, 10, 29].map(conf);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThanOrEqual(values[i - 1]!);
    expect(Math.max(...values)).toBeLessThanOrEqual(0.95);
    expect(MAX_GAP_MS).toBe(30 * 60_000);
  });
});

describe('sequence locator', () => {
  const metadata = (gps: Record<string, unknown>): PhotoMetadata => ({
    takenAt: null,
    make: 'Apple',
    model: 'iPhone 14',
    orientation: 1,
    gps,
    readError: null,
  });
  const neighbour = (id: string, local: string, position: { lat: number; lng: number }): GpsNeighbour => ({
    analysisId: id,
    fileName: `${id}.jpg`,
    position,
    accuracyMeters: 8,
    takenAt: { local, offset: '-04:00' },
    camera: { make: 'Apple', model: 'iPhone 14', serial: null },
  });
  const ctx = { signal: new AbortController().signal, log: () => {} };
  const input = (gps: Record<string, unknown>) => ({
    fileName: 'x.jpg',
    format: 'jpeg' as const,
    metadata: metadata(gps),
    displayImage: async () => Buffer.alloc(0),
    userId: 'u1',
    analysisId: 'self',
  });
  const noGps = { status: 'absent', takenAt: { local: '2024-03-09T10:05:00', offset: '-04:00' } };

  it('names the neighbours in plain words and carries their ids', async () => {
    const port: NeighboursInTime = {
      gpsNeighbours: async () => ({
        neighbours: [neighbour('IMG_0412', '2024-03-09T10:03:00', A), neighbour('IMG_0415', '2024-03-09T10:08:00', B)],
        pending: 0,
      }),
    };
    const [e] = await createSequenceLocator({ neighbours: port }).locate(input(noGps), ctx);
    expect(e).toMatchObject({ locator: 'sequence', kind: 'position' });
    expect(e!.summary).toBe(
      'Placed between IMG_0412.jpg (2 min before) and IMG_0415.jpg (3 min after), taken with the same camera.',
    );
    expect(e!.details).toMatchObject({ neighbourIds: ['IMG_0412', 'IMG_0415'] });
    expect(e!.position!.lat).toBeCloseTo(25.774, 6);
  });

  it('is skipped when the photo has its own GPS, and gives nothing without neighbours', async () => {
    const locator = createSequenceLocator({
      neighbours: { gpsNeighbours: async () => ({ neighbours: [], pending: 0 }) },
    });
    expect(
      locator.skip?.([{ locator: 'metadata', kind: 'position', summary: '', position: A, radiusMeters: 8 }]),
    ).toMatch(/own GPS/);
    const own = await locator.locate(input({ status: 'ok', precision: 'full', position: A, accuracyMeters: 5 }), ctx);
    expect(own[0]!.kind).toBe('absent');
    const none = await locator.locate(input(noGps), ctx);
    expect(none).toMatchObject([{ locator: 'sequence', kind: 'absent' }]);
  });

  /** A locator on a fake clock that its waits advance: `port` may read `clock.now`. */
  const clock = { now: 0 };
  const onClock = (port: NeighboursInTime) => {
    clock.now = 0;
    return createSequenceLocator({
      neighbours: port,
      now: () => clock.now,
      sleep: async (ms) => void (clock.now += ms),
    });
  };

  it('waits for pending analyses of the owner while they make progress', async () => {
    let calls = 0;
    const port: NeighboursInTime = {
      gpsNeighbours: async () => {
        calls++;
        return calls < 3
          ? { neighbours: [], pending: 3 - calls }
          : { neighbours: [neighbour('later', '2024-03-09T10:06:00', B)], pending: 0 };
      },
    };
    const locator = onClock(port);
    const [e] = await locator.locate(input(noGps), ctx);
    expect(e!.kind).toBe('position');
    expect(calls).toBe(3);
  });

  it('keeps waiting while the photo ahead in the runner moves, though the queued neighbour has not started', async () => {
    // Two slots: this photo in one, the photo before it in the other making its stored images for 2.4 s; the photo
    // after it waits in the queue until then (a loaded CI run once gave up after the 1 s stall and placed from one side).
    const port: NeighboursInTime = {
      gpsNeighbours: async () =>
        clock.now < 2400
          ? { neighbours: [], pending: 1, progress: `step-${Math.floor(clock.now / 600)}` }
          : { neighbours: [neighbour('later', '2024-03-09T10:06:00', B)], pending: 0, progress: 'done' },
    };
    const locator = onClock(port);
    const [e] = await locator.locate(input(noGps), ctx);
    expect(e!.kind).toBe('position');
    expect(clock.now).toBeGreaterThanOrEqual(2400);
  });

  it('stops waiting at the limit though the owner keeps moving', async () => {
    const port: NeighboursInTime = {
      gpsNeighbours: async () => ({ neighbours: [], pending: 1, progress: `step-${clock.now}` }),
    };
    const locator = onClock(port);
    const [e] = await locator.locate(input(noGps), ctx);
    expect(e!.kind).toBe('absent');
    expect(clock.now).toBeGreaterThanOrEqual(5000);
    expect(clock.now).toBeLessThanOrEqual(5200);
  });

  it('stops waiting when pending analyses make no progress (one runner slot, busy with this photo)', async () => {
    const locator = onClock({ gpsNeighbours: async () => ({ neighbours: [], pending: 2 }) });
    const [e] = await locator.locate(input(noGps), ctx);
    expect(e!.kind).toBe('absent');
    expect(clock.now).toBeLessThanOrEqual(2200);
  });

  it("looks in the photo's trip only, and does not wait for the trip's pending photos (R-TRIP-5, R-TRIP-6)", async () => {
    const asked: Array<{ tripId?: string | null }> = [];
    const locator = onClock({
      gpsNeighbours: async (query) => {
        asked.push(query);
        return { neighbours: [], pending: 5 };
      },
    });
    const [e] = await locator.locate({ ...input(noGps), tripId: 'trip-1' }, ctx);
    expect(asked).toMatchObject([{ tripId: 'trip-1' }]);
    expect(clock.now).toBe(0);
    expect(e!.kind).toBe('absent');
    expect(e!.summary).toContain('It is placed again when one arrives.');
  });
});
