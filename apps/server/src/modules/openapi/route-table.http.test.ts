/**
 * What the server really serves, from its route table (app.routeTable, filled as routes register), checked against
 * what it says of itself: every /api route that is not public refuses a caller who is not signed in, every one is in
 * the OpenAPI document, and every route the document calls public says here why it is.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { buildOpenApiDocument, documentedOperations } from './openapi';
import type { Operation } from './route-definition';

/** Routes anyone may call, with why: a route declared `access: 'public'` must be named here. */
const PUBLIC: Record<string, string> = {
  'GET /api/health': 'load balancers and the status page',
  'GET /api/public-config': 'the signed-out pages need the sign-in provider and the weekly limit',
  'GET /api/notifications': 'the announcement banner shows on signed-out pages too',
  'GET /api/auth/session': 'tells the app whether anyone is signed in',
  'GET /api/openapi.json': 'the API reference is public',
  'GET /api/benchmarks/latest': 'the public pages show the measured figures',
  'GET /api/access-code-limits': 'the pricing page shows what each code level allows',
  'GET /api/geo/county-outline': 'county geometry, no user data',
  'GET /api/map/style.json': 'the offline map style, no user data',
  'GET /api/map/geo/:file': 'the map’s geodata layers, no user data',
};

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
/** An operation's route as the route table names it (`/api/map/geo/:file`). */
const routeOf = (op: Pick<Operation, 'method' | 'path'>) =>
  `${op.method.toUpperCase()} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;

describe('the route table', () => {
  let t: TestServer;
  let routes: Array<{ method: string; url: string }>;
  let operations: Operation[];
  beforeAll(async () => {
    t = await startTestServer();
    routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    operations = documentedOperations(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('has the API in it, and the routes called public here are the ones the document calls public', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map(key)).toContain('POST /api/photos');
    expect(Object.keys(PUBLIC).filter((k) => !routes.some((r) => key(r) === k))).toEqual([]);
    const declaredPublic = operations.filter((op) => op.access === 'public').map(routeOf);
    expect(declaredPublic.sort()).toEqual(Object.keys(PUBLIC).sort());
  });

  it('every route that is not public refuses an anonymous caller (401), whatever its method', async () => {
    const browser = t.browser();
    const open: string[] = [];
    for (const r of routes) {
      if (PUBLIC[key(r)]) continue;
      const path = r.url.replace(/:[A-Za-z]+/g, randomUUID()).replace(/\*$/, 'x');
      // Writes carry the app's own Origin, as the browser sends it, so what answers is the sign-in check and not CSRF.
      const res = await browser.fetch(path, {
        method: r.method,
        ...(r.method === 'GET'
          ? {}
          : { headers: { 'content-type': 'application/json', origin: t.baseUrl }, body: '{}' }),
      });
      await res.body?.cancel();
      if (res.status !== 401) open.push(`${key(r)} → ${res.status}`);
    }
    expect(open).toEqual([]);
  });

  it('every documented GET without parameters answers what its schema says, to the caller it is for', async () => {
    const [user, founder] = await Promise.all([
      t.signIn(`schema-${randomUUID()}@example.com`, 'Sam Schema'),
      t.signIn('founder@visionterminal.local', 'Vera Founder'),
    ]);
    const anonymous = t.browser();
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const op of operations) {
      const required = Object.values(op.query?.shape ?? {}).some((f) => !(f as { isOptional(): boolean }).isOptional());
      if (op.method !== 'get' || op.path.includes('{') || required) continue;
      const caller =
        op.access === 'public' ? anonymous : op.access === 'founder' || op.access === 'admin' ? founder : user;
      // A stream never ends by itself: the timeout bounds a stream that sends nothing.
      const res = await caller.fetch(op.path, { signal: AbortSignal.timeout(10_000) });
      const type = op.produces ?? 'application/json';
      const contentType = res.headers.get('content-type') ?? '';
      const parsed = op.response.safeParse(await answerOf(res, type));
      checked.push(op.path);
      if (res.status !== 200 || !contentType.startsWith(type) || !parsed.success)
        wrong.push(
          `${op.path} → ${res.status} ${contentType} ${parsed.success ? '' : parsed.error.message.slice(0, 300)}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(checked.length).toBeGreaterThan(20);
    // The event streams are among them, read up to their first event.
    expect(checked).toContain('/api/notifications/stream');
  });

  it('every route is in the OpenAPI document', () => {
    const documented = new Set(operations.map(routeOf));
    // A route added with app.get/post… rather than defineRoutes (route-definition.ts) fails here.
    expect(routes.map(key).filter((k) => !documented.has(k))).toEqual([]);
    // And the document names no route the server does not have.
    const served = new Set(routes.map(key));
    expect([...documented].filter((d) => !served.has(d))).toEqual([]);
  });

  // The document's own checks: it is built from the app's declared routes, so they need the server too.
  it('names each operation once, and every parameter of its path', () => {
    const document = buildOpenApiDocument('test', operations);
    const keys = operations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = Object.values(document.paths).flatMap((ops) =>
      Object.values(ops).map((o) => (o as { operationId: string }).operationId),
    );
    expect(ids.length).toBe(keys.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations) {
      const { parameters } = document.paths[op.path]![op.method] as { parameters: Array<{ name: string; in: string }> };
      const named = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      expect(
        parameters.filter((p) => p.in === 'path').map((p) => p.name),
        `${op.method} ${op.path}`,
      ).toEqual(named);
    }
  });
});

/**
 * The answer as its media type says: JSON, the bytes of an image, or the JSON `data` of the first event of a
 * Server-Sent Events stream (which is then closed).
 */
async function answerOf(res: Response, type: string): Promise<unknown> {
  if (type.startsWith('image/')) return new Uint8Array(await res.arrayBuffer());
  if (type !== 'text/event-stream') return res.json();
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      text += value;
      for (const event of text.split('\n\n').slice(0, -1)) {
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''));
        if (data.length > 0) return JSON.parse(data.join('\n')) as unknown;
      }
    }
  } finally {
    await reader.cancel();
  }
}
