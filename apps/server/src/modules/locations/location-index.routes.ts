import type { FastifyInstance } from 'fastify';
import {
  IndexCheckResponseSchema,
  LocationIndexCreateRequestSchema,
  LocationIndexCreateResponseSchema,
  LocationIndexRemovedSchema,
  LocationIndexSchema,
} from '@vt/shared';
import { notFound } from '../../lib/errors';
import { defineRoutes, idOf, route } from '../openapi/route-definition';
import type { LocationIndexService } from './location-index.service';
import type { IndexCheckService } from './index-check.service';

/** The location index is changed from the map only (access.plugin.ts isMapOnlyCall). */
const mapAccessError = { 403: 'No map access: the location index is changed from the map only' };
/** What a call on one item of the index can answer beyond its own errors. */
const itemErrors = { ...mapAccessError, 404: 'No such item in your index' };

/** An item of the caller's index; an id that cannot exist is not found, as another user's is. */
const itemId = {
  params: idOf('Location-index item id'),
  badParams: () => notFound('Location not found in your index.'),
};

// Each check may run OCR (about a second of CPU): a rate limit bounds what one client can make the server do.
const checkLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

/**
 * The location index (R-INDEX-1): at most 20 items per user. Adding the 21st removes the oldest in the same
 * transaction; the answer names the removed ids in `evicted`.
 */
export function locationIndexRoutes(
  app: FastifyInstance,
  { index, checks }: { index: LocationIndexService; checks: IndexCheckService },
): void {
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/location-index',
      tag: 'location-index',
      summary: 'Your location index (the map’s saved places), newest first',
      access: 'user',
      response: LocationIndexSchema,
      handler: async ({ user }) => index.list(user),
    }),
    route({
      method: 'post',
      path: '/api/location-index',
      tag: 'location-index',
      summary: 'Add a place by hand; at 20 items the oldest leave, named in `evicted` (map access only)',
      access: 'user',
      body: LocationIndexCreateRequestSchema,
      invalidCode: 'invalid_location',
      response: LocationIndexCreateResponseSchema,
      status: 201,
      errors: mapAccessError,
      handler: async ({ user, body }) => index.add(user, body),
    }),
    route({
      method: 'delete',
      path: '/api/location-index/{id}',
      tag: 'location-index',
      summary: 'Remove one item of your location index (map access only)',
      access: 'owner',
      ...itemId,
      response: LocationIndexRemovedSchema,
      errors: itemErrors,
      handler: async ({ user, params }) => index.remove(user, params.id),
    }),
    route({
      method: 'delete',
      path: '/api/location-index',
      tag: 'location-index',
      summary: 'Empty your location index (map access only)',
      access: 'user',
      response: LocationIndexRemovedSchema,
      errors: mapAccessError,
      handler: async ({ user }) => index.clear(user),
    }),
    // Verify: cross-check the item against evidence independent of what produced it (R-INDEX-8).
    route({
      method: 'post',
      path: '/api/location-index/{id}/verify',
      tag: 'location-index',
      summary: 'Check an item against evidence independent of what placed it (map access only; 30 a minute)',
      access: 'owner',
      ...itemId,
      response: IndexCheckResponseSchema,
      errors: {
        ...itemErrors,
        409: 'The item cannot be checked now (the message says why)',
        429: 'Too many checks',
      },
      options: checkLimit,
      handler: async ({ user, params }) => checks.verify(user, params.id),
    }),
    // Reevaluate: analyse the item's photo again and keep the new position and confidence.
    route({
      method: 'post',
      path: '/api/location-index/{id}/reevaluate',
      tag: 'location-index',
      summary: 'Analyse the item’s photo again and keep the new place and confidence (map access only; 30 a minute)',
      access: 'owner',
      ...itemId,
      response: IndexCheckResponseSchema,
      errors: {
        ...itemErrors,
        409: 'The item cannot be reevaluated (the message says why)',
        429: 'Too many checks',
        502: 'The new analysis failed',
      },
      options: checkLimit,
      handler: async ({ user, params }) => checks.reevaluate(user, params.id),
    }),
  ]);
}
