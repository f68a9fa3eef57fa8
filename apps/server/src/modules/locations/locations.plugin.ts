import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { LocationIndexRepository } from '../location-index/location-index.repository';
import { locationIndexRoutes } from '../location-index/location-index.routes';
import { LocationIndexService } from '../location-index/location-index.service';
import { LocationsRepository } from './locations.repository';
import { locationsRoutes } from './locations.routes';
import { LocationsService } from './locations.service';

/** Location history, the location index and the county outline. Analyses write their records themselves. */
export function registerLocations(app: FastifyInstance, { database }: { database: Database }): void {
  locationsRoutes(app, { locations: new LocationsService(new LocationsRepository(database.db)) });
  locationIndexRoutes(app, { index: new LocationIndexService(new LocationIndexRepository(database.db)) });
}
