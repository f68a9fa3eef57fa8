import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { GalleryRepository } from './gallery.repository';
import { galleryRoutes } from './gallery.routes';
import { ReferenceRepository } from './reference.repository';
import { referenceRoutes } from './reference.routes';
import { ReferenceService } from './reference.service';

/**
 * The gallery's settings routes and the founder's reference imports. Matching and remembering run in the analysis
 * engine (engine/gallery), which sees changes made here through the database (its index re-checks it before every
 * match).
 */
export async function registerGallery(
  app: FastifyInstance,
  { database, config }: { database: Database; config: Pick<Config, 'uploads'> },
): Promise<void> {
  galleryRoutes(app, { repository: new GalleryRepository(database.db) });
  const { maxBytes, maxPixels, maxFiles, jsonInFlightBytes } = config.uploads;
  const service = new ReferenceService({
    repository: new ReferenceRepository(database.db),
    maxPixels,
    maxFileBytes: maxBytes,
    maxFiles,
  });
  await referenceRoutes(app, { service, inFlightBytes: jsonInFlightBytes });
}
