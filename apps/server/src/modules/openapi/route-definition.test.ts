import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, installErrorHandling } from '../../lib/errors';
import { checkResponses } from '../../test/response-check';
import { buildOpenApiDocument } from './openapi';
import { defineRoutes, installRouteRegistry, route, type RouteDefinition } from './route-definition';

const Answer = z.object({ n: z.number() });

/** An app with only `definitions`, everyone signed out (public routes), and the test server's answer check. */
async function appWith(definitions: RouteDefinition[]) {
  const app = Fastify();
  installRouteRegistry(app);
  installErrorHandling(app);
  app.decorateRequest('user', null);
  await app.register(multipart);
  defineRoutes(app, definitions);
  const mismatches = checkResponses(app);
  await app.ready();
  return { app, mismatches };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the answer check of the test server', () => {
  const declared = (answer: unknown) =>
    route({
      method: 'get',
      path: '/api/n',
      tag: 'test',
      summary: 'A number',
      access: 'public',
      response: Answer,
      handler: async () => answer,
    });

  it('lets an answer through that is what the document says', async () => {
    const t = await appWith([declared({ n: 1 })]);
    app = t.app;
    const res = await app.inject('/api/n');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 1 });
    expect(t.mismatches).toEqual([]);
  });

  it('answers 500 in place of an answer its schema refuses, and records it', async () => {
    const t = await appWith([declared({ n: 'one' })]);
    app = t.app;
    const res = await app.inject('/api/n');
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('response_schema_mismatch');
    expect(t.mismatches).toEqual([{ route: 'GET /api/n', status: 200, problem: expect.stringContaining('n:') }]);
  });

  it('refuses a success status the route does not declare', async () => {
    // The declared status is set before the handler runs; a handler that answers another one is caught.
    const t = await appWith([
      route({
        method: 'get',
        path: '/api/m',
        tag: 'test',
        summary: 'Another number',
        access: 'public',
        response: Answer,
        status: 201,
        handler: async ({ reply }) => reply.status(200).send({ n: 1 }),
      }),
    ]);
    app = t.app;
    expect((await app.inject('/api/m')).statusCode).toBe(500);
    expect(t.mismatches.map((m) => m.problem)).toEqual(['status 200, documented 201']);
  });

  it('checks errors against the one error shape', async () => {
    const t = await appWith([
      route({
        method: 'get',
        path: '/api/e',
        tag: 'test',
        summary: 'Fails',
        access: 'public',
        response: Answer,
        handler: async () => {
          throw new AppError(409, 'taken', 'Taken.');
        },
      }),
      route({
        method: 'get',
        path: '/api/f',
        tag: 'test',
        summary: 'Fails in its own words',
        access: 'public',
        response: Answer,
        handler: async ({ reply }) => reply.status(409).send({ failed: true }),
      }),
    ]);
    app = t.app;
    expect((await app.inject('/api/e')).json()).toEqual({ error: { code: 'taken', message: 'Taken.' } });
    expect((await app.inject('/api/f')).statusCode).toBe(500);
    expect(t.mismatches.map((m) => `${m.route} ${m.status}`)).toEqual(['GET /api/f 409']);
  });
});

describe('a multipart route', () => {
  const upload = route({
    method: 'post',
    path: '/api/upload',
    tag: 'test',
    summary: 'Upload files',
    access: 'public',
    form: z.object({ file: z.array(z.file()).describe('One or more files') }),
    notMultipartMessage: 'Send the files as a form.',
    response: Answer,
    handler: async ({ request }) => {
      let n = 0;
      for await (const part of request.files()) n += (await part.toBuffer()).length;
      return { n };
    },
  });

  it('reads the parts in its handler and answers 415 `not_multipart` to anything else', async () => {
    const t = await appWith([upload]);
    app = t.app;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(3)]), 'a.bin');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.json()).toEqual({ n: 3 });
    const json = await app.inject({ method: 'POST', url: '/api/upload', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ error: { code: 'not_multipart', message: 'Send the files as a form.' } });
    expect(t.mismatches).toEqual([]);
  });

  it('is documented with a multipart/form-data body of binary files and its 415', async () => {
    const t = await appWith([upload]);
    app = t.app;
    const op = buildOpenApiDocument('test', app.routeDefinitions).paths['/api/upload']!.post as {
      requestBody: { content: Record<string, { schema: unknown }> };
      responses: Record<string, unknown>;
    };
    expect(Object.keys(op.requestBody.content)).toEqual(['multipart/form-data']);
    expect(op.requestBody.content['multipart/form-data']!.schema).toMatchObject({
      type: 'object',
      properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } },
    });
    expect(Object.keys(op.responses)).toContain('415');
  });
});

describe('bad input', () => {
  it('answers what `badInput` makes of the zod error, when a route says', async () => {
    const t = await appWith([
      route({
        method: 'post',
        path: '/api/b',
        tag: 'test',
        summary: 'Takes an image',
        access: 'public',
        body: z.object({ image: z.string(), note: z.string().optional() }),
        badInput: (error) =>
          error.issues.some((i) => i.path[0] === 'image')
            ? new AppError(400, 'invalid_image', 'No image.')
            : new AppError(400, 'invalid_request', 'Bad.'),
        response: Answer,
        handler: async () => ({ n: 1 }),
      }),
    ]);
    app = t.app;
    const post = (payload: object) => app!.inject({ method: 'POST', url: '/api/b', payload });
    expect((await post({})).json()).toEqual({ error: { code: 'invalid_image', message: 'No image.' } });
    expect((await post({ image: 'x', note: 1 })).json()).toEqual({
      error: { code: 'invalid_request', message: 'Bad.' },
    });
    expect((await post({ image: 'x' })).json()).toEqual({ n: 1 });
  });
});

describe('cacheControl', () => {
  it('sets the Cache-Control of the answer once the input is checked, and leaves it unset without one', async () => {
    const t = await appWith([
      route({
        method: 'get',
        path: '/api/mine',
        tag: 'test',
        summary: 'Changes at any moment',
        access: 'public',
        query: z.object({ n: z.coerce.number() }),
        response: Answer,
        cacheControl: 'no-store',
        handler: async ({ query }) => ({ n: query.n }),
      }),
      route({
        method: 'get',
        path: '/api/plain',
        tag: 'test',
        summary: 'No header',
        access: 'public',
        response: Answer,
        handler: async () => ({ n: 1 }),
      }),
    ]);
    app = t.app;
    expect((await app.inject('/api/mine?n=2')).headers['cache-control']).toBe('no-store');
    const bad = await app.inject('/api/mine?n=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBeUndefined();
    expect((await app.inject('/api/plain')).headers['cache-control']).toBeUndefined();
  });

  it('lets browsers keep a success only: a handler that refuses answers no-store', async () => {
    const t = await appWith([
      route({
        method: 'get',
        path: '/api/thumb/{n}',
        tag: 'test',
        summary: 'Kept a day when found',
        access: 'public',
        params: z.object({ n: z.coerce.number() }),
        response: Answer,
        cacheControl: 'private, max-age=86400',
        handler: async ({ params }) => {
          if (params.n > 1) throw new AppError(404, 'not_found', 'No such picture.');
          return { n: params.n };
        },
      }),
    ]);
    app = t.app;
    expect((await app.inject('/api/thumb/1')).headers['cache-control']).toBe('private, max-age=86400');
    const missing = await app.inject('/api/thumb/2');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
