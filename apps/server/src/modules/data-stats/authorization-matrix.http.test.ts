import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisRecordEnvelopeSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { OPERATIONS } from '../openapi/openapi';

/**
 * Who may call what, for every endpoint of the data API (R-DATA-1 and what the UI adds; R-DATA-6), as anonymous, the
 * owner, another user and the founder:
 * - own:      each signed-in user gets their own data (anonymous 401);
 * - owned-id: a path naming the owner's analysis; anyone else gets 404, the founder included;
 * - admin:    database-wide figures; users get 403, the founder 200.
 */
type Kind = 'own' | 'owned-id' | 'admin';
type Case = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; kind: Kind; body?: unknown; ok?: number };

const TIMEFRAME_STATS = [
  '/api/api-usage/stats',
  '/api/images/stats',
  '/api/notifications/stats',
  '/api/feedback/stats',
  '/api/categories/stats',
  '/api/sessions/stats',
];

/**
 * Documented operations whose access is tested beside their own module rather than in this matrix: their answers
 * depend on more than who asks (a photo to upload, a code to redeem, a stream to follow, the caller's own account to
 * delete, map access), so each is exercised there as anonymous, owner, other user and founder where it applies. The
 * coverage test below checks that the named file exists and calls the route; a new operation must join the matrix or
 * this list.
 */
const ACCESS_TESTED_ELSEWHERE: Record<string, string> = {
  'POST /api/users/sync': 'users/users.routes.test.ts',
  'POST /api/users/activity': 'activity/activity.http.test.ts',
  'PUT /api/users/{email}/status': 'activity/activity.http.test.ts',
  'POST /api/users/me/notifications/read': 'activity/activity.http.test.ts',
  'POST /api/admin/users/cleanup': 'activity/activity.http.test.ts',
  'DELETE /api/account': 'account/account.http.test.ts',
  'DELETE /api/gallery/entries': 'gallery/gallery.http.test.ts',
  'GET /api/analyses/{id}': 'analyses/photos.http.test.ts',
  'GET /api/analyses/{id}/events': 'analyses/photos.http.test.ts',
  'GET /api/analyses/{id}/report.pdf': 'reports/reports.http.test.ts',
  'GET /api/photos/{id}/display': 'analyses/photos.http.test.ts',
  'GET /api/photos/{id}/thumbnail': 'analyses/photos.http.test.ts',
  'POST /api/analyses/{id}/correction': 'locations/correction.http.test.ts',
  'POST /api/fast-analysis': 'analyses/fast-analysis.http.test.ts',
  'POST /api/images/upload-for-analysis': 'analyses/fast-analysis.http.test.ts',
  'POST /api/access-codes/redeem': 'access/access.http.test.ts',
  'POST /api/console-access/redeem': 'access/access.http.test.ts',
  'POST /api/admin/access-codes': 'access/access.http.test.ts',
  'PATCH /api/admin/access-codes/{id}': 'access/access.http.test.ts',
  'GET /api/notifications/stream': 'notifications/notifications.http.test.ts',
  'POST /api/notifications': 'notifications/notifications.http.test.ts',
  'DELETE /api/notifications': 'notifications/notifications.http.test.ts',
  'POST /api/location-index': 'locations/locations.http.test.ts',
  'DELETE /api/location-index': 'locations/locations.http.test.ts',
  'DELETE /api/location-index/{id}': 'locations/locations.http.test.ts',
  'POST /api/location-index/{id}/verify': 'locations/index-check.http.test.ts',
  'POST /api/location-index/{id}/reevaluate': 'locations/index-check.http.test.ts',
};

function cases(ownerAnalysisId: string, deletableId: string): Case[] {
  const id = ownerAnalysisId;
  return [
    { method: 'POST', path: '/api/users/auth0-sync', kind: 'own', body: {} },
    { method: 'GET', path: '/api/users/profile', kind: 'own' },
    { method: 'PUT', path: '/api/users/profile', kind: 'own', body: { company: 'Matrix Inc' } },
    { method: 'GET', path: '/api/users/stats', kind: 'own' },
    { method: 'GET', path: '/api/admin/stats', kind: 'admin' },
    { method: 'GET', path: '/api/admin/deployment', kind: 'admin' },
    { method: 'GET', path: '/api/admin/users', kind: 'admin' },
    { method: 'GET', path: '/api/admin/activity', kind: 'admin' },
    { method: 'GET', path: '/api/admin/activity/stats', kind: 'admin' },
    { method: 'GET', path: '/api/limits/me', kind: 'own' },
    { method: 'GET', path: '/api/console-access/me', kind: 'own' },
    { method: 'GET', path: '/api/gallery/settings', kind: 'own' },
    { method: 'PUT', path: '/api/gallery/settings', kind: 'own', body: { enabled: true } },
    { method: 'GET', path: '/api/location-index', kind: 'own' },
    { method: 'GET', path: '/api/users/me/notifications', kind: 'own' },
    {
      method: 'POST',
      path: '/api/analysis/create',
      kind: 'own',
      body: { analysis_result: { name: 'Matrix point', lat: 25.77, lng: -80.19 } },
      ok: 201,
    },
    { method: 'GET', path: '/api/analysis/my', kind: 'own' },
    { method: 'GET', path: '/api/analysis/search?query=brickell', kind: 'own' },
    { method: 'GET', path: '/api/analysis/nearby?lat=25.77&lng=-80.19', kind: 'own' },
    { method: 'GET', path: '/api/analysis/stats', kind: 'own' },
    { method: 'GET', path: '/api/analysis/stats?scope=all', kind: 'admin' },
    { method: 'GET', path: `/api/analysis/${id}/feedback`, kind: 'owned-id' },
    { method: 'PUT', path: `/api/analysis/${id}/feedback`, kind: 'owned-id', body: { rating: 3 } },
    { method: 'DELETE', path: `/api/analysis/${id}/feedback`, kind: 'owned-id' },
    { method: 'GET', path: `/api/analysis/${id}/categories`, kind: 'owned-id' },
    // The evidence report names the person who sent the photo: the owner's alone, the founder's 404 included.
    { method: 'GET', path: `/api/analyses/${id}/report.json`, kind: 'owned-id' },
    { method: 'PUT', path: `/api/analysis/${id}/categories`, kind: 'owned-id', body: { categories: ['matrix'] } },
    { method: 'DELETE', path: `/api/analysis/${deletableId}`, kind: 'owned-id' },
    {
      method: 'POST',
      path: '/api/locations/create',
      kind: 'own',
      body: { location_name: 'Matrix place', coordinates: { lat: 25.77, lng: -80.19 } },
      ok: 201,
    },
    { method: 'GET', path: '/api/account/export', kind: 'own' },
    { method: 'GET', path: '/api/admin/access-codes', kind: 'admin' },
    { method: 'GET', path: '/api/locations/my', kind: 'own' },
    { method: 'GET', path: '/api/locations/search?query=brickell', kind: 'own' },
    { method: 'GET', path: '/api/locations/nearby?lat=25.77&lng=-80.19', kind: 'own' },
    { method: 'GET', path: '/api/locations/popular', kind: 'own' },
    { method: 'GET', path: '/api/locations/popular?scope=all', kind: 'admin' },
    { method: 'GET', path: '/api/locations/stats', kind: 'own' },
    { method: 'GET', path: '/api/locations/stats?scope=all', kind: 'admin' },
    { method: 'GET', path: '/api/api-usage/patterns', kind: 'own' },
    { method: 'GET', path: '/api/api-usage/patterns?scope=all', kind: 'admin' },
    ...TIMEFRAME_STATS.flatMap((p): Case[] => [
      { method: 'GET', path: p, kind: 'own' },
      { method: 'GET', path: `${p}?scope=all&timeframe=7d`, kind: 'admin' },
    ]),
  ];
}

describe('authorization matrix of the data API', () => {
  let server: TestServer;
  let owner: TestBrowser;
  let other: TestBrowser;
  let founder: TestBrowser;
  let anon: TestBrowser;
  let matrix: Case[];

  beforeAll(async () => {
    server = await startTestServer();
    [owner, other, founder] = await Promise.all([
      server.signIn('owner@example.com', 'Olive Owner'),
      server.signIn('other@example.com', 'Otto Other'),
      server.signIn('founder@visionterminal.local', 'Vera Founder'),
    ]);
    anon = server.browser();
    const make = async (name: string) => {
      const res = await owner.api('/api/analysis/create', {
        method: 'POST',
        body: { analysis_result: { name, lat: 25.7668, lng: -80.1929 } },
      });
      return AnalysisRecordEnvelopeSchema.parse(res.body).analysis.id;
    };
    matrix = cases(await make('Brickell City Centre'), await make('To be deleted'));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const call = (b: TestBrowser, c: Case) =>
    b.api(c.path, { method: c.method, ...(c.body === undefined ? {} : { body: c.body }) });

  it('covers every documented operation that needs a session', () => {
    const templ = (p: string) => p.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}');
    const covered = new Set(
      cases('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002').map(
        (c) => `${c.method} ${templ(c.path)}`,
      ),
    );
    for (const op of OPERATIONS.filter((o) => o.access !== 'public')) {
      const key = `${op.method.toUpperCase()} ${op.path}`;
      if (covered.has(key)) continue;
      const elsewhere = ACCESS_TESTED_ELSEWHERE[key];
      expect(elsewhere, `${key}: in neither the matrix nor ACCESS_TESTED_ELSEWHERE`).toBeDefined();
      const file = fileURLToPath(new URL(`../${elsewhere}`, import.meta.url));
      expect(existsSync(file), `${key}: ${elsewhere} exists`).toBe(true);
      // The route's fixed part ("/api/location-index/" of "/api/location-index/{id}/verify") and its last word.
      const text = readFileSync(file, 'utf8');
      expect(text, `${key}: ${elsewhere} calls it`).toContain(op.path.split('{')[0]!);
      expect(text, `${key}: ${elsewhere} calls it`).toContain(
        op.path.split('/').at(-1)!.replace(/[{}]/g, '').replace(/^id$/, ''),
      );
    }
    // Nothing listed twice or stale.
    for (const key of Object.keys(ACCESS_TESTED_ELSEWHERE)) {
      expect(covered.has(key), `${key} is in the matrix already`).toBe(false);
      expect(
        OPERATIONS.some((o) => `${o.method.toUpperCase()} ${o.path}` === key),
        `${key} is documented`,
      ).toBe(true);
    }
  });

  it('answers 401 to anonymous callers everywhere', async () => {
    for (const c of matrix) {
      const res = await call(anon, c);
      expect(res.status, `${c.method} ${c.path}`).toBe(401);
      expect(res.body.error.code, `${c.method} ${c.path}`).toBe('unauthorized');
    }
  });

  it("answers 404 to another user and to the founder for the owner's ids, 403 to users for database-wide figures", async () => {
    for (const c of matrix) {
      const res = await call(other, c);
      const expected = c.kind === 'owned-id' ? 404 : c.kind === 'admin' ? 403 : (c.ok ?? 200);
      expect(res.status, `other: ${c.method} ${c.path} ${JSON.stringify(res.body)}`).toBe(expected);
    }
    for (const c of matrix) {
      const res = await call(founder, c);
      const expected = c.kind === 'owned-id' ? 404 : (c.ok ?? 200);
      expect(res.status, `founder: ${c.method} ${c.path} ${JSON.stringify(res.body)}`).toBe(expected);
    }
  });

  it('lets the owner do everything on their own data, and nothing database-wide', async () => {
    for (const c of matrix) {
      const res = await call(owner, c);
      const expected = c.kind === 'admin' ? 403 : (c.ok ?? 200);
      expect(res.status, `owner: ${c.method} ${c.path} ${JSON.stringify(res.body)}`).toBe(expected);
    }
    // What the others did never reached the owner's data.
    const mine = await owner.api('/api/analysis/my');
    expect(mine.body.analyses.map((a: { location: { name: string } }) => a.location.name).sort()).toEqual([
      'Brickell City Centre',
      'Matrix point',
    ]);
  });
});
