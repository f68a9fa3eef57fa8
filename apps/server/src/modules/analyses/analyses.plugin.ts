import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createAnalysisEngine, ENGINE_VERSION, type AnalysisEngine } from './analysis-engine';
import { photosRoutes } from './photos.routes';
import { PhotosService } from './photos.service';
import { AllowAllQuotaService, type QuotaService } from './quota.service';
import { registerFastAnalysis } from './fast-analysis.plugin';
import type { PubSub } from '../../adapters/pubsub';
import { analysesRoutes } from './analyses.routes';
import { VerifyService } from './verify.service';
import { AnalysesService } from './analyses.service';
import type { AnalysesRepositoryHooks } from './analyses.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analysis engine of this app (its runner runs in-process when ANALYSIS_WORKER=true). */
    analysisEngine: AnalysisEngine;
  }
}

/**
 * The photo intake on an engine, with the configured upload limit and temporary folder, waking the runner for each
 * queued job: what POST /api/photos and the JSON photo calls store photos through.
 */
export function photoIntake(
  engine: AnalysisEngine,
  config: Pick<Config, 'dataDir' | 'uploads'>,
  quota: QuotaService,
): PhotosService {
  return new PhotosService({
    repo: engine.photos,
    storage: engine.storage,
    decoder: engine.decoder,
    quota,
    events: engine.events,
    onQueued: () => engine.runner.wake(),
    tempDir: join(config.dataDir, 'tmp', 'uploads'),
    maxBytes: config.uploads.maxBytes,
    engineVersion: ENGINE_VERSION,
  });
}

/** Wires photo intake, analyses and the job runner; the runner starts with the server and drains on close. */
export async function registerAnalysisEngine(
  app: FastifyInstance,
  {
    config,
    database,
    quota = new AllowAllQuotaService(),
    pubsub,
    onFinished,
    onResultReplaced,
  }: {
    config: Config;
    database: Database;
    quota?: QuotaService;
    pubsub?: PubSub;
    /** What a finished analysis also writes in its transaction (app.ts passes the location history's). */
    onFinished?: AnalysesRepositoryHooks['onFinished'];
    /** What a replaced result also updates (a trip's photo placed again from its neighbours). */
    onResultReplaced?: AnalysesRepositoryHooks['onResultReplaced'];
  },
): Promise<AnalysisEngine & { intake: PhotosService }> {
  const engine = createAnalysisEngine(config, database, {
    log: (level, message, details) => app.log[level](details ?? {}, message),
    pubsub,
    onFinished,
    onResultReplaced,
  });
  // Listening before the server takes requests, so an SSE stream never misses another process's stage.
  await engine.bus.connect();
  const photos = photoIntake(engine, config, quota);
  app.decorate('analysisEngine', engine);
  const verify = new VerifyService({ lookup: engine.analyses, maxBytes: config.uploads.maxBytes });
  await photosRoutes(app, { photos, verify, maxBytes: config.uploads.maxBytes, maxFiles: config.uploads.maxFiles });
  analysesRoutes(app, { analyses: new AnalysesService(engine.analyses, engine.bus) });
  await registerFastAnalysis(app, { database, engine, photos, quota, uploads: config.uploads });
  if (config.analysis.inProcessWorker) {
    app.addHook('onReady', async () => {
      await engine.runner.start();
    });
  }
  app.addHook('onClose', async () => {
    if (config.analysis.inProcessWorker) await engine.runner.stop();
    await engine.closeLocators();
    await engine.bus.disconnect();
  });
  // Photo intake is shared with the trips module (a trip's photos are taken in the same way, R-TRIP-2).
  return { ...engine, intake: photos };
}
