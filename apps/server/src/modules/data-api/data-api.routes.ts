import type { FastifyInstance } from 'fastify';
import {
  AdminStatsSchema,
  AnalysisCreateRequestSchema,
  AnalysisDeletedSchema,
  AnalysisListSchema,
  AnalysisNearbyQuerySchema,
  AnalysisPageQuerySchema,
  AnalysisPageSchema,
  AnalysisRecordEnvelopeSchema,
  AnalysisSearchQuerySchema,
  AnalysisStatsSchema,
  LocationListSchema,
  LocationNearbyQuerySchema,
  LocationStatsSchema,
  PopularLocationsSchema,
  PopularQuerySchema,
  SearchQuerySchema,
  StatsQuerySchema,
  UserStatsSchema,
} from '@vt/shared';
import { analysisIdParams, defineRoutes, route } from '../openapi/route-definition';
import type { DataApiService } from './data-api.service';

/**
 * The data API (R-DATA-1: paths and response keys as the spec names them). Bad query and body input answers 400 with a
 * sentence naming the field, after the caller is checked (an anonymous caller gets 401, not a validation message);
 * `scope=all` is the founder's (R-DATA-6, route-definition.ts).
 */
export function dataApiRoutes(app: FastifyInstance, { data }: { data: DataApiService }): void {
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/users/stats',
      tag: 'users',
      summary: "The caller's own figures",
      access: 'user',
      response: UserStatsSchema,
      handler: async ({ user }) => ({ stats: await data.userStats(user) }),
    }),
    route({
      method: 'get',
      path: '/api/admin/stats',
      tag: 'admin',
      summary: 'Database-wide totals',
      access: 'founder',
      response: AdminStatsSchema,
      handler: async () => ({ stats: await data.adminStats() }),
    }),
    route({
      method: 'post',
      path: '/api/analysis/create',
      tag: 'analysis',
      summary: 'Record an analysis made elsewhere (the server fills the place)',
      access: 'user',
      body: AnalysisCreateRequestSchema,
      response: AnalysisRecordEnvelopeSchema,
      status: 201,
      handler: async ({ user, body }) => ({ analysis: await data.create(user, body) }),
    }),
    route({
      method: 'get',
      path: '/api/analysis/my',
      tag: 'analysis',
      summary: 'Your analyses, newest first (limit default 20, at most 100)',
      access: 'user',
      query: AnalysisPageQuerySchema,
      response: AnalysisPageSchema,
      handler: async ({ user, query: { limit, offset, ...filter } }) => data.listMine(user, limit, offset, filter),
    }),
    route({
      method: 'get',
      path: '/api/analysis/search',
      tag: 'analysis',
      summary: 'Search names, neighbourhoods, municipalities, ZIPs and explanations (word prefixes, full-text index)',
      access: 'user',
      query: AnalysisSearchQuerySchema,
      response: AnalysisListSchema,
      handler: async ({ user, query: { query, limit, ...filter } }) => ({
        analyses: await data.search(user, query, limit, filter),
      }),
    }),
    route({
      method: 'get',
      path: '/api/analysis/nearby',
      tag: 'analysis',
      summary: 'Your analyses within `radius` kilometres (default 1), nearest first',
      access: 'user',
      query: AnalysisNearbyQuerySchema,
      response: AnalysisListSchema,
      handler: async ({ user, query }) => ({ analyses: await data.nearby(user, query, query.radius, query.limit) }),
    }),
    route({
      method: 'get',
      path: '/api/analysis/stats',
      tag: 'analysis',
      summary: 'Totals, confidence distribution, analyses per day (scope=all: founder)',
      access: 'user',
      query: StatsQuerySchema,
      response: AnalysisStatsSchema,
      handler: async ({ user, query }) => ({ stats: await data.analysisStats(user, query.scope) }),
    }),
    route({
      method: 'delete',
      path: '/api/analysis/{id}',
      tag: 'analysis',
      summary: 'Delete one of your analyses with its records and images',
      access: 'owner',
      ...analysisIdParams,
      response: AnalysisDeletedSchema,
      handler: async ({ user, params }) => {
        await data.remove(user, params.id);
        return { deleted: true, id: params.id };
      },
    }),
    route({
      method: 'get',
      path: '/api/locations/search',
      tag: 'locations',
      summary: 'Substring search over name, address, municipality, neighbourhood, ZIP (trigram index)',
      access: 'user',
      query: SearchQuerySchema,
      response: LocationListSchema,
      handler: async ({ user, query }) => ({ locations: await data.searchLocations(user, query.query, query.limit) }),
    }),
    route({
      method: 'get',
      path: '/api/locations/nearby',
      tag: 'locations',
      summary: 'Your places within `radius` kilometres (default 5)',
      access: 'user',
      query: LocationNearbyQuerySchema,
      response: LocationListSchema,
      handler: async ({ user, query }) => ({
        locations: await data.nearbyLocations(user, query, query.radius, query.limit),
      }),
    }),
    route({
      method: 'get',
      path: '/api/locations/popular',
      tag: 'locations',
      summary: 'Places by number of records (limit default 10; scope=all: founder)',
      access: 'user',
      query: PopularQuerySchema,
      response: PopularLocationsSchema,
      handler: async ({ user, query }) => ({
        locations: await data.popularLocations(user, query.scope, query.limit),
      }),
    }),
    route({
      method: 'get',
      path: '/api/locations/stats',
      tag: 'locations',
      summary: 'Totals, unique places, top 3, sources (scope=all: founder)',
      access: 'user',
      query: StatsQuerySchema,
      response: LocationStatsSchema,
      handler: async ({ user, query }) => ({ stats: await data.locationStats(user, query.scope) }),
    }),
  ]);
}
