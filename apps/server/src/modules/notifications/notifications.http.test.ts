import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { testDatabaseKind } from '../../test/db';
import type { TestBrowser } from '../../test/browser';
import { readSse } from '../../test/sse';

const FOUNDER = 'founder@example.com';
const env = { FOUNDER_EMAILS: FOUNDER };

/** The stream's messages as they arrive. */
async function openStream(browser: TestBrowser) {
  const response = await browser.fetch('/api/notifications/stream', { headers: { accept: 'text/event-stream' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  return readSse<{ current: { id: string; title: string } | null }>(response);
}

describe('announcements (GET/POST/DELETE /api/notifications)', () => {
  let server: TestServer;
  let founder: TestBrowser;
  let user: TestBrowser;
  beforeAll(async () => {
    server = await startTestServer({ env });
    founder = await server.signIn(FOUNDER, 'Fay Founder');
    user = await server.signIn('user@example.com', 'Una User');
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await founder.api('/api/notifications?clearAll=true', { method: 'DELETE' });
  });

  it('lets the founder post an announcement that every signed-in user then gets, with defaults', async () => {
    expect((await user.api('/api/notifications')).body).toEqual({ success: true, current: null });
    const posted = await founder.api('/api/notifications', {
      method: 'POST',
      body: { priority: 'urgent', title: 'Maintenance', message: 'Down at 9', actionLink: '/settings' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.notification).toMatchObject({
      type: 'ANNOUNCEMENT',
      priority: 'urgent',
      title: 'Maintenance',
      actionLink: '/settings',
      actionText: 'Learn More',
      expiresAt: null,
    });
    const got = await user.api('/api/notifications');
    expect(got.status).toBe(200);
    expect(got.body.current.id).toBe(posted.body.notification.id);
  });

  it('shows the newest one; clearAll=false removes only that, clearAll=true removes all', async () => {
    const post = (title: string) =>
      founder.api('/api/notifications', { method: 'POST', body: { title, message: 'm' } });
    await post('first');
    await new Promise((r) => setTimeout(r, 5));
    await post('second');
    expect((await user.api('/api/notifications')).body.current.title).toBe('second');
    const one = await founder.api('/api/notifications?clearAll=false', { method: 'DELETE' });
    expect(one.body).toEqual({ success: true, message: 'Removed the current announcement' });
    expect((await user.api('/api/notifications')).body.current.title).toBe('first');
    const all = await founder.api('/api/notifications?clearAll=true', { method: 'DELETE' });
    expect(all.body.success).toBe(true);
    expect((await user.api('/api/notifications')).body.current).toBeNull();
  });

  it('does not show an expired announcement', async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const posted = await founder.api('/api/notifications', {
      method: 'POST',
      body: { title: 'soon gone', message: 'm', expiresAt },
    });
    expect(posted.status).toBe(201);
    expect((await user.api('/api/notifications')).body.current.title).toBe('soon gone');
    await new Promise((r) => setTimeout(r, 1600));
    expect((await user.api('/api/notifications')).body.current).toBeNull();
  });

  it('refuses writes from non-founders (403) and from anonymous visitors (401); the banner itself is public', async () => {
    expect((await user.api('/api/notifications', { method: 'POST', body: { title: 't', message: 'm' } })).status).toBe(
      403,
    );
    expect((await user.api('/api/notifications?clearAll=true', { method: 'DELETE' })).status).toBe(403);
    const anon = server.browser();
    // R-BANNER-2: the banner is for every visitor on every screen, signed out included.
    const posted = await founder.api('/api/notifications', {
      method: 'POST',
      body: { title: 'Public', message: 'For all' },
    });
    expect(posted.status).toBe(201);
    const seen = await anon.api('/api/notifications');
    expect(seen.status).toBe(200);
    expect(seen.body.current).toMatchObject({ title: 'Public', message: 'For all' });
    expect(JSON.stringify(seen.body)).not.toMatch(/founder|@/i);
    expect((await founder.api('/api/notifications?clearAll=true', { method: 'DELETE' })).status).toBe(200);
    expect((await anon.api('/api/notifications', { method: 'POST', body: { title: 't', message: 'm' } })).status).toBe(
      401,
    );
    expect((await anon.fetch('/api/notifications/stream')).status).toBe(401);
  });

  it.each([
    [{ message: 'm' }, 'title'],
    [{ title: 't', message: 'm', priority: 'loud' }, 'priority: must be normal or urgent'],
    [{ title: 't', message: 'm', actionLink: 'javascript:alert(1)' }, 'actionLink: must be a relative path'],
    [{ title: 't', message: 'm', actionLink: 'http://example.com' }, 'actionLink: must be a relative path'],
    [
      { title: 't', message: 'm', expiresAt: new Date(Date.now() - 60_000).toISOString() },
      'expiresAt: must be in the future',
    ],
    [{ title: 't', message: 'm', expiresAt: 'tomorrow' }, 'expiresAt'],
  ])('answers 400 with a readable message for %j', async (body, text) => {
    const res = await founder.api('/api/notifications', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(text);
    expect((await user.api('/api/notifications')).body.current).toBeNull();
  });

  it('accepts an https action link', async () => {
    const res = await founder.api('/api/notifications', {
      method: 'POST',
      body: { title: 't', message: 'm', actionLink: 'https://example.com/x', actionText: 'Read' },
    });
    expect(res.status).toBe(201);
    expect(res.body.notification).toMatchObject({ actionLink: 'https://example.com/x', actionText: 'Read' });
  });
});

// On PostgreSQL the second app is a separate "process" (own pool, own LISTEN connection); on PGlite one process
// owns the database, so the post is made through the same app.
describe(`announcement stream (${testDatabaseKind()})`, () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers.reverse()) await s.close();
  });

  it('pushes the current announcement on connect and again when a founder posts or deletes', async () => {
    const a = await startTestServer({ env });
    servers.push(a);
    const b = testDatabaseKind() === 'postgres' ? await startTestServer({ env, shareDatabaseWith: a.db }) : a;
    if (b !== a) servers.push(b);
    const user = await a.signIn('watcher@example.com', 'Wanda');
    const founder = await b.signIn(FOUNDER, 'Fay');
    const stream = await openStream(user);
    try {
      await stream.until(() => stream.messages.length === 1);
      expect(stream.messages[0]).toEqual({ current: null });
      const posted = await founder.api('/api/notifications', {
        method: 'POST',
        body: { title: 'Live', message: 'now' },
      });
      expect(posted.status).toBe(201);
      await stream.until(() => stream.messages.length === 2);
      expect(stream.messages[1]!.current).toMatchObject({ id: posted.body.notification.id, title: 'Live' });
      await founder.api('/api/notifications?clearAll=true', { method: 'DELETE' });
      await stream.until(() => stream.messages.length === 3);
      expect(stream.messages[2]).toEqual({ current: null });
    } finally {
      await stream.cancel();
    }
  });
});
