import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildOpenApiDocument, documentedOperations } from './openapi';
import { defineRoutes, route } from './route-definition';

/** GET /api/openapi.json: this document. */
const OpenApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  components: z.record(z.string(), z.unknown()),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/**
 * GET /api/openapi.json: public, built at its first request, when every route is registered (the contracts do not
 * change while the server runs).
 */
export function registerOpenApi(app: FastifyInstance, { version }: { version: string }): void {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/openapi.json',
      tag: 'system',
      summary: 'This document (OpenAPI 3.1)',
      access: 'public',
      response: OpenApiDocumentSchema,
      handler: async ({ reply }) => {
        document ??= buildOpenApiDocument(version, documentedOperations(app));
        return reply.header('cache-control', 'public, max-age=300').send(document);
      },
    }),
  ]);
}
