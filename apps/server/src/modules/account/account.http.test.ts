import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { analysePhoto, createAnalysisRecord } from '../../test/analyses';
import { queryRows } from '../../db/client';
import { gpsJpeg } from '../analyses/photos.fixtures';

const createManual = async (b: TestBrowser, name: string) =>
  (
    await createAnalysisRecord(b, {
      image_url: 'https://images.example/x.jpg',
      analysis_type: 'test',
      analysis_result: { name, lat: 25.7668, lng: -80.1929, confidence: 0.9 },
    })
  ).id;

describe('account export and deletion', () => {
  let server: TestServer;
  let dana: TestBrowser;
  let erin: TestBrowser;
  const count = async (table: string, userId: string) =>
    (
      await queryRows<{ n: number }>(
        server.db.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
      )
    )[0]!.n;
  const userId = async (b: TestBrowser) => (await b.api('/api/auth/session')).body.user.id as string;

  beforeAll(async () => {
    server = await startTestServer();
    [dana, erin] = await Promise.all([
      server.signIn('dana@example.com', 'Dana'),
      server.signIn('erin@example.com', 'Erin'),
    ]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 to anonymous callers', async () => {
    const anon = server.browser();
    expect((await anon.api('/api/account/export')).status).toBe(401);
    expect((await anon.api('/api/account', { method: 'DELETE', body: { confirm: 'dana@example.com' } })).status).toBe(
      401,
    );
  });

  it('exports the caller’s own data only, as a dated JSON attachment', async () => {
    await createManual(dana, 'Dana Brickell');
    await createManual(erin, 'Erin Secret Spot');
    const danaId = await userId(dana);
    const [code] = await queryRows<{ id: string }>(
      server.db.database.db,
      sql`insert into access_codes (kind, code_hash, hint, tier, source) values ('limits', 'secret-hash-value', 'AB…', 'pro', 'admin') returning id`,
    );
    await queryRows(
      server.db.database.db,
      sql`insert into access_code_redemptions (user_id, code_id, tier, expires_at) values (${danaId}, ${code!.id}, 'pro', now() + interval '30 days')`,
    );

    const danaAnalysis = (await dana.api('/api/analysis/my')).body.analyses[0].id as string;
    await dana.api(`/api/analysis/${danaAnalysis}/feedback`, { method: 'PUT', body: { rating: 4, comment: 'close' } });
    await dana.api(`/api/analysis/${danaAnalysis}/categories`, { method: 'PUT', body: { categories: ['downtown'] } });

    const res = await dana.fetch('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="vision-terminal-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: danaId, email: 'dana@example.com', name: 'Dana' });
    expect(data.analyses).toHaveLength(1);
    expect(data.analyses[0].analysisResult.name).toBe('Dana Brickell');
    expect(data.locations).toHaveLength(1);
    expect(data.locationIndex).toHaveLength(1);
    expect(data.accessCodeRedemptions).toEqual([
      { tier: 'pro', redeemedAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
    // The gallery: the setting and the places only (Dana has no GPS photo yet), never descriptors.
    expect(data.rememberedPlaces).toEqual({ enabled: true, entries: [] });
    expect(data.activity.length).toBeGreaterThan(0);
    expect(data.activity.every((a: { userId: string }) => a.userId === danaId)).toBe(true);
    expect(data.feedback).toEqual([
      { analysisId: danaAnalysis, rating: 4, comment: 'close', updatedAt: expect.any(String) },
    ]);
    expect(data.categories).toEqual([{ analysisId: danaAnalysis, category: 'downtown' }]);
    expect(text).not.toContain('Erin');
    expect(text).not.toContain('secret-hash-value');
    expect(text).not.toMatch(/original_key|originalKey|thumbnailKey/);
  });

  it('refuses deletion without the e-mail typed, and deletes nothing', async () => {
    const danaId = await userId(dana);
    for (const body of [{ confirm: 'erin@example.com' }, {}, undefined]) {
      const res = await dana.api('/api/account', { method: 'DELETE', body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Type your e-mail address to confirm.');
    }
    expect(await count('analyses', danaId)).toBe(1);
    expect((await dana.api('/api/auth/session')).body.authenticated).toBe(true);
  });

  it('deletes the user, their records, stored photos and sessions; others stay', async () => {
    const { photoId } = await analysePhoto(dana, 'beach.jpg', await gpsJpeg(25.7907, -80.13, { accuracyM: 5 }));
    const danaId = await userId(dana);
    const erinId = await userId(erin);
    const keys = (
      await queryRows<{ k: string | null }>(
        server.db.database.db,
        sql`select unnest(array[original_key, thumbnail_key, display_key]) as k from photos where id = ${photoId}`,
      )
    )
      .map((r) => r.k)
      .filter((k): k is string => Boolean(k));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const storage = server.app.analysisEngine.storage;
    for (const k of keys) expect(await storage.exists(k)).toBe(true);
    const erinBefore = await count('analyses', erinId);

    // Her GPS photo was remembered in the gallery; it goes with the account.
    expect(await count('gallery_entries', danaId)).toBe(1);
    const res = await dana.api('/api/account', { method: 'DELETE', body: { confirm: ' Dana@Example.com ' } });
    expect(res.status).toBe(200);
    // Ended at the provider too: the browser goes to its logout, with this session's ID token as the hint.
    expect(res.body.deleted).toBe(true);
    const logout = new URL(res.body.redirectTo as string);
    expect(logout.pathname).toMatch(/\/local-idp\/session\/end$/);
    expect(logout.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/`);
    expect(res.response.headers.getSetCookie().some((c) => /^vt_session=;/.test(c))).toBe(true);

    const users = await queryRows(server.db.database.db, sql`select id from users where id = ${danaId}`);
    expect(users).toEqual([]);
    for (const t of [
      'analyses',
      'photos',
      'locations',
      'location_index',
      'sessions',
      'activity_log',
      'access_code_redemptions',
      'gallery_entries',
    ]) {
      expect(await count(t, danaId), t).toBe(0);
    }
    for (const k of keys) expect(await storage.exists(k)).toBe(false);
    expect(await count('analyses', erinId)).toBe(erinBefore);
    expect((await erin.api('/api/analysis/my')).body.total).toBe(erinBefore);

    // The browser dropped the cookie; a request replaying the old one is no longer anyone's session.
    expect((await dana.api('/api/users/profile')).status).toBe(401);
  });

  it('a replayed session cookie of a deleted user is dead', async () => {
    const frank = await server.signIn('frank@example.com', 'Frank');
    const token = frank.cookie('vt_session');
    expect(token).toBeTruthy();
    expect((await frank.api('/api/account', { method: 'DELETE', body: { confirm: 'frank@example.com' } })).status).toBe(
      200,
    );
    expect(frank.cookie('vt_session')).toBeUndefined();
    frank.setCookie('vt_session', token!);
    const replay = await frank.api('/api/users/profile');
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('session_expired');
  });

  it('lets a seeded system user delete their account', async () => {
    const founder = await server.signIn('founder@visionterminal.local', 'Vera Founder');
    const res = await founder.api('/api/account', {
      method: 'DELETE',
      body: { confirm: 'founder@visionterminal.local' },
    });
    expect(res.status).toBe(200);
    expect(
      await queryRows(
        server.db.database.db,
        sql`select id from users where lower(email) = 'founder@visionterminal.local'`,
      ),
    ).toEqual([]);
  });
});
