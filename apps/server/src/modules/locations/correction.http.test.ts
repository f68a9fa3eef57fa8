import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnalysisSchema,
  LocationIndexSchema,
  LocationsPageSchema,
  PhotoUploadResponseSchema,
  USER_CONFIRMED_SOURCE,
} from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { uploadPhotos, waitForAnalysis } from '../../test/analyses';
import { gridPoint } from '../../engine/geo/grid';
import { gpsJpeg } from '../analyses/photos.fixtures';
import type { PlaceConfirmed } from './correction.service';

const CORNER = gridPoint(-8, 27); // SW 8 St & SW 27 Ave, Little Havana, City of Miami

async function analyse(b: TestBrowser, lat: number, lng: number) {
  const res = await uploadPhotos(b, [
    { name: 'beach.jpg', data: await gpsJpeg(lat, lng, { accuracyM: 5 }), type: 'image/jpeg' },
  ]);
  expect(res.status).toBe(202);
  return waitForAnalysis(b, PhotoUploadResponseSchema.parse(res.body).analyses[0]!.analysisId);
}

describe('POST /api/analyses/:id/correction (the owner confirms the place)', () => {
  let server: TestServer;
  let alice: TestBrowser;
  let bob: TestBrowser;
  const heard: PlaceConfirmed[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    alice = await server.signIn('corrector@example.com', 'Corrector');
    bob = await server.signIn('not-the-owner@example.com', 'Bob');
    server.app.placeCorrections.onPlaceConfirmed((e) => {
      heard.push(e);
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('moves the result, its history record and its index entry together, then tells the listeners', async () => {
    const analysis = await analyse(alice, 25.7907, -80.13);
    expect(analysis.analysis_result!.place?.municipality).toBe('Miami Beach');

    const res = await alice.api(`/api/analyses/${analysis.id}/correction`, { method: 'POST', body: CORNER });
    expect(res.status).toBe(200);
    const corrected = AnalysisSchema.parse(res.body.analysis);
    const result = corrected.analysis_result!;
    expect(result).toMatchObject({
      outcome: 'found',
      lat: CORNER.lat,
      lng: CORNER.lng,
      confidence: 1,
      radiusMeters: null,
      source: USER_CONFIRMED_SOURCE,
      insideCoverage: true,
    });
    // Re-derived by the engine's reverse geocoder, not copied from the old answer.
    expect(result.place?.municipality).toBe('Miami');
    expect(result.place?.zip).not.toBe(analysis.analysis_result!.place?.zip);
    expect(result.candidates[0]).toMatchObject({
      lat: CORNER.lat,
      lng: CORNER.lng,
      probability: 1,
      source: USER_CONFIRMED_SOURCE,
    });
    expect(result.candidates.slice(1).every((c) => c.probability === 0)).toBe(true);
    expect(result.explanation.at(-1)).toContain('You confirmed the place on the map');
    expect(corrected.confidence_score).toBe(1);
    expect(corrected.location_data).toMatchObject({
      lat: CORNER.lat,
      lng: CORNER.lng,
      source: USER_CONFIRMED_SOURCE,
      municipality: 'Miami',
    });

    // Stored: a fresh read, the history and the index all say the same.
    const again = AnalysisSchema.parse((await alice.api(`/api/analyses/${analysis.id}`)).body.analysis);
    expect(again.analysis_result).toEqual(result);
    const history = LocationsPageSchema.parse((await alice.api('/api/locations/my')).body);
    expect(history.locations.find((l) => l.analysis_id === analysis.id)).toMatchObject({
      location_name: result.name,
      coordinates: CORNER,
      municipality: 'Miami',
      source: USER_CONFIRMED_SOURCE,
      confidence: 1,
    });
    const index = LocationIndexSchema.parse((await alice.api('/api/location-index')).body);
    expect(index.items.find((i) => i.analysisId === analysis.id)).toMatchObject({
      name: result.name,
      coordinates: CORNER,
      source: USER_CONFIRMED_SOURCE,
      confidence: 1,
      status: 'verified',
    });

    expect(heard).toContainEqual({
      userId: expect.any(String),
      analysisId: analysis.id,
      photoId: analysis.photoId,
      ...CORNER,
    });
  });

  it('a failing listener does not undo or fail the correction', async () => {
    const off = server.app.placeCorrections.onPlaceConfirmed(() => {
      throw new Error('gallery down');
    });
    const analysis = await analyse(alice, 25.7907, -80.13);
    const res = await alice.api(`/api/analyses/${analysis.id}/correction`, { method: 'POST', body: CORNER });
    off();
    expect(res.status).toBe(200);
    expect(heard.filter((e) => e.analysisId === analysis.id)).toHaveLength(1);
  });

  it('refuses points outside Miami-Dade, bad bodies, other users and unknown ids', async () => {
    const analysis = await analyse(alice, 25.7907, -80.13);
    const url = `/api/analyses/${analysis.id}/correction`;

    const orlando = await alice.api(url, { method: 'POST', body: { lat: 28.5384, lng: -81.3789 } });
    expect(orlando.status).toBe(400);
    expect(orlando.body.error).toMatchObject({ code: 'outside_coverage' });
    expect(orlando.body.error.message).toContain('outside Miami-Dade County');

    const bad = await alice.api(url, { method: 'POST', body: { lat: 'north', lng: -80.2 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('lat');
    expect((await alice.api(url, { method: 'POST', body: { lat: 95, lng: -80.2 } })).status).toBe(400);

    expect((await bob.api(url, { method: 'POST', body: CORNER })).status).toBe(404);
    expect((await alice.api('/api/analyses/nope/correction', { method: 'POST', body: CORNER })).status).toBe(404);
    expect((await server.browser().api(url, { method: 'POST', body: CORNER })).status).toBe(401);

    // Nothing changed by the refused calls.
    const after = AnalysisSchema.parse((await alice.api(`/api/analyses/${analysis.id}`)).body.analysis);
    expect(after.analysis_result).toEqual(analysis.analysis_result);
  });
});
