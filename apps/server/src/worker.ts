import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { ENGINE_VERSION_LABEL } from '@vt/shared';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { configureImageLibrary, ImageDecoder } from './adapters/image/decoder';
import { createStorage } from './adapters/storage/create-storage';
import type { BlobStorage } from './adapters/storage/storage';
import { AnalysisPipeline } from './engine/pipeline/pipeline';
import { enabledLocators } from './engine/locators/registry';
import type { Locator } from './engine/locators/locator';
import { AnalysesRepository } from './modules/analyses/analyses.repository';
import { AnalysisEventBus, AnalysisEventRecorder, toAnalysisEvent } from './modules/analyses/analysis-events';
import { createPubSub, type PubSub } from './adapters/pubsub';
import { PhotosRepository } from './modules/photos/photos.repository';
import { recordFinishedAnalysis } from './modules/locations/analysis-finished';
import { Gallery } from './engine/gallery/gallery';
import { GalleryRepository } from './modules/gallery/gallery.repository';

/**
 * A running job is leased: its runner renews the lease every LEASE_MS / 4 (a heartbeat, besides every step);
 * a lease older than this means the runner died (kill -9, a lost machine) and any live runner takes the job
 * over at its next poll. Short enough that crashed work resumes within about 15 s; long enough that a runner
 * whose event loop stalls for a few seconds under load keeps its jobs.
 */
export const LEASE_MS = 12_000;

export type JobRunnerOptions = {
  analyses: AnalysesRepository;
  pipeline: AnalysisPipeline;
  concurrency: number;
  pollMs?: number;
  /** Lease length (LEASE_MS); the heartbeat renews at a quarter of it. */
  leaseMs?: number;
  workerId?: string;
  /** True when this process alone uses the database (PGlite): running jobs found at start are orphans. */
  exclusiveDatabase?: boolean;
  onError?(error: unknown): void;
};

/**
 * Claims queued analyses and runs them, at most `concurrency` at once. It polls (so jobs left by a crashed
 * process, or queued by another process, are found) and can be woken at once after an upload.
 */
export class JobRunner {
  readonly workerId: string;
  private active = new Set<Promise<void>>();
  /** Ids of the jobs in hand, whose leases the heartbeat renews. */
  private held = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private renewing = false;
  private running = false;
  private filling: Promise<void> | undefined;
  private refill = false;

  constructor(private readonly opts: JobRunnerOptions) {
    this.workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  async start(): Promise<void> {
    if (this.running) return;
    if (this.opts.exclusiveDatabase) await this.opts.analyses.releaseAllRunning();
    // Not awaited: leftover originals are a privacy chore, not something start-up should wait for.
    void this.opts.pipeline.sweepOriginals().catch((error) => this.opts.onError?.(error));
    this.running = true;
    this.timer = setInterval(() => this.wake(), this.opts.pollMs ?? 1000);
    this.timer.unref();
    this.heartbeat = setInterval(() => void this.renew(), this.leaseMs / 4);
    this.heartbeat.unref();
    this.wake();
  }

  private get leaseMs(): number {
    return this.opts.leaseMs ?? LEASE_MS;
  }

  /** Renews the leases of the jobs in hand; one renewal at a time, so a slow database does not pile them up. */
  private async renew(): Promise<void> {
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    try {
      const ids = [...this.held];
      const kept = new Set(await this.opts.analyses.renewLeases(this.workerId, ids));
      // A job no longer held was finished meanwhile, or taken over by another runner while this one was quiet:
      // its own writes are refused from now on (they check the lock), so it cannot finish twice.
      const lost = ids.filter((id) => !kept.has(id) && this.held.has(id));
      if (lost.length)
        this.opts.onError?.(new Error(`lease lost on ${lost.length} job(s) still running here: ${lost.join(', ')}`));
    } catch (error) {
      this.opts.onError?.(error);
    } finally {
      this.renewing = false;
    }
  }

  /** Looks for work now (called after an upload). */
  wake(): void {
    if (!this.running) return;
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = this.fill()
      .catch((error) => this.opts.onError?.(error))
      .finally(() => {
        this.filling = undefined;
        if (this.refill) {
          this.refill = false;
          this.wake();
        }
      });
  }

  private async fill(): Promise<void> {
    while (this.running && this.active.size < this.opts.concurrency) {
      const job = await this.opts.analyses.claimNext(this.workerId, this.leaseMs);
      if (!job) return;
      this.held.add(job.id);
      const run: Promise<void> = this.opts.pipeline
        .run(job.id, this.workerId, job.attempts)
        .catch((error) => this.opts.onError?.(error))
        .finally(() => {
          this.held.delete(job.id);
          this.active.delete(run);
          this.wake();
        });
      this.active.add(run);
    }
  }

  /** Stops claiming and waits for the jobs in hand to finish (a job cut off here is resumed later). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    await this.filling;
    // The heartbeat goes on until the jobs in hand are done, so a slow shutdown does not hand them over.
    await Promise.allSettled([...this.active]);
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  /** Resolves when no job is in hand (tests). */
  async idle(): Promise<void> {
    while (this.filling || this.active.size) {
      await this.filling;
      await Promise.allSettled([...this.active]);
    }
  }
}

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
  /** Releases what the locators hold (OCR worker threads); after the runner has stopped. */
  closeLocators(): Promise<void>;
};

/** Wires the analysis engine; shared by the HTTP app (in-process runner) and the standalone worker. */
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
  } = {},
): AnalysisEngine {
  const log = opts.log ?? (() => {});
  // Every finished analysis also lands in the user's location history and index, in the same transaction.
  const analyses = new AnalysesRepository(database.db, { onFinished: recordFinishedAnalysis });
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
  const locators = (opts.locators ?? enabledLocators(config)).map((l) => l.withServices?.({ gallery }) ?? l);
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

/** Standalone worker: `ANALYSIS_WORKER=false` on the HTTP processes, then run this beside them. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const log = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) =>
    console[level === 'info' ? 'log' : level](JSON.stringify({ level, message, ...details }));
  // The worker only publishes: the HTTP processes' SSE streams hear its stages through this.
  const pubsub = createPubSub({ redisUrl: config.redisUrl, database, log });
  const engine = createAnalysisEngine(config, database, { log, pubsub });
  await engine.runner.start();
  console.log(`analysis worker ${engine.runner.workerId} running with concurrency ${config.analysis.concurrency}`);
  const shutdown = async () => {
    await engine.runner.stop();
    await engine.closeLocators();
    await engine.bus.disconnect();
    await pubsub.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
