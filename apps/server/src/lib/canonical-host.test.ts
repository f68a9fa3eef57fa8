import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { canonicalRedirectNeeded, installCanonicalHost } from './canonical-host';

describe('canonicalRedirectNeeded', () => {
  it('sends one loopback name of this machine to the one PUBLIC_URL uses', () => {
    expect(canonicalRedirectNeeded('127.0.0.1:3000', 'http://localhost:3000')).toBe(true);
    expect(canonicalRedirectNeeded('localhost:3000', 'http://127.0.0.1:3000')).toBe(true);
    expect(canonicalRedirectNeeded('[::1]:3000', 'http://localhost:3000')).toBe(true);
    expect(canonicalRedirectNeeded('LOCALHOST:3000', 'http://localhost:3000')).toBe(false);
    expect(canonicalRedirectNeeded('localhost:3000', 'http://localhost:3000')).toBe(false);
  });

  it('leaves other hosts alone (a proxy may rewrite Host; redirecting would loop)', () => {
    expect(canonicalRedirectNeeded('127.0.0.1:3000', 'https://vt.example.com')).toBe(false);
    expect(canonicalRedirectNeeded('app:3000', 'https://vt.example.com')).toBe(false);
    expect(canonicalRedirectNeeded('10.0.0.5:3000', 'http://localhost:3000')).toBe(false);
    expect(canonicalRedirectNeeded(undefined, 'http://localhost:3000')).toBe(false);
  });
});

describe('installCanonicalHost', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    installCanonicalHost(app, { publicUrl: 'http://localhost:3105' });
    app.get('/dashboard', async () => 'page');
    app.get('/api/health', async () => ({ ok: true }));
    app.post('/auth/logout', async () => 'out');
    await app.ready();
  });
  afterAll(() => app.close());

  it('redirects page requests at 127.0.0.1 to the same path on PUBLIC_URL, query included', async () => {
    const res = await app.inject({ method: 'GET', url: '/dashboard?tab=1', headers: { host: '127.0.0.1:3105' } });
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('http://localhost:3105/dashboard?tab=1');
  });

  it('serves the canonical host, API calls and writes where they land', async () => {
    expect((await app.inject({ method: 'GET', url: '/dashboard', headers: { host: 'localhost:3105' } })).body).toBe(
      'page',
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/health', headers: { host: '127.0.0.1:3105' } })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/auth/logout', headers: { host: '127.0.0.1:3105' } })).statusCode,
    ).toBe(200);
  });
});
