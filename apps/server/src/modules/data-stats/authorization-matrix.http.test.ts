import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisRecordEnvelopeSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { documentedOperations } from '../openapi/openapi';
import type { Operation } from '../openapi/route-definition';

/**
 * Who may call what, for every documented operation that needs a session (R-DATA-1 and what the UI adds; R-DATA-6), as
 * anonymous, the owner, another user and the founder. The cases come from the operations themselves (their access):
 * - own:      `user`: each signed-in user gets their own data (anonymous 401);
 * - owned-id: `owner` (or a route not yet declared whose path names an `{id}`): anyone but the owner gets 404, the founder included;
 * - admin:    `founder` and `admin`, and `scope=all` of a `user` route: database-wide figures; users get 403, the founder
 *             200 (admin-code holders are tested in access/access.http.test.ts).
 */
type Kind = 'own' | 'owned-id' | 'admin';
type Case = { method: string; path: string; kind: Kind; body?: unknown; ok?: number };

/** What calling an operation needs beyond its path: a body, a query, or the analysis it deletes. */
const SAMPLES: Record<string, { body?: unknown; query?: string; deletes?: true }> = {
  'POST /api/users/auth0-sync': { body: {} },
  'PUT /api/users/profile': { body: { company: 'Matrix Inc' } },
  'PUT /api/gallery/settings': { body: { enabled: true } },
  'POST /api/analysis/create': { body: { analysis_result: { name: 'Matrix point', lat: 25.77, lng: -80.19 } } },
  'GET /api/analysis/search': { query: 'query=brickell' },
  'GET /api/analysis/nearby': { query: 'lat=25.77&lng=-80.19' },
  'PUT /api/analysis/{id}/feedback': { body: { rating: 3 } },
  'PUT /api/analysis/{id}/categories': { body: { categories: ['matrix'] } },
  'DELETE /api/analysis/{id}': { deletes: true },
  'POST /api/locations/create': {
    body: { location_name: 'Matrix place', coordinates: { lat: 25.77, lng: -80.19 } },
  },
  'GET /api/locations/search': { query: 'query=brickell' },
  'GET /api/locations/nearby': { query: 'lat=25.77&lng=-80.19' },
  'POST /api/trips': { body: { name: 'Matrix trip' } },
};

const opKey = (op: Pick<Operation, 'method' | 'path'>) => `${op.method.toUpperCase()} ${op.path}`;

/**
 * One case per operation in the matrix (and a `scope=all` case for a user route with a scope), with the owner's
 * analysis at `{id}`; deletions last, so the owner's run reads before it deletes.
 */
function cases(operations: Operation[], ownerAnalysisId: string, deletableId: string): Case[] {
  const all = operations
    .filter((op) => op.access !== 'public' && !ACCESS_TESTED_ELSEWHERE[opKey(op)])
    .flatMap((op): Case[] => {
      const sample = SAMPLES[opKey(op)] ?? {};
      const path = op.path.replace('{id}', sample.deletes ? deletableId : ownerAnalysisId);
      const kind: Kind =
        op.access === 'founder' || op.access === 'admin'
          ? 'admin'
          : op.access === 'owner' || op.path.includes('{id}')
            ? 'owned-id'
            : 'own';
      const base: Case = {
        method: op.method.toUpperCase(),
        path: sample.query ? `${path}?${sample.query}` : path,
        kind,
        ...(sample.body === undefined ? {} : { body: sample.body }),
        ...(op.status ? { ok: op.status } : {}),
      };
      if (!op.query?.shape.scope || kind === 'admin') return [base];
      const wide = op.query.shape.timeframe ? 'scope=all&timeframe=7d' : 'scope=all';
      return [base, { ...base, path: `${path}?${wide}`, kind: 'admin' }];
    });
  return [...all.filter((c) => c.method !== 'DELETE'), ...all.filter((c) => c.method === 'DELETE')];
}

/**
 * Documented operations whose access is tested beside their own module rather than in this matrix: their answers
 * depend on more than who asks (a photo to upload, a code to redeem, a stream to follow, the caller's own account to
 * delete, map access), so each is exercised there as anonymous, owner, other user and founder where it applies. The
 * coverage test below checks that the named file exists and calls the route; a new operation must join the matrix or
 * this list.
 */
const ACCESS_TESTED_ELSEWHERE: Record<string, string> = {
  'POST /api/users/sync': 'users/users.routes.test.ts',
  'POST /api/photos': 'analyses/photos.http.test.ts',
  'POST /api/verify': 'analyses/verify.http.test.ts',
  'POST /api/users/activity': 'activity/activity.http.test.ts',
  'PUT /api/users/{email}/status': 'activity/activity.http.test.ts',
  'POST /api/users/me/notifications/read': 'activity/activity.http.test.ts',
  'POST /api/admin/users/cleanup': 'activity/activity.http.test.ts',
  'DELETE /api/account': 'account/account.http.test.ts',
  'DELETE /api/gallery/entries': 'gallery/gallery.http.test.ts',
  'DELETE /api/admin/reference-imports/{id}': 'gallery/reference.http.test.ts',
  'POST /api/admin/reference-imports': 'gallery/reference-upload.http.test.ts',
  'POST /api/admin/reference-imports/{id}/photos': 'gallery/reference-upload.http.test.ts',
  'POST /api/admin/reference-imports/{id}/finish': 'gallery/reference-upload.http.test.ts',
  'GET /api/admin/reference-imports/{id}/photos': 'gallery/reference-upload.http.test.ts',
  'GET /api/admin/reference-photos/{id}/thumbnail': 'gallery/reference-upload.http.test.ts',
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
  // A trip's id is not an analysis id: each trip route is called as the owner, another user and the founder there.
  'GET /api/trips/{id}': 'trips/trips.http.test.ts',
  'PATCH /api/trips/{id}': 'trips/trips.http.test.ts',
  'DELETE /api/trips/{id}': 'trips/trips.http.test.ts',
  'POST /api/trips/{id}/photos': 'trips/trips.http.test.ts',
  'POST /api/trips/{id}/over-limit': 'trips/trips.http.test.ts',
  'GET /api/trips/{id}/events': 'trips/trips.http.test.ts',
  'GET /api/trips/{id}/export.json': 'trips/trips.http.test.ts',
  'GET /api/trips/{id}/export.csv': 'trips/trips.http.test.ts',
  'GET /api/trips/{id}/export.geojson': 'trips/trips.http.test.ts',
};

describe('authorization matrix of the data API', () => {
  let server: TestServer;
  let owner: TestBrowser;
  let other: TestBrowser;
  let founder: TestBrowser;
  let anon: TestBrowser;
  let matrix: Case[];
  let operations: Operation[];

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
    operations = documentedOperations(server.app);
    matrix = cases(operations, await make('Brickell City Centre'), await make('To be deleted'));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const call = (b: TestBrowser, c: Case) =>
    b.api(c.path, { method: c.method, ...(c.body === undefined ? {} : { body: c.body }) });

  it('covers every documented operation that needs a session', () => {
    const inMatrix = new Set(
      cases(operations, '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002').map(
        (c) => `${c.method} ${c.path.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}')}`,
      ),
    );
    // By construction every operation that needs a session is in the matrix unless its access is tested beside it.
    for (const op of operations.filter((o) => o.access !== 'public')) {
      const key = opKey(op);
      if (inMatrix.has(key)) continue;
      const elsewhere = ACCESS_TESTED_ELSEWHERE[key]!;
      const file = fileURLToPath(new URL(`../${elsewhere}`, import.meta.url));
      expect(existsSync(file), `${key}: ${elsewhere} exists`).toBe(true);
      // The route's fixed part ("/api/location-index/" of "/api/location-index/{id}/verify") and its last word.
      const text = readFileSync(file, 'utf8');
      expect(text, `${key}: ${elsewhere} calls it`).toContain(op.path.split('{')[0]!);
      expect(text, `${key}: ${elsewhere} calls it`).toContain(
        op.path.split('/').at(-1)!.replace(/[{}]/g, '').replace(/^id$/, ''),
      );
    }
    // Nothing listed stale: every route named here is documented, and one tested elsewhere needs a session.
    for (const key of [...Object.keys(ACCESS_TESTED_ELSEWHERE), ...Object.keys(SAMPLES)])
      expect(
        operations.some((o) => opKey(o) === key),
        `${key} is documented`,
      ).toBe(true);
    for (const key of Object.keys(ACCESS_TESTED_ELSEWHERE))
      expect(operations.find((o) => opKey(o) === key)?.access, `${key} needs a session`).not.toBe('public');
    // The database-wide figures of the user routes with a scope are in it, as founder-only cases.
    expect(matrix.filter((c) => c.kind === 'admin' && c.path.includes('scope=all')).length).toBeGreaterThanOrEqual(10);
    expect(matrix.length).toBeGreaterThan(50);
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
