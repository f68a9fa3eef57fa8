import { describe, expect, it } from 'vitest';
import type { AnalysisResult, Evidence, PhotoMetadata } from '@vt/shared';
import { fuse } from '../pipeline/fuse';
import { describePlace, placeName } from '../pipeline/place';
import type { AnalysisPatch, AnalysisRow, GpsNeighbour, SequenceRevisionStore, TripMember } from '../pipeline/ports';
import { createSequenceReviser, gpsNeighbourOf, revisedBySequence } from './sequence-revision';

const SOUTH = { lat: 25.7617, lng: -80.1918 };
const NORTH = { lat: 25.7697, lng: -80.1918 };

function metadata(local: string, position?: { lat: number; lng: number }): PhotoMetadata {
  const takenAt = { local, offset: '-04:00' };
  return {
    takenAt: null,
    make: 'Apple',
    model: 'iPhone 14',
    orientation: null,
    gps: position
      ? { status: 'ok', position, accuracyMeters: 5, takenAt, precision: 'full', source: 'exif', notes: [] }
      : { status: 'absent', takenAt },
    readError: null,
  };
}

const gpsEvidence = (p: { lat: number; lng: number }): Evidence => ({
  locator: 'metadata',
  kind: 'position',
  summary: 'GPS',
  position: p,
  radiusMeters: 5,
  confidence: 0.98,
});
const absent = (locator: string): Evidence => ({ locator, kind: 'absent', summary: `${locator}: nothing` });

/** A finished analysis as the pipeline leaves it: its evidence fused. */
function finished(id: string, meta: PhotoMetadata, evidence: Evidence[]): AnalysisRow {
  const result: AnalysisResult = fuse(evidence, { describePlace, placeName });
  return {
    id,
    status: 'done',
    metadata: meta,
    evidence,
    analysisResult: result,
  } as AnalysisRow;
}

const neighbour = (id: string, local: string, position: { lat: number; lng: number }): GpsNeighbour =>
  gpsNeighbourOf({ analysisId: id, fileName: `${id}.jpg`, metadata: metadata(local, position) })!;

const lonely = () =>
  finished('b', metadata('2024-03-09T10:02:00'), [
    absent('metadata'),
    absent('text'),
    absent('gallery'),
    absent('sequence'),
  ]);

describe('revisedBySequence (R-TRIP-6)', () => {
  it('places a finished photo from neighbours that arrived after it, replacing only the sequence evidence', () => {
    const row = lonely();
    expect(row.analysisResult!.outcome).toBe('fallback');
    const patch = revisedBySequence(row, [
      neighbour('a', '2024-03-09T10:00:00', SOUTH),
      neighbour('c', '2024-03-09T10:08:00', NORTH),
    ])!;
    expect(patch).not.toBeNull();
    expect(patch.evidence!.map((e) => e.locator)).toEqual(['metadata', 'text', 'gallery', 'sequence']);
    expect(patch.evidence![3]).toMatchObject({ kind: 'position', details: { neighbourIds: ['a', 'c'] } });
    expect(patch.analysisResult).toMatchObject({ outcome: 'found' });
    expect(patch.analysisResult!.source).toContain('Photo Sequence');
    expect(patch.analysisResult!.lat).toBeCloseTo(SOUTH.lat + (NORTH.lat - SOUTH.lat) / 4, 5);
    // The stored fields follow the result (what the lists read).
    expect(patch.confidenceScore).toBe(patch.analysisResult!.confidence);
    expect(patch.locationData).toMatchObject({ source: patch.analysisResult!.source });
  });

  it('changes nothing when the neighbours are the ones it was placed from', () => {
    const neighbours = [neighbour('a', '2024-03-09T10:00:00', SOUTH), neighbour('c', '2024-03-09T10:08:00', NORTH)];
    const once = revisedBySequence(lonely(), neighbours)!;
    const row = { ...lonely(), evidence: once.evidence!, analysisResult: once.analysisResult! } as AnalysisRow;
    expect(revisedBySequence(row, neighbours)).toBeNull();
    // A nearer neighbour does change it.
    expect(revisedBySequence(row, [...neighbours, neighbour('c2', '2024-03-09T10:04:00', NORTH)])).not.toBeNull();
  });

  it('places a photo waiting for its stored images too (R-TRIP-10), never one being run', () => {
    const neighbours = [neighbour('a', '2024-03-09T10:00:00', SOUTH)];
    expect(revisedBySequence({ ...lonely(), status: 'queued' }, neighbours)).not.toBeNull();
    expect(revisedBySequence({ ...lonely(), status: 'queued', analysisResult: null }, neighbours)).toBeNull();
  });

  it('never moves a photo placed by its own GPS, one its owner confirmed, or one not finished', () => {
    const neighbours = [neighbour('a', '2024-03-09T10:00:00', SOUTH)];
    const own = finished('g', metadata('2024-03-09T10:02:00', NORTH), [gpsEvidence(NORTH), absent('sequence')]);
    expect(revisedBySequence(own, neighbours)).toBeNull();
    const confirmed = lonely();
    confirmed.analysisResult = { ...confirmed.analysisResult!, source: 'User Confirmed' };
    expect(revisedBySequence(confirmed, neighbours)).toBeNull();
    expect(revisedBySequence({ ...lonely(), status: 'running' }, neighbours)).toBeNull();
    // Out of reach (more than 30 minutes) places nothing, and nothing changes.
    expect(revisedBySequence(lonely(), [neighbour('far', '2024-03-09T11:00:00', SOUTH)])).toBeNull();
  });
});

/** The store in memory: members and rows by id; `revise` applies the patch as the database would. */
function memoryStore(rows: Map<string, AnalysisRow & { tripId: string; fileName: string }>): SequenceRevisionStore {
  const neighbours = (tripId: string) =>
    [...rows.values()]
      .filter((r) => r.tripId === tripId && r.status !== 'failed')
      .flatMap((r) => {
        const n = gpsNeighbourOf({ analysisId: r.id, fileName: r.fileName, metadata: r.metadata });
        return n ? [n] : [];
      });
  return {
    async tripMembers(tripId): Promise<TripMember[]> {
      return [...rows.values()]
        .filter((r) => r.tripId === tripId)
        .map((r) => ({
          analysisId: r.id,
          fileName: r.fileName,
          status: r.status,
          metadata: r.metadata,
          evidence: (r.evidence ?? []).filter((e) => e.locator === 'sequence'),
          source: r.analysisResult?.source ?? null,
        }));
    },
    async revise(id, tripId, revise): Promise<AnalysisPatch | null> {
      const row = rows.get(id);
      if (!row || row.tripId !== tripId) return null;
      const patch = revise(row, neighbours(tripId));
      if (patch) rows.set(id, { ...row, ...patch } as typeof row);
      return patch;
    },
  };
}

describe('the trip revision after a photo finishes', () => {
  const setup = () => {
    const rows = new Map<string, AnalysisRow & { tripId: string; fileName: string }>();
    const add = (row: AnalysisRow, tripId = 't1') => rows.set(row.id, { ...row, tripId, fileName: `${row.id}.jpg` });
    const events: Array<{ id: string; type: string; data?: Record<string, unknown> }> = [];
    const reviser = createSequenceReviser({
      store: memoryStore(rows),
      events: { record: async (id, type, data) => events.push({ id, type, data }) },
      log: () => {},
    });
    return { rows, add, events, reviser };
  };

  it('a GPS photo that lands later places the waiting photos of its trip, and tells their watchers', async () => {
    const { rows, add, events, reviser } = setup();
    add(lonely());
    add(finished('a', metadata('2024-03-09T10:00:00', SOUTH), [gpsEvidence(SOUTH), absent('sequence')]));
    // Same time, another trip: never a neighbour.
    add(finished('x', metadata('2024-03-09T10:03:00', NORTH), [gpsEvidence(NORTH)]), 't2');
    await reviser.afterPlaced({ ...rows.get('a')!, fileName: 'a.jpg' });
    expect(events).toMatchObject([
      {
        id: 'b',
        type: 'relocated',
        data: { reason: 'a.jpg, taken close in time with the same camera, was placed by its GPS.' },
      },
    ]);
    expect(rows.get('b')!.analysisResult!.lat).toBeCloseTo(SOUTH.lat, 5);

    add(finished('c', metadata('2024-03-09T10:08:00', NORTH), [gpsEvidence(NORTH), absent('sequence')]));
    await reviser.afterPlaced({ ...rows.get('c')!, fileName: 'c.jpg' });
    expect(events.map((e) => e.id)).toEqual(['b', 'b']);
    const seq = rows.get('b')!.evidence!.find((e) => e.locator === 'sequence')!;
    expect(seq.details).toMatchObject({ neighbourIds: ['a', 'c'] });
    // Nothing new: nothing moves.
    await reviser.afterPlaced({ ...rows.get('c')!, fileName: 'c.jpg' });
    expect(events).toHaveLength(2);
  });

  it('a GPS-less photo that finishes after its neighbours checks itself; photos of no trip are left alone', async () => {
    const { rows, add, events, reviser } = setup();
    add(finished('a', metadata('2024-03-09T10:00:00', SOUTH), [gpsEvidence(SOUTH)]));
    add(lonely());
    await reviser.afterPlaced({ ...rows.get('b')!, fileName: 'b.jpg' });
    expect(events.map((e) => [e.id, e.type])).toEqual([['b', 'relocated']]);
    await reviser.afterPlaced({ ...rows.get('b')!, tripId: null, fileName: 'b.jpg' });
    expect(events).toHaveLength(1);
  });
});
