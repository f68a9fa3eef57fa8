import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiUsagePatternsSchema,
  ApiUsageStatsSchema,
  CategoriesEnvelopeSchema,
  CategoryStatsSchema,
  DeploymentFactsSchema,
  FeedbackEnvelopeSchema,
  FeedbackStatsSchema,
  ImageStatsSchema,
  NotificationStatsSchema,
  SessionStatsSchema,
  TimeframeSchema,
  UserNotificationsResponseSchema,
} from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { createAnalysisRecord } from '../../test/analyses';

const createAnalysis = (b: TestBrowser, name: string, lat: number, lng: number) =>
  createAnalysisRecord(b, { analysis_result: { name, lat, lng, confidence: 0.8 } });

describe('timeframe parsing', () => {
  it('reads hours, days and the 24 hour default', () => {
    expect(TimeframeSchema.parse(undefined)).toBe(24);
    expect(TimeframeSchema.parse('6h')).toBe(6);
    expect(TimeframeSchema.parse('7d')).toBe(168);
    expect(TimeframeSchema.parse('48')).toBe(48);
    for (const bad of ['0h', 'week', '-1', '400d', '1.5h'])
      expect(TimeframeSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('usage statistics, feedback and categories', () => {
  let server: TestServer;
  let alice: TestBrowser;
  let bob: TestBrowser;
  let founder: TestBrowser;
  let anon: TestBrowser;
  let aliceAnalysis: string;
  let aliceSecond: string;

  beforeAll(async () => {
    server = await startTestServer();
    [alice, bob, founder] = await Promise.all([
      server.signIn('alice@example.com', 'Alice Smith'),
      server.signIn('bob@example.com', 'Bob'),
      server.signIn('founder@visionterminal.local', 'Vera Founder'),
    ]);
    anon = server.browser();
    aliceAnalysis = (await createAnalysis(alice, 'Brickell City Centre', 25.7668, -80.1929)).id;
    aliceSecond = (await createAnalysis(alice, 'Lummus Park', 25.7781, -80.1301)).id;
    await createAnalysis(bob, 'Bob Brickell spot', 25.7669, -80.193);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('rates an analysis 1–5 with an optional comment, owner only', async () => {
    expect(
      FeedbackEnvelopeSchema.parse((await alice.api(`/api/analysis/${aliceAnalysis}/feedback`)).body).feedback,
    ).toBeNull();
    const rated = await alice.api(`/api/analysis/${aliceAnalysis}/feedback`, {
      method: 'PUT',
      body: { rating: 4, comment: ' close enough ' },
    });
    expect(rated.status).toBe(200);
    expect(FeedbackEnvelopeSchema.parse(rated.body).feedback).toMatchObject({
      analysis_id: aliceAnalysis,
      rating: 4,
      comment: 'close enough',
    });
    // A second rating replaces the first.
    const again = await alice.api(`/api/analysis/${aliceAnalysis}/feedback`, { method: 'PUT', body: { rating: 5 } });
    expect(again.body.feedback).toMatchObject({ rating: 5, comment: null });
    expect(
      (
        await alice.api(`/api/analysis/${aliceSecond}/feedback`, {
          method: 'PUT',
          body: { rating: 2, comment: 'wrong street' },
        })
      ).status,
    ).toBe(200);

    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: 'x' },
      {},
      { rating: 3, comment: 'x'.repeat(2001) },
    ]) {
      const res = await alice.api(`/api/analysis/${aliceAnalysis}/feedback`, { method: 'PUT', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(/rating|comment/);
    }
    expect(
      (await bob.api(`/api/analysis/${aliceAnalysis}/feedback`, { method: 'PUT', body: { rating: 1 } })).status,
    ).toBe(404);
    expect((await bob.api(`/api/analysis/${aliceAnalysis}/feedback`)).status).toBe(404);
    expect((await alice.api('/api/analysis/not-a-uuid/feedback')).status).toBe(404);
    expect((await anon.api(`/api/analysis/${aliceAnalysis}/feedback`)).status).toBe(401);
  });

  it('categorises analyses (labels lower-cased, each once), owner only', async () => {
    const set = await alice.api(`/api/analysis/${aliceAnalysis}/categories`, {
      method: 'PUT',
      body: { categories: ['Street', 'street', 'Landmark'] },
    });
    expect(set.status).toBe(200);
    expect(CategoriesEnvelopeSchema.parse(set.body).categories).toEqual(['landmark', 'street']);
    await alice.api(`/api/analysis/${aliceSecond}/categories`, {
      method: 'PUT',
      body: { categories: ['beach', 'street'] },
    });
    expect((await alice.api(`/api/analysis/${aliceSecond}/categories`)).body.categories).toEqual(['beach', 'street']);
    // A category works as a project: the history lists its analyses.
    const street = (await alice.api('/api/analysis/my?category=Street')).body;
    expect(street.total).toBe(2);
    expect((await alice.api('/api/analysis/my?category=beach')).body.analyses.map((a: { id: string }) => a.id)).toEqual(
      [aliceSecond],
    );
    expect((await bob.api('/api/analysis/my?category=street')).body.total).toBe(0);
    const bad = await alice.api(`/api/analysis/${aliceAnalysis}/categories`, {
      method: 'PUT',
      body: { categories: [''] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/category/);
    expect(
      (await alice.api(`/api/analysis/${aliceAnalysis}/categories`, { method: 'PUT', body: { categories: 'street' } }))
        .status,
    ).toBe(400);
    expect(
      (await bob.api(`/api/analysis/${aliceAnalysis}/categories`, { method: 'PUT', body: { categories: ['x'] } }))
        .status,
    ).toBe(404);
  });

  it('counts feedback and categories per user and database-wide for the founder', async () => {
    const mine = FeedbackStatsSchema.parse((await alice.api('/api/feedback/stats')).body).stats;
    expect(mine).toMatchObject({
      scope: 'mine',
      timeframeHours: 24,
      total: 2,
      recent: 2,
      averageRating: 3.5,
      withComment: 1,
    });
    expect(mine.byRating).toEqual(
      [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 2 || rating === 5 ? 1 : 0 })),
    );
    expect(FeedbackStatsSchema.parse((await bob.api('/api/feedback/stats')).body).stats).toMatchObject({
      total: 0,
      averageRating: null,
    });

    const cats = CategoryStatsSchema.parse((await alice.api('/api/categories/stats?timeframe=7d')).body).stats;
    expect(cats).toMatchObject({ timeframeHours: 168, total: 4, categorisedAnalyses: 2 });
    expect(cats.byCategory[0]).toEqual({ category: 'street', count: 2 });

    const all = FeedbackStatsSchema.parse((await founder.api('/api/feedback/stats?scope=all')).body).stats;
    expect(all).toMatchObject({ scope: 'all', total: 2 });
    expect((await alice.api('/api/feedback/stats?scope=all')).status).toBe(403);
  });

  it('counts every API request in batches and reports usage and patterns', async () => {
    await server.app.apiUsage.flush();
    const before = ApiUsageStatsSchema.parse((await bob.api('/api/api-usage/stats')).body).stats;
    await bob.api('/api/analysis/my');
    await bob.api('/api/analysis/my?limit=0'); // 400
    await bob.api(`/api/analysis/${aliceAnalysis}/feedback`); // 404: someone else's
    await server.app.apiUsage.flush();
    expect(server.app.apiUsage.pending).toBe(0);

    const after = ApiUsageStatsSchema.parse((await bob.api('/api/api-usage/stats')).body).stats;
    // The three calls plus the first stats call itself.
    expect(after.totalRequests - before.totalRequests).toBe(4);
    expect(after.errorRequests - before.errorRequests).toBe(2);
    const myCount = (stats: typeof after) =>
      stats.byEndpoint.find((e) => e.endpoint === '/api/analysis/my' && e.method === 'GET');
    expect(myCount(after)!.count - (myCount(before)?.count ?? 0)).toBe(2);
    expect(myCount(after)!.errors - (myCount(before)?.errors ?? 0)).toBe(1);
    expect(after.byEndpoint.some((e) => e.endpoint === '/api/analysis/:id/feedback')).toBe(true);
    expect(after.averageDurationMs).toBeGreaterThan(0);
    expect(after.byStatus['404']).toBeGreaterThanOrEqual(1);
    expect(after.allTime).toBeGreaterThanOrEqual(after.totalRequests);

    const patterns = ApiUsagePatternsSchema.parse((await bob.api('/api/api-usage/patterns')).body).patterns;
    expect(patterns.days).toBe(7);
    expect(patterns.byHour).toHaveLength(24);
    expect(patterns.byDay).toHaveLength(7);
    const sumHours = patterns.byHour.reduce((s, h) => s + h.count, 0);
    expect(sumHours).toBe(patterns.byDay.reduce((s, d) => s + d.count, 0));
    expect(patterns.byDay.at(-1)!.count).toBeGreaterThanOrEqual(after.totalRequests);

    // Anonymous requests count too, without a user; the founder sees them database-wide.
    await anon.api('/api/analysis/my');
    await server.app.apiUsage.flush();
    const all = ApiUsageStatsSchema.parse(
      (await founder.api('/api/api-usage/stats?scope=all&timeframe=1h')).body,
    ).stats;
    expect(all.totalRequests).toBeGreaterThan(after.totalRequests);
    expect(all.byStatus['401']).toBeGreaterThanOrEqual(1);
  });

  it('answers images, notifications and sessions stats with their windows', async () => {
    const images = ImageStatsSchema.parse((await alice.api('/api/images/stats')).body).stats;
    // Records made through /api/analysis/create have no uploaded image.
    expect(images).toMatchObject({ total: 0, sizeStats: { total_size: 0, average_size: null } });
    // Notification stats count the user's own notifications (R-ACTIVITY-5) and their read state.
    const mine = UserNotificationsResponseSchema.parse(
      (await alice.api('/api/users/me/notifications')).body,
    ).notifications;
    const n = NotificationStatsSchema.parse((await alice.api('/api/notifications/stats')).body).stats;
    expect(n.total).toBe(mine.length);
    const unread = (stats: typeof n) => stats.byReadStatus.find((r) => !r.is_read)!.count;
    const read = (stats: typeof n) => stats.byReadStatus.find((r) => r.is_read)!.count;
    expect(unread(n) + read(n)).toBe(n.total);
    expect(unread(n)).toBe(mine.filter((m) => !m.read).length);
    // Announcements are one banner for everyone, not a notification of this user.
    const created = await founder.api('/api/notifications', {
      method: 'POST',
      body: { type: 'ANNOUNCEMENT', title: 'Hello', message: 'Counting', priority: 'normal' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(NotificationStatsSchema.parse((await alice.api('/api/notifications/stats')).body).stats.total).toBe(n.total);
    // A new sign-up notifies everyone (R-USER-3): one more, unread; reading it moves it across.
    await server.signIn(`stats-newcomer-${Date.now()}@example.com`, 'Newcomer Stats');
    const n2 = NotificationStatsSchema.parse((await alice.api('/api/notifications/stats')).body).stats;
    expect(n2.total).toBe(n.total + 1);
    expect(n2.recent).toBe(n.recent + 1);
    expect(unread(n2)).toBe(unread(n) + 1);
    const fresh = UserNotificationsResponseSchema.parse(
      (await alice.api('/api/users/me/notifications')).body,
    ).notifications.filter((m) => !m.read);
    expect(
      (await alice.api('/api/users/me/notifications/read', { method: 'POST', body: { ids: fresh.map((m) => m.id) } }))
        .status,
    ).toBe(200);
    const n3 = NotificationStatsSchema.parse((await alice.api('/api/notifications/stats')).body).stats;
    expect(unread(n3)).toBe(0);
    expect(read(n3)).toBe(n2.total);
    // The founder's scope=all counts every user's notifications, Alice's included.
    const all = NotificationStatsSchema.parse((await founder.api('/api/notifications/stats?scope=all')).body).stats;
    expect(all.total).toBeGreaterThanOrEqual(n3.total + 1);

    const s = SessionStatsSchema.parse((await alice.api('/api/sessions/stats')).body).stats;
    expect(s).toMatchObject({ scope: 'mine', activeSessions: 1, signInsInTimeframe: 1, activeUsers: 1 });
    const sAll = SessionStatsSchema.parse((await founder.api('/api/sessions/stats?scope=all')).body).stats;
    expect(sAll.activeSessions).toBeGreaterThanOrEqual(3);
    expect(sAll.signInsInTimeframe).toBeGreaterThanOrEqual(3);
  });

  it('filters the analysis history by day and confidence, in the list, its total and search', async () => {
    const carol = await server.signIn('carol@example.com', 'Carol');
    for (const [name, confidence] of [
      ['Brickell low', 0.3],
      ['Brickell high', 0.95],
    ] as const) {
      await carol.api('/api/analysis/create', {
        method: 'POST',
        body: { analysis_result: { name, lat: 25.7668, lng: -80.1929, confidence } },
      });
    }
    const names = (body: { analyses: { location: { name: string } }[] }) =>
      body.analyses.map((a) => a.location.name).sort();
    const high = (await carol.api('/api/analysis/my?min_confidence=0.5')).body;
    expect(names(high)).toEqual(['Brickell high']);
    expect(high.total).toBe(1);
    expect(names((await carol.api('/api/analysis/my?max_confidence=0.5')).body)).toEqual(['Brickell low']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(Date.now() - 86_400_000),
    );
    expect((await carol.api(`/api/analysis/my?from=${today}&to=${today}`)).body.total).toBe(2);
    expect((await carol.api(`/api/analysis/my?to=${yesterday}`)).body).toMatchObject({ total: 0, analyses: [] });
    expect(names((await carol.api('/api/analysis/search?query=brickell&min_confidence=0.9')).body)).toEqual([
      'Brickell high',
    ]);
    for (const q of ['from=yesterday', 'to=2026-13-45', 'min_confidence=2', 'max_confidence=x']) {
      const res = await carol.api(`/api/analysis/my?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message, q).toContain(q.split('=')[0]);
    }
  });

  it('rejects bad query values with a message naming them', async () => {
    for (const [path, word] of [
      ['/api/api-usage/stats?timeframe=week', 'timeframe'],
      ['/api/images/stats?timeframe=0', 'timeframe'],
      ['/api/sessions/stats?scope=everyone', 'scope'],
      ['/api/api-usage/patterns?days=0', 'days'],
      ['/api/api-usage/patterns?days=abc', 'days'],
      ['/api/api-usage/patterns?days=91', 'days'],
    ] as const) {
      const res = await alice.api(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.message, path).toContain(word);
    }
  });

  it('serves deployment facts to the founder only, without secrets', async () => {
    expect((await alice.api('/api/admin/deployment')).status).toBe(403);
    expect((await anon.api('/api/admin/deployment')).status).toBe(401);
    const res = await founder.api('/api/admin/deployment');
    const facts = DeploymentFactsSchema.parse(res.body).deployment;
    expect(facts).toMatchObject({
      environment: 'test',
      signIn: 'local',
      storage: 'local',
      database: { reachable: true },
    });
    expect(facts.migrations).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(res.body)).not.toContain(server.config.sessionSecret);
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const res = await anon.api('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/users/auth0-sync',
      '/api/analysis/my',
      '/api/locations/popular',
      '/api/api-usage/patterns',
      '/api/sessions/stats',
    ]) {
      expect(paths).toContain(p);
    }
    const nearby = res.body.paths['/api/analysis/nearby'].get;
    const radius = nearby.parameters.find((p: { name: string }) => p.name === 'radius');
    expect(radius.schema.default).toBe(1);
    expect(
      res.body.paths['/api/analysis/{id}/feedback'].put.requestBody.content['application/json'].schema.properties
        .rating,
    ).toBeDefined();
  });
});
