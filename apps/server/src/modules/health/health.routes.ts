import type { FastifyInstance } from 'fastify';
import type { Health } from '@vt/shared';
import type { Database } from '../../db/client';

/** GET /api/health: public, cheap, used by /status, load balancers and the fresh-clone check. */
export function healthRoutes(app: FastifyInstance, deps: { database: Database; version: string; authKind: 'local' | 'external' }) {
  const started = Date.now();
  app.get('/api/health', async (_request, reply): Promise<Health> => {
    const latencyMs = await deps.database.ping();
    const body: Health = {
      status: latencyMs === null ? 'degraded' : 'ok',
      version: deps.version,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      database: { reachable: latencyMs !== null, kind: deps.database.kind, latencyMs },
      auth: { provider: deps.authKind },
      time: new Date().toISOString(),
    };
    reply.header('cache-control', 'no-store');
    if (latencyMs === null) reply.status(503);
    return body;
  });
}
