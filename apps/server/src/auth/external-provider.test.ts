import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExternalIdp, type ExternalIdp } from '../test/external-idp';
import { freePort, startTestServer, type TestServer } from '../test/server';

/** The same relying-party code against a separate provider on another port (as Keycloak, Auth0 or Google would be). */
describe('sign-in with an external OpenID provider', () => {
  let idp: ExternalIdp;
  let server: TestServer;
  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    idp = await startExternalIdp({ redirectUri: `${base}/auth/callback`, postLogoutRedirectUri: `${base}/` });
    server = await startTestServer({
      port,
      env: {
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        FOUNDER_EMAILS: 'boss@example.com',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  it('does not mount the local provider or seed local accounts', async () => {
    const res = await server.browser().fetch('/local-idp/.well-known/openid-configuration');
    expect(res.status).toBe(404);
    const session = await server.browser().api('/api/auth/session');
    expect(session.body.provider).toEqual({ kind: 'external', issuer: idp.issuer, name: new URL(idp.issuer).host });
  });

  it('signs in through the external provider pages and signs out with RP-initiated logout', async () => {
    const browser = server.browser();
    const { location, visited } = await browser.navigate('/auth/login?returnTo=/dashboard', {
      email: 'kc.user@example.com',
      name: 'Keycloak User',
    });
    expect(location.href).toBe(`${server.baseUrl}/dashboard`);
    expect(visited.some((v) => v.startsWith(`GET ${idp.issuer}/auth?`))).toBe(true);

    const { body } = await browser.api('/api/users/profile');
    expect(body.user).toMatchObject({
      email: 'kc.user@example.com',
      name: 'Keycloak User',
      issuer: idp.issuer,
      provider: 'unknown',
      role: 'user',
      loginCount: 1,
    });
    expect(body.user.auth0_id).toMatch(/^[0-9a-f-]{36}$/);

    const logout = await browser.api('/auth/logout', { method: 'POST' });
    const redirectTo = new URL(logout.body.redirectTo);
    expect(redirectTo.href.startsWith(`${idp.issuer}/session/end?`)).toBe(true);
    expect(redirectTo.searchParams.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/`);
    expect(redirectTo.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await browser.api('/api/auth/session')).body.authenticated).toBe(false);

    // The provider ends its own session and returns to the site.
    const { location: back } = await browser.navigate(logout.body.redirectTo);
    expect(back.href).toBe(`${server.baseUrl}/`);
  });

  it('gives the founder role to FOUNDER_EMAILS at sign-in', async () => {
    const boss = await server.signIn('boss@example.com', 'The Boss');
    const { body } = await boss.api('/api/users/profile');
    expect(body.user).toMatchObject({ role: 'founder', permissions: ['full_access'] });
  });
});
