import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import {
  AccessCodeLimitsSchema,
  AdminAccessCodeSchema,
  ConsoleAccessSchema,
  MyLimitsSchema,
  RedeemAccessCodeResponseSchema,
} from '@vt/shared';
import { freePort, startTestServer, type TestServer } from '../../test/server';
import { testDatabaseKind } from '../../test/db';
import { TestBrowser } from '../../test/browser';
import { uploadPhoto, uploadPhotos } from '../../test/analyses';
import { SESSION_COOKIE } from '../../auth/auth.routes';
import { plainJpeg } from '../analyses/photos.fixtures';

const CODES = {
  beta: 'Test-Beta-Code-0001',
  early: 'TEST-EARLY-CODE-0002',
  admin: 'TEST-ADMIN-CODE-0003',
  building: 'TEST-BUILDING-0004',
  console100: 'TEST-CONSOLE-100-XY',
  console60: 'TEST-CONSOLE-060-ZW',
};

let dir: string;
let server: TestServer;
let jpeg: Buffer;

/** `files` copies of one JPEG in one multipart upload. */
const upload = (browser: TestBrowser, files: number) =>
  uploadPhotos(
    browser,
    Array.from({ length: files }, (_, i) => ({ name: `p${i}.jpg`, data: jpeg, type: 'image/jpeg' })),
  );

const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

/** POST /api/images/upload-for-analysis: a photo a client analysed itself, with its result. */
async function clientUpload(browser: TestBrowser, bytes: Buffer) {
  return browser.api('/api/images/upload-for-analysis', {
    method: 'POST',
    body: {
      imageData: dataUrl(bytes),
      filename: 'client.jpg',
      coordinates: { lat: 25.77, lng: -80.19 },
      confidence: 0.5,
    },
  });
}

/**
 * POST /api/fast-analysis, given up on after `waitMs`: a refusal answers at once, an accepted photo waits for its
 * analysis (no runner in these servers), so 'accepted' is a request still waiting when the client leaves.
 */
async function fastAnalysis(
  browser: TestBrowser,
  bytes: Buffer,
  waitMs = 4000,
): Promise<{ status: number | 'accepted'; retryAfter?: string | null; body?: { code?: string; error?: string } }> {
  try {
    const response = await browser.fetch('/api/fast-analysis', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(browser.baseUrl).origin },
      body: JSON.stringify({ imageData: dataUrl(bytes) }),
      signal: AbortSignal.timeout(waitMs),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as { code?: string; error?: string },
    };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return { status: 'accepted' };
    throw error;
  }
}

/** Distinct photos (so none pairs with another's analysis by its bytes). */
const distinctJpegs = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => plainJpeg(64 + i, 48)));

const photoCount = async (db: TestServer['db'], email: string) =>
  (
    await queryRows<{ n: number }>(
      db.database.db,
      sql`select count(*)::int as n from photos p join users u on u.id = p.user_id where u.email = ${email}`,
    )
  )[0]!.n;

const redeem = (b: TestBrowser, code: string) => b.api('/api/access-codes/redeem', { method: 'POST', body: { code } });

beforeAll(async () => {
  jpeg = await plainJpeg(64, 48);
  dir = mkdtempSync(join(tmpdir(), 'vt-access-'));
  writeFileSync(
    join(dir, 'codes.json'),
    JSON.stringify({
      accessCodes: [
        { code: CODES.beta, tier: 'beta' },
        { code: CODES.early, tier: 'early_access' },
        { code: CODES.admin, tier: 'admin' },
      ],
      consoleCodes: [
        { code: CODES.console100, level: 100 },
        { code: CODES.console60, level: 60 },
      ],
      underConstruction: [CODES.building.toLowerCase()],
      tierOverrides: { alpha: { weeklyImageLimit: 40, mapAccess: false } },
    }),
  );
  server = await startTestServer({
    env: {
      ACCESS_CODES_FILE: join(dir, 'codes.json'),
      DEFAULT_WEEKLY_IMAGE_LIMIT: '5',
      DEFAULT_IMAGES_PER_INSTANCE: '1',
      DEFAULT_MAP_ACCESS: 'false',
      ACCESS_CODE_ATTEMPTS_PER_MINUTE: '1000',
      FOUNDER_EMAILS: 'founder@example.com',
      ANALYSIS_WORKER: 'false',
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('limits and redemption', () => {
  it('gives a user without a code the spec defaults and a week in their time zone', async () => {
    const b = await server.signIn('plain@example.com', 'Plain');
    const { status, body } = await b.api('/api/limits/me');
    expect(status).toBe(200);
    const limits = MyLimitsSchema.parse(body);
    expect(limits).toMatchObject({
      weeklyImageLimit: 5,
      imagesPerInstance: 1,
      mapAccess: false,
      features: ['basic_analysis'],
      accessCodes: [],
      currentUsage: 0,
      remainingThisWeek: 5,
      timeZone: 'America/New_York',
    });
    expect(new Date(limits.weekResetDate).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(limits.weekStartDate).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('redeems case-insensitively, raises limits to the maximum and merges features', async () => {
    const b = await server.signIn('redeemer@example.com', 'Redeemer');
    const first = await redeem(b, `  ${CODES.beta.toLowerCase()} `);
    expect(first.status).toBe(200);
    const body = RedeemAccessCodeResponseSchema.parse(first.body);
    expect(body.redeemed.tier).toBe('beta');
    const days = (Date.parse(body.redeemed.expiresAt) - Date.parse(body.redeemed.redeemedAt)) / 86_400_000;
    expect(days).toBe(90);
    expect(body.limits).toMatchObject({ weeklyImageLimit: 15, imagesPerInstance: 2, mapAccess: true });
    expect(body.limits.features).toEqual(expect.arrayContaining(['basic_analysis', 'beta_features', 'map_portal']));

    // A smaller tier afterwards keeps the higher values and adds its features.
    const second = await redeem(b, CODES.early);
    expect(second.status).toBe(200);
    const limits = MyLimitsSchema.parse((await b.api('/api/limits/me')).body);
    expect(limits).toMatchObject({ weeklyImageLimit: 15, imagesPerInstance: 2, mapAccess: true });
    expect(limits.features).toEqual(expect.arrayContaining(['beta_features', 'early_features', 'priority_queue']));
    expect(limits.accessCodes.map((c) => c.tier).sort()).toEqual(['beta', 'early_access']);
    // Nothing about the code itself comes back.
    expect(JSON.stringify(limits).toUpperCase()).not.toContain(CODES.beta.toUpperCase());
  });

  it('refuses a second redemption, unknown codes and codes under construction with the spec messages', async () => {
    const b = await server.signIn('twice@example.com', 'Twice');
    expect((await redeem(b, CODES.beta)).status).toBe(200);
    const again = await redeem(b, CODES.beta.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'already_redeemed', message: 'Code already redeemed' });
    const unknown = await redeem(b, 'NOT-A-REAL-CODE');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Invalid access code');
    const building = await redeem(b, CODES.building);
    expect(building.status).toBe(400);
    expect(building.body.error.message).toBe(
      'This access code is temporarily under construction. Please try again later.',
    );
    const empty = await redeem(b, '   ');
    expect(empty.body.error.message).toBe('Invalid access code');
  });

  it('drops expired codes when limits are read', async () => {
    const b = await server.signIn('expiring@example.com', 'Expiring');
    expect((await redeem(b, CODES.beta)).status).toBe(200);
    expect(MyLimitsSchema.parse((await b.api('/api/limits/me')).body).weeklyImageLimit).toBe(15);
    await server.db.database.db.execute(
      sql`update access_code_redemptions set expires_at = now() - interval '1 minute'
          where user_id = (select id from users where email = 'expiring@example.com')`,
    );
    const limits = MyLimitsSchema.parse((await b.api('/api/limits/me')).body);
    expect(limits).toMatchObject({
      weeklyImageLimit: 5,
      imagesPerInstance: 1,
      mapAccess: false,
      features: ['basic_analysis'],
      accessCodes: [],
    });
  });

  it('publishes per-tier limits with overrides, keyed by tier and never by code', async () => {
    const res = await server.browser().api('/api/access-code-limits');
    expect(res.status).toBe(200);
    expect(res.response.headers.get('cache-control')).toBe('public, max-age=300');
    const limits = AccessCodeLimitsSchema.parse(res.body);
    expect(Object.keys(limits).sort()).toEqual([
      'admin',
      'alpha',
      'beta',
      'developer',
      'early_access',
      'founder',
      'miami_pro',
    ]);
    expect(limits.founder).toEqual({ weeklyImageLimit: null, imagesPerInstance: null, mapAccess: true });
    expect(limits.alpha).toEqual({ weeklyImageLimit: 40, imagesPerInstance: 3, mapAccess: false });
    expect(JSON.stringify(res.body).toUpperCase()).not.toContain('TEST-');
  });

  it('needs a signed-in user', async () => {
    const anon = server.browser();
    expect((await anon.api('/api/limits/me')).status).toBe(401);
    expect((await redeem(anon, CODES.beta)).status).toBe(401);
  });
});

describe('map access', () => {
  const place = { name: 'Bayfront Park', lat: 25.7753, lng: -80.1862 };

  it("refuses the map portal's own calls without a code with map access, and opens them with one", async () => {
    const b = await server.signIn('no-map@example.com', 'No Map');
    const refused = await b.api('/api/location-index', { method: 'POST', body: place });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: expect.objectContaining({
        code: 'map_access_required',
        message: expect.stringContaining('Redeem an access code with map access'),
      }),
    });
    expect((await b.api('/api/location-index', { method: 'DELETE' })).status).toBe(403);
    // Reading the index is not map-only: /access-ai shows it too.
    expect((await b.api('/api/location-index')).status).toBe(200);

    expect((await redeem(b, CODES.early)).status).toBe(200);
    expect((await b.api('/api/location-index', { method: 'POST', body: place })).status).toBe(201);
    expect((await b.api('/api/location-index', { method: 'DELETE' })).status).toBe(200);
  });

  it('opens the map to founders without a code, and to nobody signed out', async () => {
    const founder = await server.signIn('founder@example.com', 'Founder');
    expect(MyLimitsSchema.parse((await founder.api('/api/limits/me')).body).mapAccess).toBe(true);
    expect((await founder.api('/api/location-index', { method: 'POST', body: place })).status).toBe(201);
    expect((await server.browser().api('/api/location-index', { method: 'POST', body: place })).status).toBe(401);
  });
});

describe('weekly quota on uploads', () => {
  it('accepts exactly 5 of 20 parallel uploads and says why and when the rest may come', async () => {
    const b = await server.signIn('parallel@example.com', 'Parallel');
    const results = await Promise.all(Array.from({ length: 20 }, () => upload(b, 1)));
    const accepted = results.filter((r) => r.status === 202);
    const refused = results.filter((r) => r.status !== 202);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.error.code).toBe('weekly_limit_reached');
      expect(r.body.error.message).toMatch(
        /used all 5 images of your weekly limit\. Your weekly limit resets on Monday, .+ at 12:00\sAM \(America\/New_York\)/,
      );
    }
    const limits = MyLimitsSchema.parse((await b.api('/api/limits/me')).body);
    expect(limits).toMatchObject({ currentUsage: 5, remainingThisWeek: 0 });
  }, 60_000);

  it('bounds one upload by imagesPerInstance, and a code raises it', async () => {
    const b = await server.signIn('batch@example.com', 'Batch');
    const two = await upload(b, 2);
    expect(two.status).toBe(413);
    expect(two.body.error.code).toBe('too_many_images_per_upload');
    expect(two.body.error.message).toContain('1 image per upload and this upload had 2');
    expect(MyLimitsSchema.parse((await b.api('/api/limits/me')).body).currentUsage).toBe(0);
    expect((await redeem(b, CODES.beta)).status).toBe(200);
    expect((await upload(b, 2)).status).toBe(202);
    expect((await upload(b, 3)).status).toBe(413);
    expect(MyLimitsSchema.parse((await b.api('/api/limits/me')).body)).toMatchObject({
      currentUsage: 2,
      remainingThisWeek: 13,
    });
  }, 60_000);

  it('refuses a batch larger than what is left this week', async () => {
    const b = await server.signIn('remaining@example.com', 'Remaining');
    expect((await redeem(b, CODES.beta)).status).toBe(200);
    await server.db.database.db.execute(
      sql`insert into weekly_image_usage (user_id, week_start, count)
          select id, ${MyLimitsSchema.parse((await b.api('/api/limits/me')).body).weekStartDate}::timestamptz, 14 from users where email = 'remaining@example.com'`,
    );
    const res = await upload(b, 2);
    expect(res.status).toBe(429);
    expect(res.body.error.message).toContain('This upload has 2 images but only 1 of your 15 images remain this week.');
    expect((await upload(b, 1)).status).toBe(202);
  }, 60_000);

  it('counts client uploads too: exactly 5 of 12 parallel photos stored, the rest refused with Retry-After', async () => {
    const b = await server.signIn('client-uploads@example.com', 'Client Uploads');
    const photos = await distinctJpegs(12);
    const results = await Promise.all(photos.map((p) => clientUpload(b, p)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({ success: false, code: 'weekly_limit_reached', canRetry: true });
      expect(r.body.error).toContain('used all 5 images of your weekly limit');
      // Seconds until the week resets: at most a week.
      const retryAfter = Number(r.response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(7 * 86_400);
    }
    expect(await photoCount(server.db, 'client-uploads@example.com')).toBe(5);
    expect(MyLimitsSchema.parse((await b.api('/api/limits/me')).body)).toMatchObject({
      currentUsage: 5,
      remainingThisWeek: 0,
    });
    // Every other path refuses too, before the photo is decoded.
    const multipart = await upload(b, 1);
    expect(multipart.status).toBe(429);
    const fast = await fastAnalysis(b, photos[0]!);
    expect(fast).toMatchObject({ status: 429, body: { code: 'weekly_limit_reached' } });
    expect(Number(fast.retryAfter)).toBeGreaterThan(0);
  }, 60_000);

  it('a client upload of a photo this user just had analysed is paid for by that analysis, once', async () => {
    const email = 'paired@example.com';
    const b = await server.signIn(email, 'Paired');
    const [photo] = await distinctJpegs(1);
    await uploadPhoto(b, 'paired.jpg', photo!);
    const usage = async () => MyLimitsSchema.parse((await b.api('/api/limits/me')).body).currentUsage;
    expect(await usage()).toBe(1);
    // Two parallel client uploads of the same bytes: one pairs with the analysis, the other is a new photo.
    const both = await Promise.all([clientUpload(b, photo!), clientUpload(b, photo!)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(await usage()).toBe(2);
    // A photo nobody analysed counts.
    const other = await plainJpeg(99, 61);
    expect((await clientUpload(b, other)).status).toBe(201);
    expect(await usage()).toBe(3);
    // A refused client upload (not an image) gives back what it reserved.
    const bad = await b.api('/api/images/upload-for-analysis', {
      method: 'POST',
      body: {
        imageData: `data:image/jpeg;base64,${Buffer.from('not a photo at all').toString('base64')}`,
        coordinates: { lat: 25.7, lng: -80.2 },
      },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(await usage()).toBe(3);
    expect(await photoCount(server.db, email)).toBe(4);
  }, 60_000);

  it('holds across two app instances sharing the database', async () => {
    const second = await startTestServer({
      shareDatabaseWith: server.db,
      env: { DEFAULT_WEEKLY_IMAGE_LIMIT: '5', DEFAULT_IMAGES_PER_INSTANCE: '1', ANALYSIS_WORKER: 'false' },
    });
    try {
      const a = await server.signIn('two-apps@example.com', 'Two Apps');
      // The session lives in the shared database, so the same cookie is valid on the second instance.
      const b = second.browser();
      b.setCookie(SESSION_COOKIE, a.cookie(SESSION_COOKIE)!);
      expect((await b.api('/api/limits/me')).status).toBe(200);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(i % 2 ? a : b, 1)));
      expect(results.filter((r) => r.status === 202)).toHaveLength(5);
      expect(results.filter((r) => r.status === 429)).toHaveLength(15);
      expect(MyLimitsSchema.parse((await b.api('/api/limits/me')).body).currentUsage).toBe(5);
    } finally {
      await second.close();
    }
  }, 90_000);
});

// Two real server processes (this one's app and a child `main.ts`) on one PostgreSQL: the quota is the database's
// to keep, not any process's memory. PGlite is in-process only, so this runs where PostgreSQL is.
if (testDatabaseKind() === 'postgres') {
  describe('weekly quota across two server processes on PostgreSQL', () => {
    let child: ChildProcess | undefined;
    afterAll(() => {
      child?.kill('SIGTERM');
    });

    it('accepts exactly 5 of 20 parallel uploads split between the processes', async () => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const childDataDir = mkdtempSync(join(tmpdir(), 'vt-child-'));
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: fileURLToPath(new URL('../../..', import.meta.url)),
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: baseUrl,
          DATA_DIR: childDataDir,
          DATABASE_URL: server.db.url!,
          // The same secret as the in-process server, so its session cookie is valid on both.
          SESSION_SECRET: server.config.sessionSecret,
          LOG_LEVEL: 'silent',
          WEB_DIST_DIR: join(childDataDir, 'no-web'),
          DEFAULT_WEEKLY_IMAGE_LIMIT: '5',
          DEFAULT_IMAGES_PER_INSTANCE: '1',
          ANALYSIS_WORKER: 'false',
          TEXT_LOCATOR: 'false',
          JSON_UPLOADS_PER_USER: '100',
          ACCESS_CODES_FILE: join(dir, 'codes.json'),
        },
      });
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      const deadline = Date.now() + 90_000;
      for (;;) {
        const up = await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`child server did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 250));
      }

      const a = await server.signIn('two-processes@example.com', 'Two Processes');
      const b = new TestBrowser(baseUrl);
      b.setCookie(SESSION_COOKIE, a.cookie(SESSION_COOKIE)!);
      expect((await b.api('/api/limits/me')).status).toBe(200);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(i % 2 ? a : b, 1)));
      expect(results.filter((r) => r.status === 202)).toHaveLength(5);
      expect(results.filter((r) => r.status === 429)).toHaveLength(15);
      expect(MyLimitsSchema.parse((await a.api('/api/limits/me')).body).currentUsage).toBe(5);
      expect(MyLimitsSchema.parse((await b.api('/api/limits/me')).body).currentUsage).toBe(5);

      // Every path that stores or decodes a photo, in parallel on both processes, shares one exact count.
      const c = await server.signIn('every-path@example.com', 'Every Path');
      const d = new TestBrowser(baseUrl);
      d.setCookie(SESSION_COOKIE, c.cookie(SESSION_COOKIE)!);
      const photos = await distinctJpegs(21);
      const mixed = await Promise.all(
        photos.map(async (photo, i) => {
          const browser = i % 2 ? c : d;
          if (i % 3 === 0) return (await upload(browser, 1)).status === 202 ? 'accepted' : 'refused';
          if (i % 3 === 1) return (await clientUpload(browser, photo)).status === 201 ? 'accepted' : 'refused';
          return (await fastAnalysis(browser, photo)).status === 'accepted' ? 'accepted' : 'refused';
        }),
      );
      expect(mixed.filter((r) => r === 'accepted')).toHaveLength(5);
      expect(mixed.filter((r) => r === 'refused')).toHaveLength(16);
      expect(await photoCount(server.db, 'every-path@example.com')).toBe(5);
      expect(MyLimitsSchema.parse((await d.api('/api/limits/me')).body).currentUsage).toBe(5);
      rmSync(childDataDir, { recursive: true, force: true });
    }, 150_000);
  });
}

describe('console access', () => {
  it('grants a level for 365 days, shows console output only for 100 and 90', async () => {
    const b = await server.signIn('console@example.com', 'Console');
    const none = ConsoleAccessSchema.parse((await b.api('/api/console-access/me')).body);
    expect(none).toMatchObject({ level: null, hasConsoleAccess: false });
    const bad = await b.api('/api/console-access/redeem', { method: 'POST', body: { code: CODES.beta } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid access code');

    const low = await b.api('/api/console-access/redeem', {
      method: 'POST',
      body: { code: CODES.console60.toLowerCase() },
    });
    expect(low.status).toBe(200);
    expect(ConsoleAccessSchema.parse(low.body)).toMatchObject({
      level: 60,
      hasConsoleAccess: false,
      timeRemaining: '12 months remaining',
    });

    const high = await b.api('/api/console-access/redeem', { method: 'POST', body: { code: CODES.console100 } });
    const access = ConsoleAccessSchema.parse(high.body);
    expect(access).toMatchObject({ level: 100, hasConsoleAccess: true, hasFullAccess: true });
    expect(Math.round((Date.parse(access.expiresAt!) - Date.parse(access.grantedAt!)) / 86_400_000)).toBe(365);

    await server.db.database.db.execute(
      sql`update console_access_grants set expires_at = now() - interval '1 second'
          where user_id = (select id from users where email = 'console@example.com')`,
    );
    const expired = ConsoleAccessSchema.parse((await b.api('/api/console-access/me')).body);
    expect(expired).toMatchObject({ level: null, hasConsoleAccess: false, timeRemaining: 'Expired' });
  });
});

describe('founder administration', () => {
  it('lets only the founder create, list and disable codes, showing hints and never codes', async () => {
    const user = await server.signIn('someone@example.com', 'Someone');
    expect((await user.api('/api/admin/access-codes')).status).toBe(403);
    expect(
      (
        await user.api('/api/admin/access-codes', {
          method: 'POST',
          body: { kind: 'limits', code: 'MINTED-123', tier: 'founder' },
        })
      ).status,
    ).toBe(403);

    const founder = await server.signIn('founder@example.com', 'Founder');
    const created = await founder.api('/api/admin/access-codes', {
      method: 'POST',
      body: { kind: 'limits', code: 'new-miami-code-77', tier: 'miami_pro', label: 'Press' },
    });
    expect(created.status).toBe(201);
    const code = AdminAccessCodeSchema.parse(created.body.code);
    expect(code).toMatchObject({
      kind: 'limits',
      tier: 'miami_pro',
      hint: '…77',
      active: true,
      source: 'admin',
      label: 'Press',
    });
    const dup = await founder.api('/api/admin/access-codes', {
      method: 'POST',
      body: { kind: 'limits', code: 'NEW-MIAMI-CODE-77', tier: 'beta' },
    });
    expect(dup.status).toBe(409);
    const badLevel = await founder.api('/api/admin/access-codes', {
      method: 'POST',
      body: { kind: 'console', code: 'CONSOLE-55-XX', level: 55 },
    });
    expect(badLevel.status).toBe(400);

    const list = await founder.api('/api/admin/access-codes');
    expect(list.status).toBe(200);
    const codes = list.body.codes.map((c: unknown) => AdminAccessCodeSchema.parse(c));
    expect(codes.filter((c: { source: string }) => c.source === 'config')).toHaveLength(5);
    const text = JSON.stringify(list.body).toUpperCase();
    for (const c of [...Object.values(CODES), 'NEW-MIAMI-CODE-77']) expect(text).not.toContain(c.toUpperCase());
    expect(text).not.toMatch(/[0-9a-f]{64}/i);

    const redeemer = await server.signIn('press@example.com', 'Press');
    expect((await redeem(redeemer, 'NEW-MIAMI-CODE-77')).status).toBe(200);
    const disabled = await founder.api(`/api/admin/access-codes/${code.id}`, {
      method: 'PATCH',
      body: { active: false },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.code).toMatchObject({ active: false, redemptions: 1 });
    const late = await server.signIn('late@example.com', 'Late');
    expect((await redeem(late, 'new-miami-code-77')).body.error.message).toBe('Invalid access code');
    expect(
      (
        await founder.api('/api/admin/access-codes/00000000-0000-0000-0000-000000000000', {
          method: 'PATCH',
          body: { active: true },
        })
      ).status,
    ).toBe(404);
  });

  it('treats holders of the admin code as admin-capable', async () => {
    const b = await server.signIn('admin-holder@example.com', 'Admin Holder');
    const check = server.app.adminCapability!;
    const row = { id: '', email: 'admin-holder@example.com', role: 'user' } as Parameters<typeof check>[0];
    expect(await check({ ...row, id: await idOf('admin-holder@example.com') })).toBe(false);
    expect((await b.api('/api/admin/users')).status).toBe(403);
    expect((await redeem(b, CODES.admin)).status).toBe(200);
    expect(await check({ ...row, id: await idOf('admin-holder@example.com') })).toBe(true);
    expect(await check({ ...row, id: await idOf('plain@example.com'), email: 'founder@example.com' })).toBe(true);
    // Over HTTP: the routes for admin-capable people open (R-ADMIN-2); the founder role's own stay closed (R-ADMIN-3).
    for (const path of ['/api/admin/users', '/api/admin/activity', '/api/admin/activity/stats'])
      expect((await b.api(path)).status, path).toBe(200);
    expect((await b.api('/api/admin/access-codes')).status).toBe(403);
    expect((await b.api('/api/admin/users/cleanup', { method: 'POST', body: { days: 90 } })).status).toBe(403);
  });
});

async function idOf(email: string): Promise<string> {
  const result = (await server.db.database.db.execute(sql`select id from users where email = ${email}`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows[0]!.id;
}

describe('brute-force limit over HTTP', () => {
  it('answers 429 with a clear sentence after 10 attempts a minute, even for a valid code', async () => {
    const limited = await startTestServer({
      env: {
        ACCESS_CODES_FILE: join(dir, 'codes.json'),
        ACCESS_CODE_ATTEMPTS_PER_MINUTE: '10',
        ANALYSIS_WORKER: 'false',
      },
    });
    try {
      // Keep the eleven attempts inside one clock minute.
      const second = new Date().getUTCSeconds();
      if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
      const b = await limited.signIn('guesser@example.com', 'Guesser');
      for (let i = 0; i < 10; i++) expect((await redeem(b, `GUESS-${i}-XXXX`)).status).toBe(400);
      const refused = await redeem(b, CODES.beta);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('too_many_attempts');
      expect(refused.body.error.message).toMatch(
        /^Too many access code attempts\. You can try 10 codes a minute; please wait \d+ seconds? and try again\.$/,
      );
      expect(MyLimitsSchema.parse((await b.api('/api/limits/me')).body).accessCodes).toEqual([]);
      // Same address, another user: the address is limited too.
      const other = await limited.signIn('other-guesser@example.com', 'Other');
      expect((await redeem(other, CODES.beta)).status).toBe(429);
    } finally {
      await limited.close();
    }
  }, 90_000);
});
