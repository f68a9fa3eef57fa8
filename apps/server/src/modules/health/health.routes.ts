import type { FastifyInstance } from 'fastify';
import { HealthSchema, type Health } from '@vt/shared';
import type { Database } from '../../db/client';
import type { PubSub } from '../../adapters/pubsub';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/errors';
import { defineRoutes, route } from '../openapi/route-definition';

/** GET /api/health: public, cheap, used by /status, load balancers and the fresh-clone check. */
export function healthRoutes(
  app: FastifyInstance,
  deps: { database: Database; pubsub: PubSub; version: string; authKind: 'local' | 'external' },
) {
  const started = Date.now();
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/health',
      tag: 'system',
      summary: 'Health of the server and database',
      access: 'public',
      response: HealthSchema,
      // An unreachable database is not an error of the call: the same answer says what is down.
      errors: { 503: 'The database cannot be reached: the same answer, `status: "degraded"`, with `Retry-After`' },
      errorSchema: HealthSchema,
      cacheControl: 'no-store',
      handler: async ({ reply }): Promise<Health> => {
        const latencyMs = await deps.database.ping();
        const pubsub = { kind: deps.pubsub.kind, connected: deps.pubsub.connected };
        const down = [...(latencyMs === null ? ['database'] : []), ...(pubsub.connected ? [] : ['pubsub'])];
        const body: Health = {
          status: down.length ? 'degraded' : 'ok',
          version: deps.version,
          uptimeSeconds: Math.round((Date.now() - started) / 1000),
          database: { reachable: latencyMs !== null, kind: deps.database.kind, latencyMs },
          pubsub,
          down,
          auth: { provider: deps.authKind },
          time: new Date().toISOString(),
        };
        // Only the database makes the service unavailable; without the carrier it still serves, degraded.
        if (latencyMs === null) reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return body;
      },
    }),
  ]);
}
