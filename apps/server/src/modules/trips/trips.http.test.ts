import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisSchema, TripExportSchema, TripListSchema, TripSchema, type Trip } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { uploadPhotos, waitForAnalysis } from '../../test/analyses';
import { createTrip, getTrip, readTripStream, sendToTrip, settled, tripPhoto, waitForTrip } from './trips.fixtures';

// Along Brickell Avenue, going north: two fixes 8 minutes apart.
const SOUTH = { lat: 25.7617, lng: -80.1918 };
const NORTH = { lat: 25.7697, lng: -80.1918 };

const photoOf = (trip: Trip, fileName: string) => {
  const photo = trip.photos.find((p) => p.fileName === fileName);
  if (!photo) throw new Error(`${fileName} is not in the trip`);
  return photo;
};

describe('trips (R-TRIP-1…9)', () => {
  let server: TestServer;
  let alice: TestBrowser;
  let bob: TestBrowser;
  let founder: TestBrowser;

  beforeAll(async () => {
    // Two runner slots, as on this machine: a trip's photos are analysed side by side.
    server = await startTestServer({ env: { ANALYSIS_CONCURRENCY: '2', UPLOAD_MAX_FILES: '10' } });
    [alice, bob, founder] = await Promise.all([
      server.signIn('alice-trips@example.com', 'Alice'),
      server.signIn('bob-trips@example.com', 'Bob'),
      server.signIn('founder@visionterminal.local', 'Vera Founder'),
    ]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('creates, names, lists and renames a trip; names are checked', async () => {
    const unnamed = await createTrip(alice);
    expect(unnamed.name).toMatch(/^Trip of \d{1,2} \w{3} \d{4}$/);
    expect(unnamed.photos).toEqual([]);
    expect(unnamed.maxFilesPerRequest).toBe(10);
    // A second trip the same day gets a number rather than the same name.
    expect((await createTrip(alice)).name).toBe(`${unnamed.name} (2)`);
    const named = await createTrip(alice, '  Key Biscayne  ');
    expect(named.name).toBe('Key Biscayne');

    const renamed = await alice.api(`/api/trips/${named.id}`, { method: 'PATCH', body: { name: 'Crandon Park' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.trip.name).toBe('Crandon Park');
    const empty = await alice.api(`/api/trips/${named.id}`, { method: 'PATCH', body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('Give the trip a name.');
    const long = await alice.api('/api/trips', { method: 'POST', body: { name: 'x'.repeat(121) } });
    expect(long.status).toBe(400);

    const list = TripListSchema.parse((await alice.api('/api/trips')).body);
    expect(list.trips.map((t) => t.name).slice(0, 3)).toEqual(['Crandon Park', `${unnamed.name} (2)`, unnamed.name]);
    // Nobody else sees them.
    expect(TripListSchema.parse((await bob.api('/api/trips')).body).trips).toEqual([]);
  });

  it("answers 404 for another user's trip on every route, the founder's calls included, and 401 signed out", async () => {
    const trip = await createTrip(alice, 'Private');
    const id = trip.id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/trips/${id}`],
      ['PATCH', `/api/trips/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/trips/${id}`, { confirm: true }],
      ['POST', `/api/trips/${id}/over-limit`, { fileNames: ['a.jpg'] }],
      ['GET', `/api/trips/${id}/events`],
      ['GET', `/api/trips/${id}/export.json`],
      ['GET', `/api/trips/${id}/export.csv`],
      ['GET', `/api/trips/${id}/export.geojson`],
    ];
    for (const [method, path, body] of calls) {
      for (const other of [bob, founder]) {
        const res = await other.api(path, { method, ...(body === undefined ? {} : { body }) });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      expect((await server.browser().api(path, { method, ...(body ? { body } : {}) })).status).toBe(401);
    }
    const upload = await sendToTrip(bob, id, [{ name: 'x.jpg', data: await tripPhoto('2024:03:09 10:00:00') }]);
    expect(upload.status).toBe(404);
    // A name that cannot be an id is simply not found.
    expect((await alice.api('/api/trips/not-a-trip')).status).toBe(404);
    expect((await alice.api(`/api/trips/${randomUUID()}`)).status).toBe(404);
    // Still Alice's, untouched.
    expect((await getTrip(alice, id)).name).toBe('Private');
  });

  it('takes a batch, refuses a file that is not a photo alone, and places the GPS-less photo from its neighbours', async () => {
    const trip = await createTrip(alice, 'Brickell walk');
    const res = await sendToTrip(alice, trip.id, [
      { name: 'IMG_0412.jpg', data: await tripPhoto('2024:03:09 10:00:00', SOUTH) },
      { name: 'IMG_0413.jpg', data: await tripPhoto('2024:03:09 10:02:00') },
      { name: 'notes.txt', data: Buffer.from('not a photo') },
      { name: 'IMG_0415.jpg', data: await tripPhoto('2024:03:09 10:08:00', NORTH) },
    ]);
    expect(res.status).toBe(202);
    expect(res.body.accepted.map((a: { fileName: string }) => a.fileName)).toEqual([
      'IMG_0412.jpg',
      'IMG_0413.jpg',
      'IMG_0415.jpg',
    ]);
    expect(res.body.refused).toMatchObject([{ fileName: 'notes.txt', code: 'unsupported_type' }]);

    const done = await waitForTrip(
      alice,
      trip.id,
      (t) => settled(t) && photoOf(t, 'IMG_0413.jpg').neighbours.length === 2,
    );
    expect(done.photos.map((p) => p.fileName)).toEqual(['IMG_0412.jpg', 'IMG_0413.jpg', 'IMG_0415.jpg']);
    const stripped = photoOf(done, 'IMG_0413.jpg');
    expect(stripped).toMatchObject({ state: 'placed', placedBy: 'sequence', takenAt: '2024-03-09T10:02:00' });
    expect(stripped.neighbours.map((n) => [n.fileName, n.gapSeconds])).toEqual([
      ['IMG_0412.jpg', -120],
      ['IMG_0415.jpg', 360],
    ]);
    expect(stripped.summary).toBe(
      'Placed between IMG_0412.jpg (2 min before) and IMG_0415.jpg (6 min after), taken with the same camera.',
    );
    // A quarter of the way north (2 of 8 minutes); the radius grows with the gap (2 min at the pair's own pace).
    expect(stripped.place!.lat).toBeCloseTo(SOUTH.lat + (NORTH.lat - SOUTH.lat) / 4, 4);
    expect(stripped.place!.radiusMeters).toBeGreaterThan(8);
    for (const own of ['IMG_0412.jpg', 'IMG_0415.jpg'])
      expect(photoOf(done, own)).toMatchObject({ state: 'placed', placedBy: 'gps', neighbours: [] });
    expect(done.counts).toMatchObject({ photos: 3, placed: 3, placedFromNeighbours: 1, refused: 1 });
    expect(done.refused).toMatchObject([{ fileName: 'notes.txt', code: 'unsupported_type' }]);

    // The trip's photos are in the location history, not in the location index (R-TRIP-7).
    const index = await alice.api('/api/location-index');
    expect(index.body.items.filter((i: { analysisId: string }) => i.analysisId === stripped.analysisId)).toEqual([]);
  }, 120_000);

  it('places a GPS-less photo again once neighbours uploaded after it land (R-TRIP-6), and says so in its events', async () => {
    const trip = await createTrip(alice, 'Out of order');
    // The photo without GPS goes first, alone: nothing to place it from yet.
    const first = await sendToTrip(alice, trip.id, [{ name: 'B.jpg', data: await tripPhoto('2024:04:01 09:02:00') }]);
    expect(first.status).toBe(202);
    const alone = await waitForTrip(alice, trip.id, settled);
    expect(photoOf(alone, 'B.jpg').state).toBe('not_located');
    const lone = await waitForAnalysis(alice, photoOf(alone, 'B.jpg').analysisId, 60_000);
    expect(lone.evidence.find((e) => e.locator === 'sequence')?.summary).toContain(
      "none of this trip's photos placed by GPS so far",
    );
    // A GPS photo of the same camera, close in time, but outside the trip: a trip's photo is placed from its own trip.
    const outside = await uploadPhotos(alice, [
      { name: 'solo.jpg', data: await tripPhoto('2024:04:01 09:03:00', SOUTH) },
    ]);
    await waitForAnalysis(alice, outside.body.analyses[0].analysisId, 60_000);

    const later = await sendToTrip(alice, trip.id, [
      { name: 'A.jpg', data: await tripPhoto('2024:04:01 09:00:00', SOUTH) },
      { name: 'C.jpg', data: await tripPhoto('2024:04:01 09:08:00', NORTH) },
    ]);
    expect(later.status).toBe(202);
    const done = await waitForTrip(alice, trip.id, (t) => settled(t) && photoOf(t, 'B.jpg').neighbours.length === 2);
    const b = photoOf(done, 'B.jpg');
    expect(b).toMatchObject({ state: 'placed', placedBy: 'sequence' });
    expect(b.neighbours.map((n) => n.fileName)).toEqual(['A.jpg', 'C.jpg']);
    expect(b.place!.lat).toBeCloseTo(SOUTH.lat + (NORTH.lat - SOUTH.lat) / 4, 4);

    // The stored analysis says the same, and its events tell why it moved.
    const analysis = AnalysisSchema.parse((await alice.api(`/api/analyses/${b.analysisId}`)).body.analysis);
    expect(analysis.analysis_result).toMatchObject({ outcome: 'found' });
    expect(analysis.analysis_result!.source).toContain('Photo Sequence');
    const sequence = analysis.evidence.filter((e) => e.locator === 'sequence');
    expect(sequence).toHaveLength(1);
    expect(sequence[0]!.details).toMatchObject({ neighbourIds: b.neighbours.map((n) => n.analysisId) });
    // Its evidence report's chained history has the move, after `done`, with the reason.
    const report = await alice.api(`/api/analyses/${b.analysisId}/report.json`);
    const events = report.body.events.items as Array<{ type: string; data: { reason?: string } }>;
    const relocated = events.filter((e) => e.type === 'relocated');
    expect(relocated.length).toBeGreaterThanOrEqual(1);
    expect(events.findIndex((e) => e.type === 'relocated')).toBeGreaterThan(events.findIndex((e) => e.type === 'done'));
    expect(relocated.at(-1)!.data.reason).toMatch(
      /^[AC]\.jpg, taken close in time with the same camera, was placed by its GPS\.$/,
    );
    expect(report.body.events.chain.intact).toBe(true);

    // Its location record follows (the history shows where it is now).
    const history = await alice.api('/api/locations/my?limit=50');
    const record = history.body.locations.find(
      (l: { analysis_id?: string; analysisId?: string }) => (l.analysis_id ?? l.analysisId) === b.analysisId,
    );
    expect(record?.location_name).toBe(analysis.analysis_result!.name);
  }, 120_000);

  it('counts each photo against the weekly limit: those without room are refused with the reason, nothing else is lost', async () => {
    const limited = await startTestServer({
      env: { DEFAULT_WEEKLY_IMAGE_LIMIT: '3', DEFAULT_IMAGES_PER_INSTANCE: '4', UPLOAD_MAX_FILES: '10' },
    });
    try {
      const carol = await limited.signIn('carol-trips@example.com', 'Carol');
      const trip = await createTrip(carol, 'Limited');
      // Each request is one upload: it may carry no more than the tier allows per upload.
      expect(trip.maxFilesPerRequest).toBe(4);
      const photos = await Promise.all(
        [0, 1, 2, 3, 4].map(async (i) => ({
          name: `P${i}.jpg`,
          data: await tripPhoto(`2024:05:01 10:0${i}:00`, { lat: 25.77 + i * 0.001, lng: -80.19 }),
        })),
      );
      const tooMany = await sendToTrip(carol, trip.id, photos);
      expect(tooMany.status).toBe(413);
      expect(tooMany.body.error.code).toBe('too_many_images_per_upload');

      const batch = await sendToTrip(carol, trip.id, photos.slice(0, 4));
      expect(batch.status).toBe(202);
      expect(batch.body.accepted.map((a: { fileName: string }) => a.fileName)).toEqual(['P0.jpg', 'P1.jpg', 'P2.jpg']);
      expect(batch.body.refused).toMatchObject([{ fileName: 'P3.jpg', code: 'weekly_limit_reached' }]);
      expect(batch.body.refused[0].message).toContain('You have used all 3 images of your weekly limit.');

      // Nothing left: refused before any file is read; the browser records what it kept back.
      const next = await sendToTrip(carol, trip.id, photos.slice(4));
      expect(next.status).toBe(429);
      const kept = await carol.api(`/api/trips/${trip.id}/over-limit`, {
        method: 'POST',
        body: { fileNames: ['P4.jpg'] },
      });
      expect(kept.status).toBe(200);
      expect(kept.body.refused).toMatchObject([{ fileName: 'P4.jpg', code: 'weekly_limit_reached' }]);

      const view = await waitForTrip(carol, trip.id, settled);
      expect(view.counts).toMatchObject({ photos: 3, placed: 3, refused: 2 });
      expect(view.refused.map((r) => r.fileName)).toEqual(['P3.jpg', 'P4.jpg']);
      // The week counts exactly the analysed photos, as single uploads would.
      const limits = await carol.api('/api/limits/me');
      expect(limits.body).toMatchObject({ currentUsage: 3, remainingThisWeek: 0 });

      // With room left, the browser may not say it is over the limit: it sends the photos instead.
      const other = await limited.signIn('dan-trips@example.com', 'Dan');
      const danTrip = await createTrip(other, 'Room left');
      const room = await other.api(`/api/trips/${danTrip.id}/over-limit`, {
        method: 'POST',
        body: { fileNames: ['x.jpg'] },
      });
      expect(room.status).toBe(409);
      expect(room.body.error.code).toBe('room_left');
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('streams the trip: a snapshot, then each photo as it moves on, and a new snapshot when photos are added', async () => {
    const trip = await createTrip(alice, 'Streamed');
    const response = await alice.fetch(`/api/trips/${trip.id}/events`);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = readTripStream(response);
    try {
      await stream.until(() => stream.messages.some((m) => m.type === 'snapshot'));
      expect(stream.messages[0]).toMatchObject({ type: 'snapshot', trip: { id: trip.id, photos: [] } });
      const sent = await sendToTrip(alice, trip.id, [
        { name: 'S1.jpg', data: await tripPhoto('2024:06:01 08:00:00', SOUTH) },
        { name: 'S2.jpg', data: await tripPhoto('2024:06:01 08:01:00') },
      ]);
      expect(sent.status).toBe(202);
      const placedBy = (name: string) =>
        [...stream.messages]
          .reverse()
          .flatMap((m) => (m.type === 'photo' ? [m.photo] : m.type === 'snapshot' ? m.trip.photos : []))
          .find((p) => p.fileName === name);
      await stream.until(
        () => placedBy('S1.jpg')?.state === 'placed' && placedBy('S2.jpg')?.placedBy === 'sequence',
        60_000,
      );
      // Each photo was heard on its own as it moved on (not only in a snapshot of the whole trip).
      for (const name of ['S1.jpg', 'S2.jpg'])
        expect(stream.messages.some((m) => m.type === 'photo' && m.photo.fileName === name)).toBe(true);
      expect(placedBy('S2.jpg')!.neighbours.map((n) => n.fileName)).toEqual(['S1.jpg']);
    } finally {
      await stream.cancel();
    }
  }, 90_000);

  it('exports JSON, CSV with formulas defused, and GeoJSON without a point where nothing was located', async () => {
    const trip = await createTrip(alice, '=Exported, "trip"');
    await sendToTrip(alice, trip.id, [
      { name: '=HYPERLINK(1).jpg', data: await tripPhoto('2024:07:01 12:00:00', SOUTH) },
      { name: 'lost.jpg', data: await tripPhoto('2024:07:01 18:00:00', undefined, { model: 'Other' }) },
    ]);
    await waitForTrip(alice, trip.id, (t) => settled(t) && t.photos.length === 2);

    const json = await alice.fetch(`/api/trips/${trip.id}/export.json`);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="Exported-trip.json"');
    expect(json.headers.get('cache-control')).toBe('no-store');
    const data = TripExportSchema.parse(await json.json());
    expect(data.trip.name).toBe('=Exported, "trip"');
    expect(data.photos.map((p) => [p.fileName, p.state])).toEqual([
      ['=HYPERLINK(1).jpg', 'placed'],
      ['lost.jpg', 'not_located'],
    ]);

    const csv = await alice.fetch(`/api/trips/${trip.id}/export.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe(
      'fileName,state,takenAt,camera,lat,lng,radiusMeters,confidence,place,source,placedBy,neighbours,summary,error,analysisId',
    );
    expect(lines[1]).toMatch(/^'=HYPERLINK\(1\)\.jpg,Placed,2024-07-01T12:00:00-04:00,TripPhone T 1,25\.76/);
    // Not located: no coordinates (nobody found that spot).
    expect(lines[2]).toMatch(/^lost\.jpg,Not located,2024-07-01T18:00:00-04:00,TripPhone Other,,,,,,,/);

    const geo = await alice.fetch(`/api/trips/${trip.id}/export.geojson`);
    expect(geo.headers.get('content-type')).toContain('application/geo+json');
    const fc = (await geo.json()) as { type: string; features: Array<{ geometry: unknown; properties: unknown }> };
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features[0]!.geometry).toEqual({
      type: 'Point',
      coordinates: [expect.closeTo(SOUTH.lng, 4), expect.closeTo(SOUTH.lat, 4)],
    });
    expect(fc.features[1]).toMatchObject({
      geometry: null,
      properties: { fileName: 'lost.jpg', state: 'Not located' },
    });
  }, 90_000);

  it('deletes a trip only when confirmed, with its photos, records and stored images', async () => {
    const trip = await createTrip(alice, 'To delete');
    const sent = await sendToTrip(alice, trip.id, [
      { name: 'D1.jpg', data: await tripPhoto('2024:08:01 12:00:00', SOUTH) },
      { name: 'D2.jpg', data: await tripPhoto('2024:08:01 12:05:00', NORTH) },
    ]);
    const ids = sent.body.accepted.map((a: { analysisId: string }) => a.analysisId) as string[];
    const photoIds = sent.body.accepted.map((a: { photoId: string }) => a.photoId) as string[];
    await waitForTrip(alice, trip.id, settled);

    const unconfirmed = await alice.api(`/api/trips/${trip.id}`, { method: 'DELETE', body: {} });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error.code).toBe('confirmation_required');
    expect((await getTrip(alice, trip.id)).photos).toHaveLength(2);

    const deleted = await alice.api(`/api/trips/${trip.id}`, { method: 'DELETE', body: { confirm: true } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true, id: trip.id, photos: 2 });
    expect((await alice.api(`/api/trips/${trip.id}`)).status).toBe(404);
    for (const id of ids) expect((await alice.api(`/api/analyses/${id}`)).status).toBe(404);
    for (const id of photoIds) expect((await alice.fetch(`/api/photos/${id}/thumbnail`)).status).toBe(404);
    const history = await alice.api('/api/locations/my?limit=50');
    expect(history.body.locations.filter((l: { analysis_id?: string }) => ids.includes(l.analysis_id ?? ''))).toEqual(
      [],
    );
    expect(TripListSchema.parse((await alice.api('/api/trips')).body).trips.map((t) => t.id)).not.toContain(trip.id);
  }, 90_000);

  it('reads a trip with its photos ordered by when they were taken', async () => {
    const trip = await createTrip(alice, 'Order');
    await sendToTrip(alice, trip.id, [
      { name: 'z-first.jpg', data: await tripPhoto('2024:09:01 07:00:00', SOUTH) },
      { name: 'a-later.jpg', data: await tripPhoto('2024:09:01 07:30:00', NORTH) },
    ]);
    const done = TripSchema.parse(await waitForTrip(alice, trip.id, settled));
    expect(done.photos.map((p) => p.fileName)).toEqual(['z-first.jpg', 'a-later.jpg']);
    expect(done.takenFrom).toBe('2024-09-01T07:00:00');
    expect(done.takenTo).toBe('2024-09-01T07:30:00');
  }, 60_000);
});
