import { describe, expect, it } from 'vitest';
import type { Trip, TripPhoto } from '@vt/shared';
import { progressLine, startedText, takenRange, tripRows, withPhoto } from './model';
import type { UploadSession } from './uploader';
import { tripOf, tripPhoto } from './trips.fixtures';

const photo = tripPhoto;
const place = {
  lat: 25.77,
  lng: -80.19,
  radiusMeters: 120,
  confidence: 0.9,
  name: 'Brickell',
  source: 'x',
  outcome: 'found' as const,
};

const trip = (photos: TripPhoto[], refused: Trip['refused'] = []) => tripOf(photos, { refused });

const session = (files: UploadSession['files']): UploadSession => ({
  tripId: 't1',
  files,
  sentBytes: 0,
  totalBytes: 0,
  phase: 'sending',
  error: null,
});

describe('a trip in words (R-TRIP-4)', () => {
  it('says how each photo stands and how it was placed', () => {
    const rows = tripRows(
      trip([
        photo('a', { state: 'placed', placedBy: 'gps', place }),
        photo('b', {
          state: 'placed',
          placedBy: 'sequence',
          place,
          summary: 'Placed between a.jpg (2 min before) and c.jpg (6 min after), taken with the same camera.',
        }),
        photo('c', { state: 'reading' }),
        photo('d', { state: 'not_located' }),
        photo('e', { state: 'failed', error: 'The photo could not be decoded.' }),
        photo('f', { state: 'outside', place: { ...place, outcome: 'outside_coverage' } }),
      ]),
      undefined,
    );
    expect(rows.map((r) => [r.fileName, r.status, r.busy])).toEqual([
      ['a.jpg', 'Placed by its GPS', false],
      ['b.jpg', 'Placed from neighbours', false],
      ['c.jpg', 'Reading', true],
      ['d.jpg', 'Not located', false],
      ['e.jpg', 'Failed', false],
      ['f.jpg', 'Outside Miami-Dade', false],
    ]);
    expect(rows[1]!.detail).toContain('Placed between a.jpg');
    expect(rows[4]!.detail).toBe('The photo could not be decoded.');
  });

  it('shows what this tab still sends, and each refusal once, with the reason', () => {
    const rows = tripRows(
      trip(
        [photo('a', { state: 'queued' })],
        [
          { fileName: 'x.jpg', code: 'weekly_limit_reached', message: 'Limit reached.', at: '' },
          { fileName: 'old.jpg', code: 'unsupported_type', message: 'Not a photo.', at: '' },
        ],
      ),
      session([
        { key: 'k1', fileName: 'a.jpg', size: 1, state: 'sent', analysisId: 'a', message: null },
        { key: 'k2', fileName: 'b.jpg', size: 1, state: 'sent', analysisId: 'b', message: null },
        { key: 'k3', fileName: 'c.jpg', size: 1, state: 'uploading', analysisId: null, message: null },
        { key: 'k4', fileName: 'd.jpg', size: 1, state: 'waiting', analysisId: null, message: null },
        { key: 'k5', fileName: 'x.jpg', size: 1, state: 'refused', analysisId: null, message: 'Limit reached.' },
      ]),
    );
    expect(rows.map((r) => [r.fileName, r.status])).toEqual([
      ['a.jpg', 'Queued'],
      // Taken by the server, not in its snapshot yet.
      ['b.jpg', 'Queued'],
      ['c.jpg', 'Uploading'],
      ['d.jpg', 'Waiting to upload'],
      ['x.jpg', 'Not analysed'],
      ['old.jpg', 'Not analysed'],
    ]);
    expect(rows.at(-1)!.detail).toBe('Not a photo.');
  });

  it('adds a streamed photo where it belongs in time and recounts', () => {
    const t = trip([photo('a', { takenAt: '2024-03-09T10:00:00' }), photo('c', { takenAt: '2024-03-09T10:08:00' })]);
    const next = withPhoto(
      t,
      photo('b', { takenAt: '2024-03-09T10:02:00', state: 'placed', placedBy: 'sequence', place }),
    );
    expect(next.photos.map((p) => p.analysisId)).toEqual(['a', 'b', 'c']);
    expect(next.counts).toMatchObject({ photos: 3, placed: 1, placedFromNeighbours: 1, queued: 2 });
    const updated = withPhoto(next, photo('a', { takenAt: '2024-03-09T10:00:00', state: 'failed' }));
    expect(updated.photos.map((p) => [p.analysisId, p.state])[0]).toEqual(['a', 'failed']);
    expect(progressLine(updated.counts)).toBe('1 of 3 placed · 1 from neighbours · 1 in the queue · 1 failed');
  });
});

describe('when a trip was started and its photos taken', () => {
  // 02:30 UTC on 27 Nov is still the evening of 26 Nov in Miami: the day the server named the trip after.
  const evening = '2026-11-27T02:30:00.000Z';
  it("shows the user's day, not the browser's", () => {
    expect(startedText(evening, 'America/New_York')).toBe('started 26 Nov 2026');
    expect(startedText(evening, 'Europe/Madrid')).toBe('started 27 Nov 2026');
    expect(startedText(evening, 'America/New_York', true)).toMatch(
      /^started 26 Nov 2026,? 21:30\u00a0(EST|GMT\u20115)$/,
    );
  });
  it('a zone the browser does not know falls back to its own', () => {
    expect(startedText(evening, 'Nowhere/Atlantis')).toMatch(/^started 2[67] Nov 2026$/);
  });
  it('the camera days, as one day or a range', () => {
    expect(takenRange(null, null)).toBeNull();
    expect(takenRange('2024-03-09T10:00:00', '2024-03-09T18:00:00')).toBe('Taken 9 Mar 2024');
    expect(takenRange('2024-03-09T23:50:00', '2024-03-10T00:10:00')).toBe('Taken 9 Mar 2024 – 10 Mar 2024');
  });
});
