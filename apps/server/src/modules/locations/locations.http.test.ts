import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  CountyOutlineSchema,
  LocationIndexCreateResponseSchema,
  LocationIndexSchema,
  LocationsPageSchema,
} from '@vt/shared';
import { insertTestPhoto } from '../../test/db';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { uploadPhoto, waitForAnalysis } from '../../test/analyses';
import { queryRows } from '../../db/client';
import { analyses } from '../../db/schema.analyses';
import { AnalysesRepository } from '../analyses/analyses.repository';
import { errorResult } from '../../engine/pipeline/fuse';
import { gpsJpeg, plainJpeg } from '../analyses/photos.fixtures';
import { recordFinishedAnalysis } from './analysis-finished';

async function userStats(server: TestServer, email: string) {
  const [row] = await queryRows<{ id: string; analysis_count: number; last_analysis: Date | null; activities: number }>(
    server.db.database.db,
    sql`select u.id, u.analysis_count, u.last_analysis,
               (select count(*)::int from activity_log a where a.user_id = u.id and a.type = 'analysis') as activities
        from users u where u.email = ${email}`,
  );
  return row!;
}

const indexOf = async (b: TestBrowser) => LocationIndexSchema.parse((await b.api('/api/location-index')).body);
const historyOf = async (b: TestBrowser, query = '') => {
  const res = await b.api(`/api/locations/my${query}`);
  expect(res.status).toBe(200);
  return LocationsPageSchema.parse(res.body);
};

describe('location history and location index', () => {
  let server: TestServer;
  let alice: TestBrowser;
  let bob: TestBrowser;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await server.signIn('alice@example.com', 'Alice');
    bob = await server.signIn('bob@example.com', 'Bob');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A photo row and its analysis, claimed by runner `workerId` as if mid-run (nothing real behind the photo). */
  async function runningAnalysis(userId: string, originalName: string, workerId: string) {
    const db = server.db.database.db;
    const photoId = await insertTestPhoto(db, userId, originalName);
    const [row] = await db
      .insert(analyses)
      .values({
        userId,
        photoId,
        engineVersion: 'test',
        status: 'running',
        lockedBy: workerId,
        lockedAt: new Date(),
      })
      .returning();
    return row!;
  }

  it('a GPS photo leaves one location record, one index entry, analysis count 1 — even when save runs twice', async () => {
    const id = (await uploadPhoto(alice, 'miami-beach.jpg', await gpsJpeg(25.7907, -80.13, { accuracyM: 5 })))
      .analysisId;
    const analysis = await waitForAnalysis(alice, id);
    expect(analysis.status).toBe('done');

    const check = async () => {
      const history = await historyOf(alice);
      expect(history.total).toBe(1);
      const record = history.locations[0]!;
      expect(record).toMatchObject({
        analysis_id: id,
        source: 'GPS Metadata',
        location_name: analysis.analysis_result!.name,
      });
      expect(record.coordinates.lat).toBeCloseTo(25.7907, 4);
      expect(record.coordinates.lng).toBeCloseTo(-80.13, 4);
      expect(record.confidence).toBeCloseTo(analysis.analysis_result!.confidence, 5);

      const index = await indexOf(alice);
      expect(index.max).toBe(20);
      expect(index.items).toHaveLength(1);
      expect(index.items[0]).toMatchObject({ analysisId: id, hasImage: true, source: 'GPS Metadata', status: 'idle' });
      expect(index.items[0]!.thumbnailUrl).toBe(`/api/photos/${analysis.photoId}/thumbnail`);
      // What the map and the exports need: where it stands, its place parts and the analysis' radius.
      expect(index.items[0]).toMatchObject({
        standing: 'located',
        place: { municipality: 'Miami Beach', zip: analysis.analysis_result!.place!.zip },
        radiusMeters: analysis.analysis_result!.radiusMeters,
        duplicateOf: null,
      });

      const stats = await userStats(server, 'alice@example.com');
      expect(stats.analysis_count).toBe(1);
      expect(stats.last_analysis).not.toBeNull();
      expect(stats.activities).toBe(1);
      const profile = await alice.api('/api/users/profile');
      expect(profile.body.user.analysisCount).toBe(1);
    };
    await check();

    // Run the whole pipeline again as if a second runner had claimed the job: save (finish) runs a second time.
    const db = server.db.database.db;
    await db
      .update(analyses)
      .set({ status: 'running', lockedBy: 'second-runner', lockedAt: new Date() })
      .where(eq(analyses.id, id));
    await server.app.analysisEngine.pipeline.run(id, 'second-runner', 2);
    const [again] = await db.select().from(analyses).where(eq(analyses.id, id));
    expect(again!.status).toBe('done');
    expect(again!.lockedBy).toBeNull();
    await check();

    // And the hook on its own, with the same analysis: the id is the key, nothing is written.
    expect(await db.transaction((tx) => recordFinishedAnalysis(tx as never, again!))).toBe(false);
    await check();
  });

  it('a photo with no evidence is stored too, as the honest fallback', async () => {
    const id = (await uploadPhoto(bob, 'nothing.jpg', await plainJpeg())).analysisId;
    const analysis = await waitForAnalysis(bob, id);
    expect(analysis.analysis_result!.outcome).toBe('fallback');
    const history = await historyOf(bob);
    expect(history.locations.find((l) => l.analysis_id === id)).toMatchObject({ source: 'Fallback', confidence: 0.3 });
    expect((await indexOf(bob)).items.find((i) => i.analysisId === id)).toMatchObject({
      source: 'Fallback',
      standing: 'not_located',
      place: null,
    });
    expect((await userStats(server, 'bob@example.com')).analysis_count).toBe(1);
  });

  it('the index says where each item stands and points a repeated photo to its first entry', async () => {
    const carol = await server.signIn('standing@example.com', 'Stan Ding');
    const bytes = await gpsJpeg(25.7617, -80.1918, { accuracyM: 5 });
    const first = (await uploadPhoto(carol, 'downtown.jpg', bytes)).analysisId;
    await waitForAnalysis(carol, first);
    const again = (await uploadPhoto(carol, 'downtown-again.jpg', bytes)).analysisId;
    await waitForAnalysis(carol, again);
    const paris = (await uploadPhoto(carol, 'paris.jpg', await gpsJpeg(48.8584, 2.2945, { accuracyM: 5 }))).analysisId;
    await waitForAnalysis(carol, paris);
    // Another user's identical photo is not a duplicate of anything of Carol's.
    const dave = await server.signIn('standing-other@example.com', 'Other');
    const daves = (await uploadPhoto(dave, 'downtown.jpg', bytes)).analysisId;
    await waitForAnalysis(dave, daves);

    const items = (await indexOf(carol)).items;
    const byAnalysis = (id: string) => items.find((i) => i.analysisId === id)!;
    expect(byAnalysis(first).duplicateOf).toBeNull();
    expect(byAnalysis(again).duplicateOf).toBe(byAnalysis(first).id);
    expect(byAnalysis(paris)).toMatchObject({ standing: 'outside', place: null, duplicateOf: null });
    expect(byAnalysis(first)).toMatchObject({ standing: 'located', place: { municipality: 'Miami' } });
    expect((await indexOf(dave)).items[0]!.duplicateOf).toBeNull();

    // A manual item moved nowhere by an analysis has no radius; its place comes from its own point.
    const manual = await carol.api('/api/location-index', {
      method: 'POST',
      body: { name: 'Home', lat: 25.7907, lng: -80.13 },
    });
    expect(manual.status).toBe(201);
    const item = LocationIndexCreateResponseSchema.parse(manual.body).item;
    expect(item).toMatchObject({ standing: 'located', radiusMeters: null, place: { municipality: 'Miami Beach' } });
  });

  it('a failed analysis is stored in the same transaction as its result, with the spec error name', async () => {
    const carol = await server.signIn('carol@example.com', 'Carol');
    const { id: userId } = await userStats(server, 'carol@example.com');
    const db = server.db.database.db;
    const row = await runningAnalysis(userId, 'broken.jpg', 'w1');
    const repo = new AnalysesRepository(db, { onFinished: recordFinishedAnalysis });
    const result = errorResult('broken.jpg', 'boom');
    expect(
      await repo.finish(row.id, 'w1', 'failed', { analysisResult: result, confidenceScore: result.confidence }),
    ).toBe(true);
    // A second finish finds the job no longer running: nothing more is recorded.
    expect(await repo.finish(row.id, 'w1', 'failed', { analysisResult: result })).toBe(false);

    const history = await historyOf(carol);
    expect(history.total).toBe(1);
    expect(history.locations[0]).toMatchObject({
      location_name: 'Error: broken.jpg (Default Miami)',
      source: 'Error Fallback',
    });
    expect(history.locations[0]!.coordinates).toEqual({ lat: 25.7617, lng: -80.1918 });
    const index = await indexOf(carol);
    expect(index.items).toHaveLength(1);
    expect(index.items[0]).toMatchObject({ hasImage: false, thumbnailUrl: null, confidence: expect.closeTo(0.1, 5) });
    const stats = await userStats(server, 'carol@example.com');
    expect(stats.analysis_count).toBe(1);
    expect(stats.activities).toBe(1);
  });

  it('a failing hook rolls the result back with it', async () => {
    const { id: userId } = await userStats(server, 'bob@example.com');
    const db = server.db.database.db;
    const row = await runningAnalysis(userId, 'x.jpg', 'w2');
    const repo = new AnalysesRepository(db, {
      onFinished: async (tx, analysis) => {
        await recordFinishedAnalysis(tx, analysis);
        throw new Error('disk full');
      },
    });
    const result = errorResult('x.jpg', 'boom');
    await expect(repo.finish(row.id, 'w2', 'failed', { analysisResult: result })).rejects.toThrow('disk full');
    const [after] = await db.select().from(analyses).where(eq(analyses.id, row.id));
    expect(after!.status).toBe('running');
    expect((await historyOf(bob)).locations.some((l) => l.analysis_id === row.id)).toBe(false);
  });

  describe('the index keeps the 20 newest', () => {
    it('the 21st manual item evicts the oldest, in the same request', async () => {
      const dave = await server.signIn('dave@example.com', 'Dave');
      const ids: string[] = [];
      for (let i = 1; i <= 20; i++) {
        const res = await dave.api('/api/location-index', {
          method: 'POST',
          body: { name: `Place ${i}`, lat: 25.7 + i / 1000, lng: -80.2 },
        });
        expect(res.status).toBe(201);
        const body = LocationIndexCreateResponseSchema.parse(res.body);
        expect(body.evicted).toEqual([]);
        expect(body.item).toMatchObject({
          source: 'Manual',
          status: 'idle',
          confidence: expect.closeTo(0.8, 5),
          hasImage: false,
        });
        ids.push(body.item.id);
      }
      const res = await dave.api('/api/location-index', {
        method: 'POST',
        body: { name: 'Place 21', lat: 25.8, lng: -80.2, confidence: 0.55, source: 'Survey' },
      });
      const body = LocationIndexCreateResponseSchema.parse(res.body);
      expect(body.evicted).toEqual([ids[0]]);
      expect(body.item).toMatchObject({ source: 'Survey', confidence: expect.closeTo(0.55, 5) });
      const index = await indexOf(dave);
      expect(index.items).toHaveLength(20);
      expect(index.items[0]!.name).toBe('Place 21');
      expect(index.items.at(-1)!.name).toBe('Place 2');
      expect(index.items.some((i) => i.id === ids[0])).toBe(false);
    });

    it('holds at 20 under 25 parallel adds', async () => {
      const erin = await server.signIn('erin@example.com', 'Erin');
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          erin.api('/api/location-index', { method: 'POST', body: { name: `P${i}`, lat: 25.7, lng: -80.2 } }),
        ),
      );
      expect(results.every((r) => r.status === 201)).toBe(true);
      const evicted = results.flatMap((r) => r.body.evicted as string[]);
      expect(evicted).toHaveLength(5);
      expect((await indexOf(erin)).items).toHaveLength(20);
    });
  });

  it('removes one item and clears all, only the owner’s', async () => {
    const frank = await server.signIn('frank@example.com', 'Frank');
    const a = (await frank.api('/api/location-index', { method: 'POST', body: { name: 'A', lat: 25.7, lng: -80.2 } }))
      .body.item.id;
    await frank.api('/api/location-index', { method: 'POST', body: { name: 'B', lat: 25.7, lng: -80.2 } });
    await frank.api('/api/location-index', { method: 'POST', body: { name: 'C', lat: 25.7, lng: -80.2 } });

    // Someone else's id, a missing id and a malformed one all answer 404.
    expect((await bob.api(`/api/location-index/${a}`, { method: 'DELETE' })).status).toBe(404);
    expect(
      (await frank.api('/api/location-index/00000000-0000-4000-8000-000000000000', { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await frank.api('/api/location-index/not-an-id', { method: 'DELETE' })).status).toBe(404);
    expect((await indexOf(frank)).items).toHaveLength(3);

    const removed = await frank.api(`/api/location-index/${a}`, { method: 'DELETE' });
    expect(removed).toMatchObject({ status: 200, body: { removed: 1 } });
    expect((await indexOf(frank)).items.map((i) => i.name)).toEqual(['C', 'B']);

    const bobBefore = (await indexOf(bob)).items.length;
    expect(bobBefore).toBeGreaterThan(0);
    expect((await frank.api('/api/location-index', { method: 'DELETE' })).body).toEqual({ removed: 2 });
    expect((await indexOf(frank)).items).toEqual([]);
    expect((await indexOf(bob)).items).toHaveLength(bobBefore);
  });

  it('anonymous calls answer 401', async () => {
    const anon = server.browser();
    for (const [method, path] of [
      ['GET', '/api/location-index'],
      ['POST', '/api/location-index'],
      ['DELETE', '/api/location-index'],
      ['DELETE', '/api/location-index/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/locations/my'],
      ['POST', '/api/locations/create'],
    ] as const) {
      const res = await anon.api(path, { method, body: method === 'POST' ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
  });

  it('validates input with messages a person understands', async () => {
    const bad = async (path: string, body: unknown) => {
      const res = await alice.api(path, { method: 'POST', body });
      expect(res.status).toBe(400);
      return res.body.error.message as string;
    };
    expect(await bad('/api/location-index', { name: 'X', lat: 200, lng: -80 })).toMatch(/^lat:/);
    expect(await bad('/api/location-index', { name: '  ', lat: 25, lng: -80 })).toMatch(/name: must not be empty/);
    expect(await bad('/api/location-index', { name: 'X', lat: 25, lng: -80, confidence: 1.5 })).toMatch(
      /confidence: must be between 0 and 1/,
    );
    expect(await bad('/api/location-index', { name: 'X', lat: '25', lng: -80 })).toMatch(/^lat:/);
    expect(await bad('/api/locations/create', { location_name: 'X' })).toMatch(/coordinates/);
    expect(await bad('/api/locations/create', { location_name: 'X', coordinates: { lat: 25, lng: -181 } })).toMatch(
      /coordinates\.lng/,
    );

    const page = async (query: string) => {
      const res = await alice.api(`/api/locations/my${query}`);
      expect(res.status, query).toBe(400);
      return res.body.error.message as string;
    };
    expect(await page('?limit=0')).toBe('limit: limit must be at least 1');
    expect(await page('?limit=101')).toBe('limit: limit must be at most 100');
    expect(await page('?limit=abc')).toMatch(/limit must be a number/);
    expect(await page('?limit=2.5')).toMatch(/whole number/);
    expect(await page('?offset=-1')).toBe('offset: offset must not be negative');
    // Nothing half-written by the refused calls.
    expect((await historyOf(alice)).total).toBe(1);
  });

  it('creates location records by hand, pages them newest first, and keeps the 50 newest', async () => {
    const gina = await server.signIn('gina@example.com', 'Gina');
    const created = await gina.api('/api/locations/create', {
      method: 'POST',
      body: {
        location_name: 'Vizcaya',
        coordinates: { lat: 25.7443, lng: -80.2106 },
        address: 'Coconut Grove, Miami, 33129',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.location).toMatchObject({
      location_name: 'Vizcaya',
      coordinates: { lat: 25.7443, lng: -80.2106 },
      address: 'Coconut Grove, Miami, 33129',
      source: 'Manual',
      analysis_id: null,
    });
    expect(Date.parse(created.body.location.created_at)).not.toBeNaN();
    for (let i = 2; i <= 51; i++) {
      const res = await gina.api('/api/locations/create', {
        method: 'POST',
        body: { location_name: `L${i}`, coordinates: { lat: 25.7, lng: -80.2 } },
      });
      expect(res.status).toBe(201);
    }
    const first = await historyOf(gina);
    expect(first.total).toBe(50);
    expect(first.locations).toHaveLength(20);
    expect(first.locations[0]!.location_name).toBe('L51');
    const last = await historyOf(gina, '?limit=100&offset=40');
    expect(last.locations).toHaveLength(10);
    expect(last.locations.at(-1)!.location_name).toBe('L2');
    expect(last.locations.some((l) => l.location_name === 'Vizcaya')).toBe(false);
    // Others see none of it.
    expect((await historyOf(bob)).locations.some((l) => l.location_name.startsWith('L'))).toBe(false);
  });

  it('serves the county outline for static previews, without a session', async () => {
    const res = await server.browser().api('/api/geo/county-outline');
    expect(res.status).toBe(200);
    const outline = CountyOutlineSchema.parse(res.body);
    const [minLng, minLat, maxLng, maxLat] = outline.properties.bbox;
    // Miami-Dade spans roughly 25.1–26.0 N and 80.9–80.1 W.
    expect(minLat).toBeGreaterThan(25);
    expect(maxLat).toBeLessThan(26.1);
    expect(minLng).toBeGreaterThan(-81);
    expect(maxLng).toBeLessThan(-80);
    expect(outline.geometry.coordinates.flat(2).length).toBeGreaterThan(10);
  });
});
