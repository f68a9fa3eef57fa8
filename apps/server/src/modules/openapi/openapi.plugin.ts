import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi';

/** GET /api/openapi.json: public, built once (the contracts do not change while the server runs). */
export function registerOpenApi(app: FastifyInstance, { version }: { version: string }): void {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= buildOpenApiDocument(version);
    return reply.header('cache-control', 'public, max-age=300').send(document);
  });
}
