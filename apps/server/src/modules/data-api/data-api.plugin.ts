import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { LocationsExploreRepository } from './locations-explore.repository';
import { DataApiRepository } from './data-api.repository';
import { dataApiRoutes } from './data-api.routes';
import { DataApiService } from './data-api.service';

/** The data API (histories, search, nearby, stats). Registered after the analysis engine, whose storage it uses. */
export function registerDataApi(app: FastifyInstance, { database }: { database: Database }): void {
  const data = new DataApiService(
    new DataApiRepository(database.db),
    new LocationsExploreRepository(database.db),
    app.analysisEngine.storage,
    (message, details) => app.log.warn(details, message),
  );
  dataApiRoutes(app, { data });
}
