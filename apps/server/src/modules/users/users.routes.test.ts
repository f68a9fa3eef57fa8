import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';

describe('users API over a real sign-in (local provider, no FOUNDER_EMAILS)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('answers 401 on every users call when signed out', async () => {
    const anon = server.browser();
    for (const [method, path] of [
      ['POST', '/api/users/auth0-sync'],
      ['POST', '/api/users/sync'],
      ['GET', '/api/users/profile'],
      ['PUT', '/api/users/profile'],
    ] as const) {
      const res = await anon.api(path, { method, body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
  });

  it('sync returns the signed-in user and ignores whatever user the body claims', async () => {
    const browser = await server.signIn('sync@example.com', 'Sync Person');
    for (const path of ['/api/users/auth0-sync', '/api/users/sync']) {
      const res = await browser.api(path, {
        method: 'POST',
        body: { sub: 'auth0|attacker', email: 'founder@visionterminal.local', name: 'Evil', role: 'founder' },
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: 'sync@example.com', name: 'Sync Person', role: 'user' });
    }
  });

  it('tracks returning sign-ins through the real flow: counts, isNew, sessions capped at 10', async () => {
    const browser = await server.signIn('returning@example.com', 'Returning');
    let profile = (await browser.api('/api/users/profile')).body.user;
    expect(profile).toMatchObject({ isNew: true, loginCount: 1 });
    expect(profile.sessions).toHaveLength(1);
    expect(profile.sessions[0]).toMatchObject({
      host: new URL(server.baseUrl).host,
      userAgent: 'VisionTerminalTest/1.0',
    });

    for (let i = 0; i < 11; i++) await browser.signIn('returning@example.com', 'Returning');
    profile = (await browser.api('/api/users/profile')).body.user;
    expect(profile).toMatchObject({ isNew: false, loginCount: 12 });
    expect(profile.sessions).toHaveLength(10);
    expect(Date.parse(profile.lastLogin)).toBeGreaterThanOrEqual(Date.parse(profile.signupDate));
  });

  it('makes the seeded founder account the founder when FOUNDER_EMAILS is empty', async () => {
    const founder = await server.signIn('founder@visionterminal.local', 'Vera Founder');
    expect((await founder.api('/api/users/profile')).body.user).toMatchObject({
      role: 'founder',
      permissions: ['full_access'],
      name: 'Vera Founder',
    });
    const demo = await server.signIn('demo@visionterminal.local', 'Dana Demo');
    expect((await demo.api('/api/users/profile')).body.user.role).toBe('user');
  });

  it('uses the nickname (e-mail local part) when no name is given', async () => {
    const browser = await server.signIn('no.name@example.com', '');
    expect((await browser.api('/api/users/profile')).body.user.name).toBe('no.name');
  });

  it('updates the profile and validates input with a readable message', async () => {
    const browser = await server.signIn('profile@example.com', 'Pro File');
    const ok = await browser.api('/api/users/profile', {
      method: 'PUT',
      body: { name: 'Pro Renamed', company: 'Miami Labs', customRole: 'Researcher', timeZone: 'America/Chicago' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({
      name: 'Pro Renamed',
      company: 'Miami Labs',
      customRole: 'Researcher',
      timeZone: 'America/Chicago',
    });
    expect((await browser.api('/api/users/profile')).body.user.name).toBe('Pro Renamed');

    const bad = await browser.api('/api/users/profile', {
      method: 'PUT',
      body: { name: '', timeZone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_profile');
    expect(bad.body.error.message).toContain('Name cannot be empty');
    expect(bad.body.error.message).toContain('Unknown time zone');

    const extra = await browser.api('/api/users/profile', { method: 'PUT', body: { role: 'founder' } });
    expect(extra.status).toBe(400);
    expect((await browser.api('/api/users/profile')).body.user.role).toBe('user');
  });

  it('refuses a cookie-authenticated profile update from a foreign origin (CSRF)', async () => {
    const browser = await server.signIn('csrf@example.com', 'Csrf');
    const res = await browser.api('/api/users/profile', {
      method: 'PUT',
      body: { name: 'Hijacked' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('csrf');
    expect((await browser.api('/api/users/profile')).body.user.name).toBe('Csrf');
  });
});

describe('founder from FOUNDER_EMAILS with the local provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { FOUNDER_EMAILS: 'chief@example.com' } });
  });
  afterAll(async () => server?.close());

  it('gives the role to the configured e-mail and not to the seeded founder account', async () => {
    const chief = await server.signIn('chief@example.com', 'Chief');
    expect((await chief.api('/api/users/profile')).body.user.role).toBe('founder');
    const seeded = await server.signIn('founder@visionterminal.local', 'Vera Founder');
    expect((await seeded.api('/api/users/profile')).body.user.role).toBe('user');
  });
});
