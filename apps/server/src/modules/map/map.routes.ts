import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { notFound } from '../../lib/errors';
import { MAP_LAYERS, mapLayerJson } from './map-geodata';
import { embeddedStyle } from './map-style';

const LayerParamsSchema = z.object({ layer: z.enum(MAP_LAYERS) });

/**
 * The map's style: with MAP_STYLE_URL a redirect to that hosted style (the browser fetches it directly; CSP allows
 * its origin), else the embedded offline style whose GeoJSON layers this module serves. Public, like /test-map.
 */
export function mapRoutes(app: FastifyInstance, deps: { config: Pick<Config, 'mapStyleUrl'> }): void {
  app.get('/api/map/style.json', async (_request, reply) => {
    if (deps.config.mapStyleUrl)
      return reply.header('cache-control', 'no-cache').redirect(deps.config.mapStyleUrl, 302);
    return reply.header('cache-control', 'no-cache').send(embeddedStyle());
  });

  app.get('/api/map/geo/:file', async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const parsed = LayerParamsSchema.safeParse({ layer: file.replace(/\.geojson$/, '') });
    if (!parsed.success || !file.endsWith('.geojson')) throw notFound(`No map layer ${file}`);
    return reply
      .type('application/geo+json')
      .header('cache-control', 'public, max-age=3600')
      .send(mapLayerJson(parsed.data.layer));
  });
}
