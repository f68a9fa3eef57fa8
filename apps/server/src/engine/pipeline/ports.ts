/**
 * What the analysis pipeline needs from the rest of the server, declared here so that the engine depends on no
 * module: the modules' repositories implement these (modules/analyses), and the process that runs
 * the engine (main.ts, worker.ts) passes them in. Tests pass in-memory fakes (pipeline.test.ts).
 */
import type { AnalysisEventType, Evidence, PhotoMetadata } from '@vt/shared';
import type { analyses, photos } from '../../db/schema.analyses';

export type AnalysisRow = typeof analyses.$inferSelect;
/** A job as the pipeline reads it: the analysis and its photo. */
export type AnalysisJob = AnalysisRow & { photo: typeof photos.$inferSelect };
/** What a step stores on the analysis. */
export type AnalysisPatch = Partial<
  Pick<
    AnalysisRow,
    | 'stage'
    | 'metadata'
    | 'evidence'
    | 'candidates'
    | 'timings'
    | 'analysisResult'
    | 'confidenceScore'
    | 'locationData'
    | 'error'
  >
>;

/**
 * The event that closes a job ("done" or "failed"). Stored with the result, never after it: whoever sees the job
 * finished also finds its closing event in the history (an evidence report asked for at once lacked it).
 * `data` is read after `finalTimings`, so it can carry them.
 */
export type ClosingEvent = { type: Extract<AnalysisEventType, 'done' | 'failed'>; data(): Record<string, unknown> };

/** The queue's jobs. Every write names the runner holding the job and is refused (false) once it lost it. */
export interface AnalysisStore {
  get(id: string): Promise<AnalysisJob | undefined>;
  saveStep(id: string, workerId: string, patch: AnalysisPatch): Promise<boolean>;
  /**
   * Ends the job (done or failed) and releases it; `finalTimings` and the closing `event` are stored in the same
   * commit, and the event is told to live subscribers once it is committed.
   */
  finish(
    id: string,
    workerId: string,
    status: 'done' | 'failed',
    patch: AnalysisPatch,
    opts?: { finalTimings?(): AnalysisRow['timings']; event?: ClosingEvent },
  ): Promise<boolean>;
  /** Back to the queue after a passing failure, to run again after `delayMs`. */
  requeue(id: string, workerId: string, delayMs: number, patch: AnalysisPatch): Promise<boolean>;
  /**
   * Back to the queue with its place stored, to make its stored images once no photo is waiting to be placed
   * (R-TRIP-10); the claim does not count as an attempt. False once the runner lost the job.
   */
  defer?(id: string, workerId: string, patch: AnalysisPatch): Promise<boolean>;
}

/** The photos' stored files as the pipeline updates them. */
export interface PhotoStore {
  setDerivatives(id: string, keys: { thumbnailKey: string; displayKey: string }): Promise<void>;
  markOriginalDeleted(id: string): Promise<void>;
  /** Photos whose analysis ended but whose original is still stored (when originals are not kept). */
  finishedWithOriginal(limit: number): Promise<{ id: string; originalKey: string }[]>;
}

/** Where the stages are reported (stored and told to live subscribers). */
export interface AnalysisEventSink {
  record(analysisId: string, type: AnalysisEventType, data?: Record<string, unknown>): Promise<unknown>;
}

/** The queue the job runner claims from (engine/runner.ts); leases let another runner take over a dead one's jobs. */
export interface JobQueue {
  /** Claims the next due job for this runner with a lease of `leaseMs`. */
  claimNext(workerId: string, leaseMs: number): Promise<{ id: string; attempts: number } | undefined>;
  /** Renews this runner's leases; answers the ids still held. */
  renewLeases(workerId: string, ids: readonly string[]): Promise<string[]>;
  /** Puts every running job back in the queue (this process alone uses the database: they are orphans). */
  releaseAllRunning(): Promise<number>;
}

/** A photo of the same owner placed by its own GPS, as the sequence locator reads it (engine/locators/sequence.ts). */
export type GpsNeighbour = {
  analysisId: string;
  fileName: string;
  position: { lat: number; lng: number };
  /** The fix's stated accuracy (GPSHPositioningError), or null when the photo states none. */
  accuracyMeters: number | null;
  /** The camera's wall clock ("2024-03-09T10:15:00") and its UTC offset when stated. */
  takenAt: { local: string; offset: string | null };
  camera: { make: string | null; model: string | null; serial: string | null };
};

/** The owner's other photos taken close in time with the same camera and placed by their own GPS (R-ANALYSIS-12). */
export interface NeighboursInTime {
  /**
   * Their analyses whose metadata holds a full-precision GPS fix, of this make and model, taken with a wall clock
   * between `localFrom` and `localTo` (ISO without zone), other than `exceptAnalysisId`; and how many of the owner's
   * analyses created since `pendingSince` have not read their metadata yet (they may be neighbours still to come);
   * and `progress`, a token that changes whenever one of those analyses (or of the trip's) finishes a step, so a
   * photo waiting for a queued neighbour sees the photo ahead of it in the runner move even though the queued one has
   * not started yet. A lease renewal is not progress: two photos waiting on each other must not keep each other up.
   */
  gpsNeighbours(query: {
    userId: string;
    make: string | null;
    model: string | null;
    localFrom: string;
    localTo: string;
    exceptAnalysisId?: string;
    pendingSince: Date;
    /** Only photos of this trip, and only its pending analyses (R-TRIP-5); any of the owner's when absent. */
    tripId?: string | null;
  }): Promise<{ neighbours: GpsNeighbour[]; pending: number; progress?: string }>;
}

/** One analysis of a trip as the sequence revision reads it (engine/locators/sequence-revision.ts). */
export type TripMember = {
  analysisId: string;
  fileName: string;
  status: AnalysisRow['status'];
  metadata: PhotoMetadata | null;
  /** Its stored evidence (null until its locators have run). */
  evidence: Evidence[] | null;
  /** The source of its stored result (null until fused). */
  source: string | null;
};

/**
 * What the sequence revision needs (R-TRIP-6): a trip's members, and a way to replace one finished analysis' result
 * under a lock, with the neighbours read after the lock is taken.
 */
export interface SequenceRevisionStore {
  tripMembers(tripId: string): Promise<TripMember[]>;
  /**
   * In one transaction: locks the analysis while it is placed and not running (done, or waiting for its stored images,
   * R-TRIP-10) and in this trip, reads the trip's photos placed by their
   * own GPS (after the lock, so that nothing committed before it is missed), and stores the patch `revise` returns
   * (null: nothing to change) together with what the owner's records keep of the result. Returns the patch stored.
   */
  revise(
    analysisId: string,
    tripId: string,
    revise: (row: AnalysisRow, neighbours: GpsNeighbour[]) => AnalysisPatch | null,
  ): Promise<AnalysisPatch | null>;
}
