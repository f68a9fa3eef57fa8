import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { parseForms, parseSetCookie } from '../test/browser';
import { hashToken } from './auth.service';
import { startTestServer, type TestServer } from '../test/server';

describe('sign-in through the built-in local provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('runs the full authorization-code flow and opens a session', async () => {
    const browser = server.browser();
    const { location, visited } = await browser.navigate('/auth/login?returnTo=%2Fdashboard', {
      email: 'Maria@Example.com',
      name: 'Maria Lopez',
    });
    expect(location.pathname).toBe('/dashboard');
    // Real pages of the provider were visited: authorization with PKCE, the interaction form, the callback.
    const authorize = visited.find((v) => v.includes('/local-idp/auth?'))!;
    expect(authorize).toContain('code_challenge_method=S256');
    expect(authorize).toMatch(/[?&]state=/);
    expect(authorize).toMatch(/[?&]nonce=/);
    expect(visited.some((v) => v.startsWith('POST') && v.includes('/local-idp/interaction/'))).toBe(true);
    expect(visited.some((v) => v.includes('/auth/callback?code='))).toBe(true);

    const session = await browser.api('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.authenticated).toBe(true);
    expect(session.body.user).toMatchObject({
      email: 'maria@example.com',
      name: 'Maria Lopez',
      auth0_id: 'local|maria@example.com',
      provider: 'local',
      role: 'user',
      permissions: ['view_public_data', 'basic_analysis'],
      emailVerified: true,
      isNew: true,
      loginCount: 1,
    });
    expect(session.body.provider).toEqual({
      kind: 'local',
      issuer: `${server.baseUrl}/local-idp`,
      name: 'Local sign-in (development)',
    });
    expect(new Date(session.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(session.body)).not.toMatch(/id_token|access_token|eyJ/);
  });

  it('says signed out when there is no cookie', async () => {
    const session = await server.browser().api('/api/auth/session');
    expect(session.body).toMatchObject({ authenticated: false, user: null, expiresAt: null });
    expect(session.body.provider.kind).toBe('local');
  });

  it('renders the local sign-in page, marked as local, with the seeded accounts and no script', async () => {
    const { html, response } = await server.browser().page('/auth/login');
    expect(response.status).toBe(200);
    expect(html).toContain('Local sign-in — development identity provider');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="name">Name<\/label>/);
    expect(html).toMatch(/<button class="primary" type="submit">Sign in<\/button>/);
    expect(html).not.toMatch(/<script/i);
    const seeded = parseForms(html, server.baseUrl)
      .map((f) => f.fields.email)
      .filter(Boolean);
    expect(seeded).toEqual([
      'founder@visionterminal.local',
      'analyst@visionterminal.local',
      'demo@visionterminal.local',
    ]);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('signs in with a one-click seeded account', async () => {
    const browser = server.browser();
    const { url, html } = await browser.page('/auth/login');
    const analyst = parseForms(html, url).find((f) => f.fields.email === 'analyst@visionterminal.local')!;
    const { location } = await browser.submit(analyst);
    expect(location.pathname).toBe('/');
    const { body } = await browser.api('/api/auth/session');
    expect(body.user).toMatchObject({ email: 'analyst@visionterminal.local', name: 'Alex Analyst', role: 'user' });
  });

  it('re-shows the form with a message for an invalid e-mail', async () => {
    const browser = server.browser();
    const { url, html } = await browser.page('/auth/login');
    const form = parseForms(html, url).find((f) => f.fields.email === '')!;
    const res = await browser.fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'not-an-email', name: 'X' }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter a valid e-mail address.');
  });

  it('sets vt_session httpOnly, SameSite=Lax, path /, not Secure on http, and never exposes the token hash', async () => {
    const browser = await server.signIn('cookie@example.com', 'Cookie Person');
    const header = browser.setCookieLog.find(
      (c) => c.header.startsWith('vt_session=') && c.url.includes('/auth/callback'),
    );
    expect(header).toBeDefined();
    const cookie = parseSetCookie(header!.header);
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie.attributes.httponly).toBe(true);
    expect(String(cookie.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie.attributes.path).toBe('/');
    expect(cookie.attributes.secure).toBeUndefined();
    // Only the SHA-256 of the token is stored.
    const rows = await server.db.database.db.select({ id: sessions.id }).from(sessions);
    expect(rows.map((r) => r.id)).toContain(hashToken(cookie.value));
    expect(rows.map((r) => r.id)).not.toContain(cookie.value);
  });

  it('rotates the session at sign-in: the old cookie stops working', async () => {
    const browser = await server.signIn('rotate@example.com', 'Rotate');
    const before = browser.cookie('vt_session')!;
    await browser.signIn('rotate@example.com', 'Rotate');
    const after = browser.cookie('vt_session')!;
    expect(after).not.toBe(before);
    const stale = server.browser();
    stale.setCookie('vt_session', before);
    const res = await stale.api('/api/users/profile');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('session_expired');
    expect((await browser.api('/api/users/profile')).status).toBe(200);
  });

  it('keeps returnTo only when it is a same-site relative path', async () => {
    const cases: [string, string][] = [
      ['/pricing?plan=pro', '/pricing?plan=pro'],
      ['https://evil.example/steal', '/'],
      ['//evil.example/steal', '/'],
      ['/\\evil.example', '/'],
    ];
    for (const [returnTo, expected] of cases) {
      const browser = server.browser();
      const location = await browser.signIn('return@example.com', 'R', returnTo);
      expect(`${location.pathname}${location.search}`).toBe(expected);
      expect(location.origin).toBe(server.baseUrl);
    }
  });

  it('sends a provider error back to / with error and error_description', async () => {
    const res = await server
      .browser()
      .fetch('/auth/callback?error=access_denied&error_description=User%20said%20no&state=whatever');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!, server.baseUrl);
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBe('User said no');
  });

  it('cancelling at the provider comes back as access_denied', async () => {
    const browser = server.browser();
    const { location } = await browser.navigate('/auth/login', { submit: 'cancel' });
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBe('Sign-in was cancelled.');
    expect((await browser.api('/api/auth/session')).body.authenticated).toBe(false);
  });

  it('refuses a callback whose state it never issued, or issued to another browser', async () => {
    const forged = await server.browser().fetch('/auth/callback?code=abc&state=forged');
    const location = new URL(forged.headers.get('location')!, server.baseUrl);
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('error')).toBe('login_expired');

    // A sign-in started in browser A and completed in browser B (login CSRF) is refused.
    const a = server.browser();
    const start = await a.fetch('/auth/login');
    const authorizeUrl = start.headers.get('location')!;
    const b = server.browser();
    const { location: landed } = await b.navigate(authorizeUrl, { email: 'victim@example.com', name: 'V' });
    expect(landed.searchParams.get('error')).toBe('login_mismatch');
    expect((await b.api('/api/auth/session')).body.authenticated).toBe(false);
  });

  it('logs out: ends the session, clears the cookie, and returns the provider logout URL', async () => {
    const browser = await server.signIn('bye@example.com', 'Bye');
    const cookie = browser.cookie('vt_session')!;
    const res = await browser.api('/auth/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    const redirectTo = new URL(res.body.redirectTo);
    expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(`${server.baseUrl}/local-idp/session/end`);
    expect(redirectTo.searchParams.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/`);
    expect(redirectTo.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    const cleared = res.response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === 'vt_session')!;
    expect(cleared.value).toBe('');
    expect(browser.cookie('vt_session')).toBeUndefined();

    const stale = server.browser();
    stale.setCookie('vt_session', cookie);
    expect((await stale.api('/api/users/profile')).body.error.code).toBe('session_expired');

    // Completing the provider's logout page lands back on the site, and the next sign-in asks again.
    const { location } = await browser.navigate(res.body.redirectTo);
    expect(location.href).toBe(`${server.baseUrl}/`);
    const { html } = await browser.page('/auth/login');
    expect(html).toContain('Local sign-in — development identity provider');
  });

  it('logout without a session still answers where to go', async () => {
    const res = await server.browser().api('/auth/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redirectTo: `${server.baseUrl}/` });
  });

  it('refuses logout from a foreign origin (CSRF)', async () => {
    const browser = await server.signIn('csrf-logout@example.com', 'C');
    const res = await browser.api('/auth/logout', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await browser.api('/api/auth/session')).body.authenticated).toBe(true);
  });
});
