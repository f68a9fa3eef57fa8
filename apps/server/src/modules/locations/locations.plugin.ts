import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { LocationIndexRepository } from './location-index.repository';
import { locationIndexRoutes } from './location-index.routes';
import { LocationIndexService } from './location-index.service';
import { IndexCheckService } from './index-check.service';
import { CorrectionService } from './correction.service';
import { LocationsRepository } from './locations.repository';
import { locationsRoutes } from './locations.routes';
import { LocationsService } from './locations.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Corrections of analysis results; other modules listen for confirmed places through it. */
    placeCorrections: CorrectionService;
  }
}

/**
 * Location history, the location index (with Verify and Reevaluate, which use the analysis engine registered
 * before this) and corrections of results. Analyses write their records themselves.
 */
export function registerLocations(
  app: FastifyInstance,
  { database }: { database: Database },
): { corrections: CorrectionService } {
  const engine = app.analysisEngine;
  const indexRepo = new LocationIndexRepository(database.db);
  const corrections = new CorrectionService(database.db, (message, details) => app.log.warn(details, message));
  app.decorate('placeCorrections', corrections);
  locationsRoutes(app, { locations: new LocationsService(new LocationsRepository(database.db)), corrections });
  locationIndexRoutes(app, {
    index: new LocationIndexService(indexRepo),
    checks: new IndexCheckService({
      repo: indexRepo,
      analyses: engine.analyses,
      storage: engine.storage,
      locators: engine.locators,
      locatorTimeoutMs: engine.locatorTimeoutMs,
      log: (level, message, details) => app.log[level](details ?? {}, message),
    }),
  });
  return { corrections };
}
