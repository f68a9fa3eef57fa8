import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { GalleryRepository } from './gallery.repository';
import { galleryRoutes } from './gallery.routes';
import { ReferenceRepository } from './reference.repository';
import { referenceRoutes } from './reference.routes';

/**
 * The gallery's settings routes and the founder's reference imports. Matching and remembering run in the analysis
 * engine (engine/gallery), which sees changes made here through the database (its index re-checks it before every
 * match).
 */
export function registerGallery(app: FastifyInstance, { database }: { database: Database }): void {
  galleryRoutes(app, { repository: new GalleryRepository(database.db) });
  referenceRoutes(app, { repository: new ReferenceRepository(database.db) });
}
