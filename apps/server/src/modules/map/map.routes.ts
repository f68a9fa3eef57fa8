import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MapLayerSchema, MapStyleSchema } from '@vt/shared';
import type { Config } from '../../config';
import { notFound } from '../../lib/errors';
import { defineRoutes, route } from '../openapi/route-definition';
import { MAP_LAYERS, mapLayerJson } from './map-geodata';
import { embeddedStyle } from './map-style';

/** A layer's file: its name and `.geojson`; any other name is not found. */
const LayerFileSchema = z.object({
  file: z.enum(MAP_LAYERS.map((layer) => `${layer}.geojson` as const)).describe('Layer file'),
});

/**
 * The map's style: with MAP_STYLE_URL a redirect to that hosted style (the browser fetches it directly; CSP allows
 * its origin), else the embedded offline style whose GeoJSON layers this module serves. Public, like /test-map.
 */
export function mapRoutes(app: FastifyInstance, deps: { config: Pick<Config, 'mapStyleUrl'> }): void {
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/map/style.json',
      tag: 'map',
      summary:
        'The map’s MapLibre style: the embedded offline style, or with `MAP_STYLE_URL` set a 302 redirect to that hosted style',
      access: 'public',
      response: MapStyleSchema,
      handler: async ({ reply }) => {
        if (deps.config.mapStyleUrl)
          return reply.header('cache-control', 'no-cache').redirect(deps.config.mapStyleUrl, 302);
        return reply.header('cache-control', 'no-cache').send(embeddedStyle());
      },
    }),
    route({
      method: 'get',
      path: '/api/map/geo/{file}',
      tag: 'map',
      summary: 'One GeoJSON layer of the embedded offline style',
      access: 'public',
      params: LayerFileSchema,
      badParams: ({ file }) => notFound(`No map layer ${file}`),
      response: MapLayerSchema,
      produces: 'application/geo+json',
      errors: { 404: 'No such map layer' },
      cacheControl: 'public, max-age=3600',
      handler: async ({ params, reply }) =>
        reply
          .type('application/geo+json')
          .send(mapLayerJson(params.file.replace(/\.geojson$/, '') as (typeof MAP_LAYERS)[number])),
    }),
  ]);
}
