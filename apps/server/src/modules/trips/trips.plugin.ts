import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PubSub } from '../../adapters/pubsub';
import type { AnalysisEngine } from '../analyses/analysis-engine';
import type { PhotosService } from '../analyses/photos.service';
import type { QuotaService } from '../analyses/quota.service';
import { TripChanges } from './trip-changes';
import { tripsRoutes } from './trips.routes';
import { TripsRepository } from './trips.repository';
import { TripsService } from './trips.service';

/**
 * Trips (R-TRIP-1…9): the table, the service, the routes and the trip streams' own channel. A trip's photos go
 * through the analysis module's intake (`intake`) and their stages through its event bus.
 */
export async function registerTrips(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    engine: AnalysisEngine;
    intake: PhotosService;
    quota: QuotaService;
    pubsub: PubSub;
  },
): Promise<TripsService> {
  const log = (message: string, details: Record<string, unknown>) => app.log.warn(details, message);
  const changes = new TripChanges(deps.pubsub, log);
  // Listening before the server takes requests, so a stream never misses another process's change.
  await changes.connect();
  app.addHook('onClose', () => changes.disconnect());
  const trips = new TripsService({
    repo: new TripsRepository(deps.database.db),
    storage: deps.engine.storage,
    quota: deps.quota,
    maxFilesPerRequest: deps.config.uploads.maxFiles,
    onTripChanged: (tripId, kind) => changes.publish(tripId, kind),
    log,
  });
  await tripsRoutes(app, {
    trips,
    intake: deps.intake,
    maxBytes: deps.config.uploads.maxBytes,
    maxFiles: deps.config.uploads.maxFiles,
    stream: { bus: deps.engine.bus, changes, log },
  });
  return trips;
}
