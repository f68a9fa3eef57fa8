/**
 * Wires the analysis engine (engine/) to this module's stores: the repositories that implement the engine's ports,
 * the event bus, storage, the decoder, the locators and the gallery. Shared by the HTTP app (in-process runner) and
 * the standalone worker (worker.ts).
 */
import { ENGINE_VERSION_LABEL } from '@vt/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { configureImageLibrary, ImageDecoder } from '../../adapters/image/decoder';
import { createStorage } from '../../adapters/storage/create-storage';
import type { BlobStorage } from '../../adapters/storage/storage';
import type { PubSub } from '../../adapters/pubsub';
import { AnalysisPipeline } from '../../engine/pipeline/pipeline';
import { enabledLocators } from '../../engine/locators/registry';
import type { Locator } from '../../engine/locators/locator';
import { Gallery } from '../../engine/gallery/gallery';
import { JobRunner } from '../../engine/runner';
import { createSequenceReviser } from '../../engine/locators/sequence-revision';
import { GalleryRepository } from '../gallery/gallery.repository';
import { PhotosRepository } from './photos.repository';
import { AnalysesRepository, type AnalysesRepositoryHooks } from './analyses.repository';
import { AnalysisEventBus, AnalysisEventRecorder, toAnalysisEvent } from './analysis-events';

export type AnalysisEngine = {
  analyses: AnalysesRepository;
  photos: PhotosRepository;
  storage: BlobStorage;
  decoder: ImageDecoder;
  bus: AnalysisEventBus;
  events: AnalysisEventRecorder;
  pipeline: AnalysisPipeline;
  runner: JobRunner;
  /** The enabled locators the pipeline runs (Verify and Reevaluate of the location index use them too). */
  locators: readonly Locator[];
  locatorTimeoutMs: number;
  /** Places seen before; `gallery.onPlaceConfirmed` is what a user's correction feeds. */
  gallery: Gallery;
  /** Releases what the locators hold (the OCR processes); after the runner has stopped. */
  closeLocators(): Promise<void>;
};

export function createAnalysisEngine(
  config: Config,
  database: Database,
  opts: {
    locators?: readonly Locator[];
    log?: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
    pollMs?: number;
    /** Lease length of a running job (LEASE_MS; tests shorten it). */
    leaseMs?: number;
    /** Defaults to true on PGlite (one process owns it); tests set it to exercise the shared-database path. */
    exclusiveDatabase?: boolean;
    /** Shares analysis events with other processes (SSE in one, the runner in another). */
    pubsub?: PubSub;
    /**
     * What every finished analysis also writes, in the transaction that stores its result: the location history,
     * index and counters (modules/locations' recordFinishedAnalysis). Passed in by the entries (app.ts, worker.ts):
     * locations depends on analyses, not the other way round.
     */
    onFinished?: AnalysesRepositoryHooks['onFinished'];
    /** What a replaced result (a trip's photo placed again, R-TRIP-6) also updates: the location history's record. */
    onResultReplaced?: AnalysesRepositoryHooks['onResultReplaced'];
  } = {},
): AnalysisEngine {
  const log = opts.log ?? (() => {});
  const analyses = new AnalysesRepository(database.db, {
    ...(opts.onFinished ? { onFinished: opts.onFinished } : {}),
    ...(opts.onResultReplaced ? { onResultReplaced: opts.onResultReplaced } : {}),
    // A job's closing event is stored with its result (AnalysisStore.finish) and told to subscribers after.
    onEventStored: (row) => events.publishStored([row]),
  });
  const photos = new PhotosRepository(database.db);
  const storage = createStorage(config.storage);
  configureImageLibrary({ workers: config.analysis.concurrency });
  const decoder = new ImageDecoder({ maxPixels: config.uploads.maxPixels, thumbnailPx: 256, displayPx: 1600 });
  const bus = new AnalysisEventBus(
    opts.pubsub && {
      pubsub: opts.pubsub,
      eventsSince: async (analysisId, afterId) =>
        (await analyses.eventsSince(analysisId, afterId)).map(toAnalysisEvent),
      log,
    },
  );
  const events = new AnalysisEventRecorder(analyses, bus);
  // Room for the vision client's own retries (3 attempts and their backoff) before the pipeline gives up on it.
  const locatorTimeoutMs = Math.max(60_000, (config.vision?.timeoutMs ?? 0) * 3 + 30_000);
  const gallery = new Gallery({
    repository: new GalleryRepository(database.db),
    loadDisplay: async (photoId) => {
      const photo = await photos.get(photoId);
      return photo?.displayKey ? storage.get(photo.displayKey) : null;
    },
  });
  const locators = (opts.locators ?? enabledLocators(config)).map(
    (l) => l.withServices?.({ gallery, neighboursInTime: analyses }) ?? l,
  );
  // A trip's photos without GPS are placed again from neighbours that land after them (R-TRIP-6).
  const reviser = createSequenceReviser({ store: analyses, events, log });
  const pipeline = new AnalysisPipeline({
    analyses,
    photos,
    storage,
    decoder,
    locators,
    events,
    keepOriginals: config.analysis.keepOriginals,
    maxAttempts: 3,
    locatorTimeoutMs,
    gallery,
    // A trip's photos are all placed first; their stored images follow (R-TRIP-10).
    placeFirst: (job) => job.tripId !== null,
    afterPlaced: (job) => reviser.afterPlaced({ ...job, fileName: job.photo.originalName }),
    log,
  });
  const runner = new JobRunner({
    analyses,
    pipeline,
    concurrency: config.analysis.concurrency,
    pollMs: opts.pollMs,
    leaseMs: opts.leaseMs,
    exclusiveDatabase: opts.exclusiveDatabase ?? database.kind === 'pglite',
    onError: (error) => log('error', 'job runner error', { error: String(error) }),
  });
  const closeLocators = async () => {
    await Promise.all(locators.map((l) => l.close?.()));
  };
  return {
    analyses,
    photos,
    storage,
    decoder,
    bus,
    events,
    pipeline,
    runner,
    locators,
    locatorTimeoutMs,
    gallery,
    closeLocators,
  };
}

export const ENGINE_VERSION = `engine-${ENGINE_VERSION_LABEL}`;
