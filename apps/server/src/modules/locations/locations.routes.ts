import type { FastifyInstance } from 'fastify';
import {
  AnalysisCorrectionRequestSchema,
  AnalysisEnvelopeSchema,
  CountyOutlineSchema,
  LocationCreateRequestSchema,
  LocationEnvelopeSchema,
  LocationsPageQuerySchema,
  LocationsPageSchema,
} from '@vt/shared';
import { analysisIdParams, defineRoutes, route } from '../openapi/route-definition';
import { countyOutline } from './county-outline';
import type { LocationsService } from './locations.service';
import type { CorrectionService } from './correction.service';

/** Location history (R-DATA-1), corrections of results, and the county outline for static previews. */
export function locationsRoutes(
  app: FastifyInstance,
  { locations, corrections }: { locations: LocationsService; corrections: CorrectionService },
): void {
  defineRoutes(app, [
    // The owner moves an analysis to where the photo was really taken (dragged marker or chosen candidate).
    route({
      method: 'post',
      path: '/api/analyses/{id}/correction',
      tag: 'analysis',
      summary: 'Move one of your finished analyses to where the photo was really taken (inside Miami-Dade County)',
      access: 'owner',
      ...analysisIdParams,
      body: AnalysisCorrectionRequestSchema,
      invalidCode: 'invalid_point',
      response: AnalysisEnvelopeSchema,
      errors: {
        404: 'No such analysis among yours (another user’s id answers 404 too)',
        409: 'The analysis has not finished yet',
      },
      handler: async ({ user, params, body }) => ({ analysis: await corrections.correct(user, params.id, body) }),
    }),
    route({
      method: 'post',
      path: '/api/locations/create',
      tag: 'locations',
      summary: 'Add a place to your location history',
      access: 'user',
      body: LocationCreateRequestSchema,
      invalidCode: 'invalid_location',
      response: LocationEnvelopeSchema,
      status: 201,
      handler: async ({ user, body }) => ({ location: await locations.create(user, body) }),
    }),
    route({
      method: 'get',
      path: '/api/locations/my',
      tag: 'locations',
      summary: 'Your location history, newest first',
      access: 'user',
      query: LocationsPageQuerySchema,
      invalidCode: 'invalid_page',
      response: LocationsPageSchema,
      handler: async ({ user, query }) => locations.listMine(user, query.limit, query.offset),
    }),
    // Public geography, the same for everyone: cacheable, no session needed.
    route({
      method: 'get',
      path: '/api/geo/county-outline',
      tag: 'system',
      summary: 'Miami-Dade County’s outline (GeoJSON)',
      access: 'public',
      response: CountyOutlineSchema,
      cacheControl: 'public, max-age=86400',
      handler: async () => countyOutline(),
    }),
  ]);
}
