import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AdminStatsSchema,
  AnalysisListSchema,
  AnalysisPageSchema,
  AnalysisStatsSchema,
  LocationListSchema,
  LocationStatsSchema,
  PopularLocationsSchema,
  UserStatsSchema,
} from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { analysePhoto, createAnalysisRecord } from '../../test/analyses';
import { queryRows } from '../../db/client';
import { gpsJpeg } from '../analyses/photos.fixtures';

const ORIGIN_ID = '00000000-0000-4000-8000-000000000000';

const createAnalysis = (b: TestBrowser, name: string, lat: number, lng: number, confidence = 0.9) =>
  createAnalysisRecord(b, {
    image_url: `https://images.example/${name.replace(/\W+/g, '-')}.jpg`,
    analysis_type: 'test',
    analysis_result: { name, lat, lng, confidence },
    location_data: { note: name },
  });

describe('data API', () => {
  let server: TestServer;
  let alice: TestBrowser;
  let bob: TestBrowser;
  let founder: TestBrowser;
  let anon: TestBrowser;

  beforeAll(async () => {
    server = await startTestServer();
    [alice, bob, founder] = await Promise.all([
      server.signIn('alice@example.com', 'Alice Smith'),
      server.signIn('bob@example.com', 'Bob'),
      server.signIn('founder@visionterminal.local', 'Vera Founder'),
    ]);
    anon = server.browser();
    // Brickell, South Beach, Coral Gables, Homestead: the place names come from the server's reverse geocoder.
    await createAnalysis(alice, 'Brickell City Centre', 25.7668, -80.1929, 0.95);
    await createAnalysis(alice, 'Lummus Park', 25.7781, -80.1301, 0.72);
    await createAnalysis(alice, 'Miracle Mile', 25.7496, -80.2613, 0.45);
    await createAnalysis(alice, 'Homestead Main Street', 25.4687, -80.4776, 0.15);
    await createAnalysis(bob, 'Bob Brickell spot', 25.7669, -80.193, 0.8);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('creates an analysis with its place, location record and index entry', async () => {
    const created = await createAnalysis(alice, 'Bayside Marketplace', 25.7785, -80.1868, 0.88);
    expect(created).toMatchObject({
      status: 'done',
      analysis_type: 'test',
      image_url: 'https://images.example/Bayside-Marketplace.jpg',
      confidence_score: expect.closeTo(0.88, 5),
      location_data: { note: 'Bayside Marketplace' },
      thumbnail_url: null,
    });
    expect(created.location).toMatchObject({ name: 'Bayside Marketplace', municipality: 'Miami', source: 'Manual' });
    expect(created.analysis_result!.insideCoverage).toBe(true);
    const history = (await alice.api('/api/locations/my')).body;
    expect(history.locations.some((l: { analysis_id: string }) => l.analysis_id === created.id)).toBe(true);
    const index = (await alice.api('/api/location-index')).body;
    expect(index.items.some((i: { analysisId: string }) => i.analysisId === created.id)).toBe(true);

    const outside = await createAnalysis(alice, 'Orlando', 28.5384, -81.3789, 0.5);
    expect(outside.analysis_result).toMatchObject({ outcome: 'outside_coverage', insideCoverage: false, place: null });
    expect((await alice.api(`/api/analysis/${outside.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('validates the create body', async () => {
    const res = await alice.api('/api/analysis/create', {
      method: 'POST',
      body: { analysis_result: { name: 'X', lat: 95, lng: 0 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/analysis_result\.lat: lat must be between -90 and 90/);
    const missing = await alice.api('/api/analysis/create', { method: 'POST', body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/analysis_result/);
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a data: URL', 'data:text/html;base64,PHNjcmlwdD4='],
    ['plain http', 'http://images.example/a.jpg'],
    ['credentials in the URL', 'https://user:pass@images.example/a.jpg'],
    ['a path elsewhere in the app', '/auth/logout'],
  ])('refuses %s as image_url', async (_label, image_url) => {
    const res = await alice.api('/api/analysis/create', {
      method: 'POST',
      body: { image_url, analysis_result: { name: 'X', lat: 25.77, lng: -80.19 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/image_url: must be an https:\/\/ address or one of this app's own/);
  });

  it("accepts https and the app's own photo paths as image_url", async () => {
    // Another user, so the counts the later tests expect of alice stay hers.
    const carol = await server.signIn('carol-urls@example.com', 'Carol');
    for (const image_url of ['https://images.example/a.jpg', `/api/photos/${ORIGIN_ID}/display`]) {
      const res = await carol.api('/api/analysis/create', {
        method: 'POST',
        body: { image_url, analysis_result: { name: 'Y', lat: 25.77, lng: -80.19 } },
      });
      expect(res.status).toBe(201);
    }
  });

  describe('GET /api/analysis/my pagination', () => {
    it('pages newest first with the total, default 20', async () => {
      const page = AnalysisPageSchema.parse((await alice.api('/api/analysis/my')).body);
      expect(page.total).toBe(5);
      expect(page.analyses.map((a) => a.location!.name)).toEqual([
        'Bayside Marketplace',
        'Homestead Main Street',
        'Miracle Mile',
        'Lummus Park',
        'Brickell City Centre',
      ]);
      const second = AnalysisPageSchema.parse((await alice.api('/api/analysis/my?limit=2&offset=2')).body);
      expect(second.total).toBe(5);
      expect(second.analyses.map((a) => a.location!.name)).toEqual(['Miracle Mile', 'Lummus Park']);
      const beyond = AnalysisPageSchema.parse((await alice.api('/api/analysis/my?offset=50')).body);
      expect(beyond).toEqual({ analyses: [], total: 5 });
      const max = await alice.api('/api/analysis/my?limit=100');
      expect(max.status).toBe(200);
    });

    it('answers bad values with 400 and a message', async () => {
      const bad = async (q: string) => {
        const res = await alice.api(`/api/analysis/my${q}`);
        expect(res.status, q).toBe(400);
        return res.body.error.message as string;
      };
      expect(await bad('?limit=0')).toBe('limit: limit must be at least 1');
      expect(await bad('?limit=101')).toBe('limit: limit must be at most 100');
      expect(await bad('?limit=abc')).toMatch(/limit must be a number/);
      expect(await bad('?offset=-1')).toMatch(/offset must not be negative/);
      expect(await bad('?offset=x')).toMatch(/offset must be a number/);
    });
  });

  it('searches names, neighbourhoods and municipalities by word prefix, only the caller’s', async () => {
    const names = async (b: TestBrowser, q: string) =>
      AnalysisListSchema.parse((await b.api(`/api/analysis/search?query=${encodeURIComponent(q)}`)).body).analyses.map(
        (a) => a.location!.name,
      );
    expect(await names(alice, 'miracle')).toEqual(['Miracle Mile']);
    // "Coral Gables" is the municipality the server found for Miracle Mile, not part of its name.
    expect(await names(alice, 'coral gab')).toEqual(['Miracle Mile']);
    expect(await names(alice, 'brick')).toEqual(['Brickell City Centre']);
    expect(await names(bob, 'brick')).toEqual(['Bob Brickell spot']);
    expect(await names(alice, 'homestead')).toEqual(['Homestead Main Street']);
    expect(await names(alice, 'nowhere-at-all')).toEqual([]);
    expect(await names(alice, "'&!:*")).toEqual([]);
    const limited = AnalysisListSchema.parse((await alice.api('/api/analysis/search?query=miami&limit=1')).body);
    expect(limited.analyses.length).toBeLessThanOrEqual(1);
    const empty = await alice.api('/api/analysis/search?query=');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/query/);
    expect((await alice.api('/api/analysis/search')).status).toBe(400);
  });

  it('finds nearby analyses within the radius in km, nearest first, using the index', async () => {
    const near = async (b: TestBrowser, q: string) => {
      const res = await b.api(`/api/analysis/nearby?${q}`);
      expect(res.status, q).toBe(200);
      return AnalysisListSchema.parse(res.body).analyses;
    };
    // Default radius 1 km around Brickell: only Brickell City Centre.
    const one = await near(alice, 'lat=25.7670&lng=-80.1930');
    expect(one.map((a) => a.location!.name)).toEqual(['Brickell City Centre']);
    expect(one[0]!.distance_km).toBeLessThan(0.1);
    // 3 km reaches Bayside (about 1.3 km) but not Lummus Park (about 6.4 km).
    const three = await near(alice, 'lat=25.7670&lng=-80.1930&radius=3');
    expect(three.map((a) => a.location!.name)).toEqual(['Brickell City Centre', 'Bayside Marketplace']);
    const ten = await near(alice, 'lat=25.7670&lng=-80.1930&radius=10');
    expect(ten.map((a) => a.location!.name)).toEqual([
      'Brickell City Centre',
      'Bayside Marketplace',
      'Lummus Park',
      'Miracle Mile',
    ]);
    expect(ten.every((a, i) => i === 0 || a.distance_km! >= ten[i - 1]!.distance_km!)).toBe(true);
    expect(await near(alice, 'lat=25.7670&lng=-80.1930&radius=10&limit=2')).toHaveLength(2);
    expect((await near(bob, 'lat=25.7670&lng=-80.1930&radius=100')).map((a) => a.location!.name)).toEqual([
      'Bob Brickell spot',
    ]);
    for (const q of [
      'lat=91&lng=0',
      'lat=25&lng=abc',
      'lng=-80',
      'lat=25&lng=-80&radius=0',
      'lat=25&lng=-80&radius=-1',
      'lat=25&lng=-80&limit=101',
    ]) {
      const res = await alice.api(`/api/analysis/nearby?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message.length).toBeGreaterThan(5);
    }

    // The plan uses the (user, lat, lng) index rather than scanning the table.
    const [alicesId] = await queryRows<{ id: string }>(
      server.db.database.db,
      sql`select id from users where email = 'alice@example.com'`,
    );
    await server.db.database.db.execute(sql`set enable_seqscan = off`);
    const plan = await queryRows<Record<string, string>>(
      server.db.database.db,
      sql`explain select id from analyses where user_id = ${alicesId!.id}
          and (("analysis_result" ->> 'lat')::double precision) between 25.7 and 25.8
          and (("analysis_result" ->> 'lng')::double precision) between -80.3 and -80.1`,
    );
    await server.db.database.db.execute(sql`set enable_seqscan = on`);
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toMatch(/analyses_user_lat_lng_idx/);
  });

  it('reports the caller’s analysis, user and location stats', async () => {
    const a = AnalysisStatsSchema.parse((await alice.api('/api/analysis/stats')).body).stats;
    expect(a).toMatchObject({ scope: 'mine', total: 5, thisMonth: 5, today: 5 });
    expect(a.byConfidence).toEqual([
      { confidence_range: '0-20%', count: 1 },
      { confidence_range: '20-40%', count: 0 },
      { confidence_range: '40-60%', count: 1 },
      { confidence_range: '60-80%', count: 1 },
      { confidence_range: '80-100%', count: 2 },
    ]);
    expect(a.byOutcome).toEqual({ found: 5 });
    expect(a.perDay).toHaveLength(30);
    expect(a.perDay.at(-1)!.count).toBe(5);
    expect(a.averageConfidence).toBeCloseTo((0.95 + 0.72 + 0.45 + 0.15 + 0.88) / 5, 2);

    const u = UserStatsSchema.parse((await alice.api('/api/users/stats')).body).stats;
    expect(u).toMatchObject({ totalAnalyses: 5, thisMonth: 5, totalLocations: 5, locationIndexCount: 5, photos: 0 });
    const b = UserStatsSchema.parse((await bob.api('/api/users/stats')).body).stats;
    expect(b.totalAnalyses).toBe(1);

    const l = LocationStatsSchema.parse((await alice.api('/api/locations/stats')).body).stats;
    expect(l).toMatchObject({ scope: 'mine', total: 5, unique: 5, bySource: { Manual: 5 } });
    expect(l.topLocations).toHaveLength(3);
  });

  it('searches, finds nearby and ranks the caller’s location history', async () => {
    const search = LocationListSchema.parse((await alice.api('/api/locations/search?query=coral')).body).locations;
    expect(search.map((l) => l.location_name)).toEqual(['Miracle Mile']);
    expect(LocationListSchema.parse((await alice.api('/api/locations/search?query=100%25')).body).locations).toEqual(
      [],
    );
    // Default radius 5 km: Brickell and Bayside, not Lummus Park (6.4 km) or Homestead.
    const near = LocationListSchema.parse(
      (await alice.api('/api/locations/nearby?lat=25.7670&lng=-80.1930')).body,
    ).locations;
    expect(near.map((l) => l.location_name)).toEqual(['Brickell City Centre', 'Bayside Marketplace']);
    expect((await alice.api('/api/locations/nearby?lat=25.7670')).status).toBe(400);

    await alice.api('/api/locations/create', {
      method: 'POST',
      body: { location_name: 'Lummus Park', coordinates: { lat: 25.778, lng: -80.13 } },
    });
    const popular = PopularLocationsSchema.parse((await alice.api('/api/locations/popular')).body).locations;
    expect(popular[0]).toMatchObject({ location_name: 'Lummus Park', analysis_count: 2 });
    expect(popular.length).toBeLessThanOrEqual(10);
    expect(
      PopularLocationsSchema.parse((await alice.api('/api/locations/popular?limit=1')).body).locations,
    ).toHaveLength(1);
    expect((await alice.api('/api/locations/popular?limit=0')).status).toBe(400);
    expect(
      PopularLocationsSchema.parse((await bob.api('/api/locations/popular')).body).locations.map(
        (l) => l.location_name,
      ),
    ).toEqual(['Bob Brickell spot']);
  });

  it('gives database-wide figures to the founder only', async () => {
    const admin = AdminStatsSchema.parse((await founder.api('/api/admin/stats')).body).stats;
    expect(admin.totalUsers).toBeGreaterThanOrEqual(3);
    expect(admin.activeUsers).toBeGreaterThanOrEqual(3);
    expect(admin.totalAnalyses).toBeGreaterThanOrEqual(6);
    const all = AnalysisStatsSchema.parse((await founder.api('/api/analysis/stats?scope=all')).body).stats;
    expect(all.scope).toBe('all');
    expect(all.total).toBe(admin.totalAnalyses);
    const mine = AnalysisStatsSchema.parse((await founder.api('/api/analysis/stats')).body).stats;
    expect(mine.total).toBe(0);
    const locs = LocationStatsSchema.parse((await founder.api('/api/locations/stats?scope=all')).body).stats;
    expect(locs.total).toBeGreaterThanOrEqual(7);
    expect((await founder.api('/api/analysis/stats?scope=everything')).status).toBe(400);
  });

  it('authorization matrix: anonymous 401, owner ok, other user 404 or empty, admin-wide 403 for users', async () => {
    const own = await createAnalysis(alice, 'Matrix place', 25.79, -80.14, 0.6);
    const reads = [
      '/api/users/stats',
      '/api/analysis/my',
      '/api/analysis/search?query=matrix',
      '/api/analysis/nearby?lat=25.79&lng=-80.14',
      '/api/analysis/stats',
      '/api/locations/search?query=matrix',
      '/api/locations/nearby?lat=25.79&lng=-80.14',
      '/api/locations/popular',
      '/api/locations/stats',
    ];
    const founderOnly = [
      '/api/admin/stats',
      '/api/analysis/stats?scope=all',
      '/api/locations/stats?scope=all',
      '/api/locations/popular?scope=all',
    ];
    for (const path of [...reads, ...founderOnly]) {
      const res = await anon.api(path);
      expect(res.status, path).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
    for (const [method, path] of [
      ['POST', '/api/analysis/create'],
      ['DELETE', `/api/analysis/${own.id}`],
    ] as const) {
      expect((await anon.api(path, { method, body: method === 'POST' ? {} : undefined })).status, path).toBe(401);
    }
    for (const path of reads) {
      expect((await alice.api(path)).status, path).toBe(200);
      expect((await bob.api(path)).status, path).toBe(200);
    }
    for (const path of founderOnly) {
      const res = await alice.api(path);
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect((await founder.api(path)).status, path).toBe(200);
    }
    // Bob sees nothing of Alice's.
    const bobText = JSON.stringify([
      (await bob.api('/api/analysis/my?limit=100')).body,
      (await bob.api('/api/analysis/search?query=matrix')).body,
      (await bob.api('/api/analysis/nearby?lat=25.79&lng=-80.14&radius=50')).body,
      (await bob.api('/api/locations/search?query=matrix')).body,
    ]);
    expect(bobText).not.toContain(own.id);
    expect(bobText).not.toContain('Matrix place');
    // Another user's id, a missing id and a malformed id are the same 404; even the founder cannot delete it.
    expect((await bob.api(`/api/analysis/${own.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await founder.api(`/api/analysis/${own.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await alice.api(`/api/analysis/${ORIGIN_ID}`, { method: 'DELETE' })).status).toBe(404);
    expect((await alice.api('/api/analysis/not-an-id', { method: 'DELETE' })).status).toBe(404);
    expect((await alice.api(`/api/analysis/${own.id}`, { method: 'DELETE' })).body).toEqual({
      deleted: true,
      id: own.id,
    });
    expect((await alice.api(`/api/analysis/${own.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('deleting an uploaded analysis removes its location record, index entry, photo and stored images', async () => {
    const carol = await server.signIn('carol@example.com', 'Carol');
    const uploaded = await analysePhoto(carol, 'beach.jpg', await gpsJpeg(25.7907, -80.13, { accuracyM: 5 }));
    const id = uploaded.analysisId;
    const listed = AnalysisPageSchema.parse((await carol.api('/api/analysis/my')).body);
    expect(listed.total).toBe(1);
    expect(listed.analyses[0]!.thumbnail_url).toBe(`/api/photos/${uploaded.photoId}/thumbnail`);
    expect((await carol.fetch(listed.analyses[0]!.thumbnail_url!)).status).toBe(200);
    const keysOf = async () =>
      (
        await queryRows<{ k: string }>(
          server.db.database.db,
          sql`select unnest(array[original_key, thumbnail_key, display_key]) as k from photos where id = ${uploaded.photoId}`,
        )
      )
        .map((r) => r.k)
        .filter(Boolean);
    const keys = await keysOf();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const storage = server.app.analysisEngine.storage;
    for (const k of keys) expect(await storage.exists(k)).toBe(true);

    expect((await carol.api(`/api/analysis/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(AnalysisPageSchema.parse((await carol.api('/api/analysis/my')).body).total).toBe(0);
    expect((await carol.api('/api/locations/my')).body.total).toBe(0);
    expect((await carol.api('/api/location-index')).body.items).toEqual([]);
    expect((await carol.api(`/api/analyses/${id}`)).status).toBe(404);
    expect(await keysOf()).toEqual([]);
    for (const k of keys) expect(await storage.exists(k)).toBe(false);
    expect((await carol.fetch(`/api/photos/${uploaded.photoId}/thumbnail`)).status).toBe(404);
  });
});
