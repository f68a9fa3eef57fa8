import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AnalysisNearbyQuerySchema,
  AnalysisPageQuerySchema,
  AnalysisSearchQuerySchema,
  LocationNearbyQuerySchema,
  PopularQuerySchema,
  SearchQuerySchema,
  StatsQuerySchema,
} from '@vt/shared';
import { requireFounder, requireUser } from '../../auth/guards';
import type { DataApiService } from './data-api.service';

/** `scope=all` is database-wide and founder-only; anything else is the caller's own data. */
function scoped(request: FastifyRequest) {
  const { scope } = StatsQuerySchema.parse(request.query ?? {});
  const user = scope === 'all' ? requireFounder(request) : requireUser(request);
  return { user, scope };
}

/**
 * The data API (R-DATA-1: paths and response keys as the spec names them). Query and body errors are zod
 * errors, which the error handler answers with 400 and a sentence naming the field. The user is checked first
 * so an anonymous caller gets 401, not a validation message.
 */
export function dataApiRoutes(app: FastifyInstance, { data }: { data: DataApiService }): void {
  app.get('/api/users/stats', async (request) => ({ stats: await data.userStats(requireUser(request)) }));

  app.get('/api/admin/stats', async (request) => {
    requireFounder(request);
    return { stats: await data.adminStats() };
  });

  app.post('/api/analysis/create', async (request, reply) => {
    const user = requireUser(request);
    return reply.status(201).send({ analysis: await data.create(user, (request.body ?? {}) as never) });
  });

  app.get('/api/analysis/my', async (request) => {
    const user = requireUser(request);
    const { limit, offset, ...filter } = AnalysisPageQuerySchema.parse(request.query ?? {});
    return data.listMine(user, limit, offset, filter);
  });

  app.get('/api/analysis/search', async (request) => {
    const user = requireUser(request);
    const { query, limit, ...filter } = AnalysisSearchQuerySchema.parse(request.query ?? {});
    return { analyses: await data.search(user, query, limit, filter) };
  });

  app.get('/api/analysis/nearby', async (request) => {
    const user = requireUser(request);
    const q = AnalysisNearbyQuerySchema.parse(request.query ?? {});
    return { analyses: await data.nearby(user, q, q.radius, q.limit) };
  });

  app.get('/api/analysis/stats', async (request) => {
    const { user, scope } = scoped(request);
    return { stats: await data.analysisStats(user, scope) };
  });

  app.delete<{ Params: { id: string } }>('/api/analysis/:id', async (request) => {
    const user = requireUser(request);
    await data.remove(user, request.params.id);
    return { deleted: true, id: request.params.id };
  });

  app.get('/api/locations/search', async (request) => {
    const user = requireUser(request);
    const q = SearchQuerySchema.parse(request.query ?? {});
    return { locations: await data.searchLocations(user, q.query, q.limit) };
  });

  app.get('/api/locations/nearby', async (request) => {
    const user = requireUser(request);
    const q = LocationNearbyQuerySchema.parse(request.query ?? {});
    return { locations: await data.nearbyLocations(user, q, q.radius, q.limit) };
  });

  app.get('/api/locations/popular', async (request) => {
    requireUser(request);
    const q = PopularQuerySchema.parse(request.query ?? {});
    const { user, scope } = scoped(request);
    return { locations: await data.popularLocations(user, scope, q.limit) };
  });

  app.get('/api/locations/stats', async (request) => {
    const { user, scope } = scoped(request);
    return { stats: await data.locationStats(user, scope) };
  });
}
