import { eq, sql } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './auth.service';
import { startTestServer, type TestServer } from '../test/server';
import { testDatabaseKind } from '../test/db';

/** Idle and absolute expiry, checked by moving the stored timestamps into the past. */
describe('server-side sessions', () => {
  let server: TestServer;
  const idleMs = 30 * 60_000;
  beforeAll(async () => {
    // These tests move the stored timestamps as time (or another server process) would; the in-process session
    // cache would keep answering from what it read a moment before, so it is off here and tested below.
    server = await startTestServer({
      env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_DAYS: '1', SESSION_CACHE_SECONDS: '0' },
    });
  });
  afterAll(async () => server?.close());

  const db = () => server.db.database.db;
  const row = async (token: string) => {
    const [found] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    return found && { last_seen_at: found.lastSeenAt, expires_at: found.expiresAt, created_at: found.createdAt };
  };

  it('sets the absolute expiry from SESSION_ABSOLUTE_DAYS', async () => {
    const browser = await server.signIn('abs-config@example.com', 'A');
    const r = (await row(browser.cookie('vt_session')!))!;
    const span = new Date(r.expires_at).getTime() - new Date(r.created_at).getTime();
    expect(span).toBe(86_400_000);
  });

  it('expires after the idle time without activity', async () => {
    const browser = await server.signIn('idle@example.com', 'Idle');
    const token = browser.cookie('vt_session')!;
    const past = new Date(Date.now() - idleMs - 5_000).toISOString();
    await db().execute(sql`update sessions set last_seen_at = ${past} where id = ${hashToken(token)}`);
    const res = await browser.api('/api/users/profile');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('session_expired');
    expect(await row(token)).toBeUndefined();
    expect((await browser.api('/api/auth/session')).body.authenticated).toBe(false);
  });

  it('activity inside the idle window keeps the session and moves last_seen_at (at most once a minute)', async () => {
    const browser = await server.signIn('active@example.com', 'Active');
    const token = browser.cookie('vt_session')!;
    const firstSeen = new Date((await row(token))!.last_seen_at).getTime();
    expect((await browser.api('/api/users/profile')).status).toBe(200);
    // Less than a minute later: not written again.
    expect(new Date((await row(token))!.last_seen_at).getTime()).toBe(firstSeen);

    const earlier = new Date(Date.now() - idleMs + 60_000).toISOString();
    await db().execute(sql`update sessions set last_seen_at = ${earlier} where id = ${hashToken(token)}`);
    expect((await browser.api('/api/users/profile')).status).toBe(200);
    const touched = new Date((await row(token))!.last_seen_at).getTime();
    expect(Date.now() - touched).toBeLessThan(10_000);
  });

  it('expires at the absolute limit even when active', async () => {
    const browser = await server.signIn('absolute@example.com', 'Abs');
    const token = browser.cookie('vt_session')!;
    const past = new Date(Date.now() - 1_000).toISOString();
    await db().execute(
      sql`update sessions set expires_at = ${past}, last_seen_at = now() where id = ${hashToken(token)}`,
    );
    const res = await browser.api('/api/users/profile');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('session_expired');
  });

  it('answers unauthorized (not session_expired) without a cookie, and session_expired for a made-up one', async () => {
    const anonymous = await server.browser().api('/api/users/profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue.' } });
    const made = server.browser();
    made.setCookie('vt_session', 'x'.repeat(43));
    const res = await made.api('/api/users/profile');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('session_expired');
  });
});

describe('in-process session cache', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A long time to live: whatever these tests see comes from invalidation, never from an entry running out.
    server = await startTestServer({ env: { SESSION_CACHE_SECONDS: '60' } });
  });
  afterAll(async () => server?.close());

  it('answers from memory once a session is resolved (the stored row is not read again)', async () => {
    const browser = await server.signIn('cached@example.com', 'Cached');
    const token = browser.cookie('vt_session')!;
    expect((await browser.api('/api/auth/session')).body.authenticated).toBe(true);
    // Moving the stored expiry is invisible to this process until its entry goes; a logout is not (next test).
    await server.db.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${hashToken(token)}`,
    );
    expect((await browser.api('/api/users/profile')).status).toBe(200);
  });

  it('a signed-out cookie answers 401 at once', async () => {
    const browser = await server.signIn('signed-out@example.com', 'Out');
    const token = browser.cookie('vt_session')!;
    expect((await browser.api('/api/analysis/my')).status).toBe(200);
    expect((await browser.api('/api/analysis/my')).status).toBe(200);
    expect((await browser.api('/auth/logout', { method: 'POST' })).status).toBe(200);
    // The browser forgot the cookie; someone who kept a copy of it must be refused too.
    const copy = server.browser();
    copy.setCookie('vt_session', token);
    const res = await copy.api('/api/analysis/my');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('session_expired');
  });

  it('a new sign-in in the same browser ends the previous session at once', async () => {
    const browser = await server.signIn('again@example.com', 'Again');
    const first = browser.cookie('vt_session')!;
    expect((await browser.api('/api/users/profile')).status).toBe(200);
    await browser.signIn('again@example.com', 'Again');
    expect(browser.cookie('vt_session')).not.toBe(first);
    const copy = server.browser();
    copy.setCookie('vt_session', first);
    expect((await copy.api('/api/users/profile')).status).toBe(401);
  });

  it('the user’s own change shows on their next request (the session’s user is read again)', async () => {
    const browser = await server.signIn('changes@example.com', 'Before');
    expect((await browser.api('/api/auth/session')).body.user.name).toBe('Before');
    expect(
      (await browser.api('/api/users/profile', { method: 'PUT', body: { name: 'After', timeZone: 'Europe/Madrid' } }))
        .status,
    ).toBe(200);
    const user = (await browser.api('/api/auth/session')).body.user;
    expect(user.name).toBe('After');
    expect(user.timeZone).toBe('Europe/Madrid');
  });

  it('a deleted account’s cookie answers 401 at once', async () => {
    const browser = await server.signIn('leaving@example.com', 'Leaving');
    const token = browser.cookie('vt_session')!;
    expect((await browser.api('/api/users/profile')).status).toBe(200);
    expect(
      (await browser.api('/api/account', { method: 'DELETE', body: { confirm: 'leaving@example.com' } })).status,
    ).toBe(200);
    const copy = server.browser();
    copy.setCookie('vt_session', token);
    expect((await copy.api('/api/users/profile')).status).toBe(401);
  });
});

/** The statuses of `n` sign-in starts from one browser. */
async function loginStatuses(server: TestServer, n: number): Promise<number[]> {
  const browser = server.browser();
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await browser.fetch('/auth/login');
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

describe('sign-in rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('limits /auth/login per IP', async () => {
    const statuses = await loginStatuses(server, 32);
    expect(statuses.slice(0, 30).every((s) => s === 302)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await server.browser().fetch('/auth/login');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('answers 429 past the deployment’s SIGN_IN_ATTEMPTS_PER_MINUTE', async () => {
    const strict = await startTestServer({ env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '3' } });
    try {
      expect(await loginStatuses(strict, 4)).toEqual([302, 302, 302, 429]);
    } finally {
      await strict.close();
    }
  });
});

// The limit is the deployment's, not each process's: two processes sharing Redis, or PostgreSQL without Redis,
// allow 30 sign-ins a minute from one address between them.
const counterStores = testDatabaseKind() === 'postgres' ? (['redis', 'postgres'] as const) : (['redis'] as const);

describe.each(counterStores)('sign-in rate limit shared by two processes (%s counters)', (store) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = {
      REDIS_KEY_PREFIX: `vt-test-shared-${process.pid}-${Date.now()}:`,
      ...(store === 'redis' ? { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
    };
    a = await startTestServer({ env });
    b = await startTestServer({ env, shareDatabaseWith: a.db });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('30 sign-in starts between both processes, then 429 with Retry-After on either', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await (i % 2 ? a : b).browser().fetch('/auth/login');
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 302)).toBe(true);
    for (const server of [a, b]) {
      const res = await server.browser().fetch('/auth/login');
      await res.arrayBuffer();
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

// Two server processes (two apps on one database, each with its own session cache) that share a pub/sub
// carrier: PostgreSQL LISTEN/NOTIFY needs PostgreSQL; Redis works over either database.
const carriers = testDatabaseKind() === 'postgres' ? (['postgres', 'redis'] as const) : (['redis'] as const);

describe.each(carriers)('session caches of two processes (%s pub/sub)', (carrier) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    // A long time to live, so only the invalidation message can explain a refusal.
    const env = {
      SESSION_CACHE_SECONDS: '60',
      ...(carrier === 'redis' ? { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
    };
    a = await startTestServer({ env });
    b = await startTestServer({
      env,
      shareDatabaseWith: a.db,
      adjust: (c) => void (c.sessionSecret = a.config.sessionSecret),
    });
    expect(a.app.pubsub.kind).toBe(carrier);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Signs in on `a` and returns a browser on `b` holding the same cookie, its session already cached there. */
  async function signedInOnBoth(email: string) {
    const onA = await a.signIn(email, 'Both');
    const onB = b.browser();
    onB.setCookie('vt_session', onA.cookie('vt_session')!);
    expect((await onB.api('/api/users/profile')).status).toBe(200);
    expect((await onB.api('/api/users/profile')).status).toBe(200);
    return { onA, onB };
  }

  /**
   * A read on `b` until it answers `status`: the invalidation reaches the other process's listener within
   * milliseconds of the answer on `a` (the carrier's delivery), well inside this bound; the cache's own time to
   * live (60 s here) is far outside it. Writes never use the cache and are checked without waiting.
   */
  const readSoon = (
    browser: ReturnType<TestServer['browser']>,
    path: string,
    pick: (r: { status: number; body: { user?: { name?: string } } }) => unknown,
  ) => expect.poll(async () => pick(await browser.api(path)), { timeout: 300, interval: 10 });

  it('a sign-out on one process refuses the cookie on the other: writes at once, reads within milliseconds', async () => {
    const { onA, onB } = await signedInOnBoth('both-out@example.com');
    expect((await onA.api('/auth/logout', { method: 'POST' })).status).toBe(200);
    expect(
      (await onB.api('/api/users/profile', { method: 'PUT', body: { name: 'Too late', timeZone: 'UTC' } })).status,
    ).toBe(401);
    await readSoon(onB, '/api/users/profile', (r) => r.status).toBe(401);
  });

  it('a deleted account and a changed profile show on the other process', async () => {
    const { onA, onB } = await signedInOnBoth('both-change@example.com');
    expect(
      (await onA.api('/api/users/profile', { method: 'PUT', body: { name: 'Renamed', timeZone: 'Europe/Madrid' } }))
        .status,
    ).toBe(200);
    await readSoon(onB, '/api/auth/session', (r) => r.body.user?.name).toBe('Renamed');
    expect(
      (await onA.api('/api/account', { method: 'DELETE', body: { confirm: 'both-change@example.com' } })).status,
    ).toBe(200);
    expect(
      (await onB.api('/api/users/profile', { method: 'PUT', body: { name: 'Ghost', timeZone: 'UTC' } })).status,
    ).toBe(401);
    await readSoon(onB, '/api/users/profile', (r) => r.status).toBe(401);
  });
});
