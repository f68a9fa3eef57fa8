import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DeploymentFactsSchema, type DeploymentFacts } from '@vt/shared';
import type { Config } from '../../config';
import { queryRows, type Database } from '../../db/client';
import { defineRoutes, route } from '../openapi/route-definition';

/** GET /api/admin/deployment: what is running and how it is set up (founder only; no secrets, no URLs with credentials). */
export function deploymentRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database; version: string },
): void {
  const startedAt = new Date();
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/admin/deployment',
      tag: 'admin',
      summary: 'Deployment and health facts of this server',
      access: 'founder',
      response: DeploymentFactsSchema,
      cacheControl: 'no-store',
      handler: async () => {
        const { config, database } = deps;
        const latencyMs = await database.ping();
        const [migrations] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        ).catch(() => [{ n: 0 }]);
        const memory = process.memoryUsage();
        const deployment: DeploymentFacts = {
          version: deps.version,
          environment: config.env,
          nodeVersion: process.version,
          platform: `${process.platform} ${process.arch}`,
          startedAt: startedAt.toISOString(),
          uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
          memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
          database: { kind: database.kind, reachable: latencyMs !== null, latencyMs },
          signIn: config.oidc.kind,
          storage: config.storage.driver,
          pubsub: config.redisUrl ? 'redis' : database.kind === 'postgres' ? 'postgres' : 'in-process',
          analysisWorker: config.analysis.inProcessWorker,
          analysisConcurrency: config.analysis.concurrency,
          trustProxy: config.trustProxy,
          publicUrl: config.publicUrl,
          migrations: migrations?.n ?? 0,
        };
        return { deployment };
      },
    }),
  ]);
}
