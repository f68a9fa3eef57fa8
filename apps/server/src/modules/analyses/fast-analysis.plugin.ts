import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { ENGINE_VERSION, type AnalysisEngine } from './analysis-engine';
import type { PhotosService } from './photos.service';
import type { QuotaService } from './quota.service';
import { FastAnalysisRepository } from './fast-analysis.repository';
import { fastAnalysisRoutes } from './fast-analysis.routes';
import { FastAnalysisService } from './fast-analysis.service';

/** The spec's JSON analysis calls on the engine, storing photos through the intake that POST /api/photos uses. */
export function fastAnalysisService(deps: {
  database: Database;
  engine: AnalysisEngine;
  photos: PhotosService;
  quota: QuotaService;
  /** How long a call waits for its analysis, and how often it looks (the service's defaults otherwise). */
  waitMs?: number;
  pollMs?: number;
}): FastAnalysisService {
  return new FastAnalysisService({
    photos: deps.photos,
    quota: deps.quota,
    analyses: deps.engine.analyses,
    bus: deps.engine.bus,
    repo: new FastAnalysisRepository(deps.database.db),
    storage: deps.engine.storage,
    decoder: deps.engine.decoder,
    engineVersion: ENGINE_VERSION,
    waitMs: deps.waitMs,
    pollMs: deps.pollMs,
  });
}

/** Wires the spec's JSON analysis calls onto the engine and the photo intake that POST /api/photos uses. */
export async function registerFastAnalysis(
  app: FastifyInstance,
  deps: {
    database: Database;
    engine: AnalysisEngine;
    photos: PhotosService;
    quota: QuotaService;
    uploads: { maxBytes: number; jsonInFlightBytes: number; jsonPerUser: number };
    waitMs?: number;
  },
): Promise<void> {
  const fastAnalysis = fastAnalysisService(deps);
  await fastAnalysisRoutes(app, {
    fastAnalysis,
    maxBytes: deps.uploads.maxBytes,
    inFlight: { bytes: deps.uploads.jsonInFlightBytes, perUser: deps.uploads.jsonPerUser },
  });
}
