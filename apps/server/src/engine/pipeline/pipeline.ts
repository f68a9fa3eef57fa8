import {
  placeParts,
  type AnalysisError,
  type AnalysisResult,
  type Evidence,
  type PhotoMetadata,
  type StageTimings,
} from '@vt/shared';
import type { BlobStorage } from '../../adapters/storage/storage';
import { ImageDecodeError, type ImageDecoder } from '../../adapters/image/decoder';
import type { AnalysisEventSink, AnalysisJob, AnalysisPatch, AnalysisStore, PhotoStore } from './ports';
import { describeThrown } from '../../lib/analysis-errors';
import type { Locator } from '../locators/locator';
import { errorResult, failedResult, fuse } from './fuse';
import { readPhotoMetadata } from './read-metadata';
import { describePlace, placeName } from './place';
import { photoImageUrl } from './urls';
import type { RememberPlace } from '../gallery/gallery';

export type PipelineDeps = {
  analyses: AnalysisStore;
  photos: PhotoStore;
  storage: BlobStorage;
  decoder: ImageDecoder;
  locators: readonly Locator[];
  events: AnalysisEventSink;
  keepOriginals: boolean;
  /** Attempts before an unexpected error becomes the spec's error outcome. */
  maxAttempts: number;
  locatorTimeoutMs: number;
  /** Remembers photos with a trusted place for the gallery locator (engine/gallery); absent in some tests. */
  gallery?: { rememberPlace(input: RememberPlace): Promise<unknown> };
  /**
   * Photos whose place is found before anything else is done for them: after `fuse` the job goes back to the queue
   * (AnalysisStore.defer) and its stored images are made once no photo is waiting to be placed (a trip's, R-TRIP-10).
   */
  placeFirst?(job: AnalysisJob): boolean;
  /**
   * Runs once an analysis' place is stored and the job released (done, or deferred by placeFirst): a trip's photos
   * placed again from this one, or this one from them (R-TRIP-6, locators/sequence-revision.ts). Its failure does not
   * touch the analysis.
   */
  afterPlaced?(job: AnalysisJob): Promise<void>;
  log(level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>): void;
};

/** Another runner reclaimed the job (ours looked dead); this run stops without writing anything more. */
class LostLockError extends Error {}

/**
 * The steps in the order they run: the place is found (metadata, locators, fusion) before the slow image
 * work, so a GPS-tagged photo is located in tens of milliseconds and its derivatives follow.
 */
export const STEPS = ['readMetadata', 'runLocators', 'fuse', 'makeDerivatives', 'save'] as const;
export type Step = (typeof STEPS)[number];
/** Timing key (not a step): job start → fused result stored, in the run that fused; what the "located" target measures. */
export const LOCATED_TIMING = 'locatedMs';

/** Backoff before a retry after a passing failure: 2 s, 4 s, 8 s… capped at a minute. */
const retryDelayMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** attempt);
const ms = (since: number) => Math.round((performance.now() - since) * 10) / 10;

/**
 * Runs one claimed analysis through small steps. Each step's output is saved before the next starts and a
 * step whose output is already saved is skipped, so a job resumed after a crash continues where it stopped
 * and a step that runs twice does no harm (derivatives overwrite the same keys, events repeat at worst).
 */
export class AnalysisPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  async run(analysisId: string, workerId: string, attempt: number): Promise<void> {
    const { analyses } = this.deps;
    // The job starts when the runner hands it over (the claim is queue time).
    const jobStart = performance.now();
    let job = await analyses.get(analysisId);
    if (!job) return;
    // Held only while a step needs it, not for the life of the job (16 jobs at once × a 25 MB upload adds up).
    let original: Buffer | undefined;
    const loadOriginal = async () => {
      if (original) return original;
      if (!job!.photo.originalKey) throw new ImageDecodeError('unreadable', 'The original photo is no longer stored.');
      original = await this.deps.storage.get(job!.photo.originalKey);
      return original;
    };
    const save = async (step: Step, took: number, patch: AnalysisPatch) => {
      const timings: StageTimings = { ...job!.timings, [step]: took };
      if (!(await analyses.saveStep(analysisId, workerId, { ...patch, stage: step, timings })))
        throw new LostLockError();
      job = { ...job!, ...patch, stage: step, timings };
    };

    // The display image made in this run, kept for a locator that asks for pixels; made at most once.
    let display: Buffer | undefined;
    let making: Promise<void> | undefined;
    const makeDerivatives = () =>
      (making ??= (async () => {
        if (job!.photo.thumbnailKey && job!.photo.displayKey) return;
        const t = performance.now();
        const input = await loadOriginal();
        original = undefined;
        const d = await this.deps.decoder.makeDerivatives(input, job!.photo.format as never);
        const keys = {
          thumbnailKey: `derived/${job!.photoId}/thumbnail.webp`,
          displayKey: `derived/${job!.photoId}/display.webp`,
        };
        await Promise.all([
          this.deps.storage.put(keys.thumbnailKey, d.thumbnail),
          this.deps.storage.put(keys.displayKey, d.display),
        ]);
        await this.deps.photos.setDerivatives(job!.photoId, keys);
        display = d.display;
        job = { ...job!, photo: { ...job!.photo, ...keys } };
        await save('makeDerivatives', ms(t), {});
        await this.deps.events.record(analysisId, 'derivatives_made', {
          thumbnailUrl: photoImageUrl(job!.photoId, 'thumbnail'),
          imageUrl: photoImageUrl(job!.photoId, 'display'),
          width: d.width,
          height: d.height,
        });
      })());
    // Locators that need pixels get the display image on demand: made now if this job has not made it yet.
    const displayImage = async () => {
      await makeDerivatives();
      return display ?? this.deps.storage.get(job!.photo.displayKey!);
    };

    // The photo at full resolution for the text reader (a sign 5 % of the photo wide is lost at display size). HEIC,
    // which sharp cannot decode, is decoded by libheif into a JPEG here; if that fails, the reader gets the display
    // image (and the derivatives' own decode reports the file).
    const fullImage = async () => {
      if (!job!.photo.originalKey) return null;
      if (job!.photo.format !== 'heic') return loadOriginal();
      try {
        return await this.deps.decoder.heicAsJpeg(await loadOriginal());
      } catch (error) {
        this.deps.log('warn', 'full-resolution HEIC not made', { analysisId, error: String(error) });
        return null;
      }
    };

    try {
      await this.deps.events.record(analysisId, 'started', { attempt, resumedAfter: job.stage });

      if (!job.metadata) {
        const t = performance.now();
        const metadata = await readPhotoMetadata(await loadOriginal());
        await save('readMetadata', ms(t), { metadata });
        await this.deps.events.record(analysisId, 'metadata_read', summariseMetadata(metadata));
      }

      if (!job.evidence) {
        const t = performance.now();
        const evidence = await this.runLocators(job, displayImage, fullImage);
        await save('runLocators', ms(t), { evidence });
      }

      let fusedNow = false;
      if (!job.analysisResult) {
        fusedNow = true;
        const t = performance.now();
        const result = fuse(job.evidence ?? [], { describePlace, placeName });
        const fuseMs = ms(t);
        // The place is known from here on: the result is stored and streamed before any image work that remains.
        await save('fuse', fuseMs, { analysisResult: result, candidates: result.candidates });
        // Located = the result is stored (GET /api/analyses/:id answers with it); kept with the next step's save.
        const locatedMs = ms(jobStart);
        job = { ...job, timings: { ...job.timings, [LOCATED_TIMING]: locatedMs } };
        await this.deps.events.record(analysisId, 'fused', { result, locatedMs });
      }
      original = undefined;

      if (fusedNow && this.deps.placeFirst?.(job) && analyses.defer) {
        // Placed: the stored images wait until the photos queued behind this one are placed too (R-TRIP-10).
        if (!(await analyses.defer(analysisId, workerId, { timings: job.timings }))) throw new LostLockError();
        await this.afterPlaced({ ...job, status: 'queued' });
        return;
      }

      await makeDerivatives();
      // Before "done", so a finished analysis is already recognisable by the next photo.
      await this.rememberGpsPlace(job, display);
      display = undefined;
      // The original goes before the job reads as done, so "done" always means no metadata-bearing copy is left.
      // A resumed job needs only what is saved by now, never the original.
      await this.dropOriginal(job);

      const t = performance.now();
      const result = job.analysisResult!;
      let timings: StageTimings = job.timings;
      // The save step's own time is known only once the result and the history are written: it is measured
      // then and stored in the same transaction.
      const finished = await analyses.finish(
        analysisId,
        workerId,
        'done',
        { ...storedFields(result), stage: 'save', timings },
        {
          finalTimings: () => (timings = { ...job!.timings, save: ms(t) }),
          event: { type: 'done', data: () => ({ result, timings }) },
        },
      );
      if (!finished) throw new LostLockError();
      await this.afterPlaced({ ...job, status: 'done' });
    } catch (error) {
      await this.onError(job, workerId, attempt, error);
    }
  }

  private async runLocators(
    job: AnalysisJob,
    displayImage: () => Promise<Buffer>,
    fullImage: () => Promise<Buffer | null>,
  ): Promise<Evidence[]> {
    const all: Evidence[] = [];
    const input = {
      fileName: job.photo.originalName,
      format: job.photo.format as never,
      metadata: job.metadata as PhotoMetadata,
      displayImage,
      fullImage,
      userId: job.userId,
      analysisId: job.id,
      tripId: job.tripId,
    };
    // Locators run one after another: ordered events read better, and a later locator may skip itself because of
    // an earlier one's evidence (a precise GPS fix makes OCR pointless).
    for (const locator of this.deps.locators) {
      await this.deps.events.record(job.id, 'locator_started', { locator: locator.name });
      const t = performance.now();
      let evidence: Evidence[];
      const skipped = locator.skip?.(all) ?? null;
      if (skipped) {
        evidence = [{ locator: locator.name, kind: 'absent', summary: skipped, details: { skipped: true } }];
      } else
        try {
          evidence = await locator.locate(input, {
            signal: AbortSignal.timeout(this.deps.locatorTimeoutMs),
            log: (message, details) =>
              this.deps.log('info', message, { locator: locator.name, analysisId: job.id, ...details }),
          });
        } catch (error) {
          // One failing locator must not sink the analysis: it is reported and the others still count.
          const described = describeThrown(error);
          this.deps.log('warn', 'locator failed', { locator: locator.name, analysisId: job.id, error: String(error) });
          evidence = [
            {
              locator: locator.name,
              kind: 'absent',
              summary: `The ${locator.name} locator could not run: ${described.message}`,
              details: { error: described },
            },
          ];
        }
      const durationMs = Math.round((performance.now() - t) * 10) / 10;
      all.push(...evidence);
      await this.deps.events.record(job.id, 'locator_finished', { locator: locator.name, durationMs, evidence });
    }
    return all;
  }

  /**
   * A photo whose own GPS placed it inside the county goes into the user's gallery (if they allow it; the gallery
   * checks). Descriptors come from the display image this run decoded, or the stored one on a resumed job.
   */
  private async rememberGpsPlace(job: AnalysisJob, display: Buffer | undefined): Promise<void> {
    const gps = job.evidence?.find((e) => e.locator === 'metadata' && e.kind === 'position' && e.position);
    if (!this.deps.gallery || !gps?.position) return;
    try {
      await this.deps.gallery.rememberPlace({
        userId: job.userId,
        analysisId: job.id,
        photoId: job.photoId,
        lat: gps.position.lat,
        lng: gps.position.lng,
        source: 'gps',
        image: display,
      });
    } catch (error) {
      // The gallery is a bonus for later photos; failing to remember one must not fail this analysis.
      this.deps.log('warn', 'could not remember the place in the gallery', {
        analysisId: job.id,
        error: String(error),
      });
    }
  }

  private async afterPlaced(job: AnalysisJob): Promise<void> {
    if (!this.deps.afterPlaced) return;
    try {
      await this.deps.afterPlaced(job);
    } catch (error) {
      // The place is stored; a revision that failed leaves the neighbours as they were.
      this.deps.log('warn', 'after-placed step failed', { analysisId: job.id, error: String(error) });
    }
  }

  private async dropOriginal(job: AnalysisJob): Promise<void> {
    if (this.deps.keepOriginals || !job.photo.originalKey) return;
    try {
      await this.deps.storage.delete(job.photo.originalKey);
      await this.deps.photos.markOriginalDeleted(job.photoId);
    } catch (error) {
      // The analysis is done; a leftover original is a privacy chore for a sweep, not a failed analysis.
      this.deps.log('warn', 'could not delete original', { photoId: job.photoId, error: String(error) });
    }
  }

  private async onError(job: AnalysisJob, workerId: string, attempt: number, error: unknown): Promise<void> {
    if (error instanceof LostLockError) {
      this.deps.log('warn', 'analysis taken over by another runner', { analysisId: job.id });
      return;
    }
    const fileName = job.photo.originalName;
    let result: AnalysisResult;
    let failure: AnalysisError;
    if (error instanceof ImageDecodeError) {
      // The photo itself cannot be analysed: retrying gives the same answer, so it fails at once.
      failure = { code: 'unreadable_image', message: error.message, canRetry: false };
      result = failedResult(fileName, error.message);
    } else {
      const described = describeThrown(error);
      this.deps.log('error', 'analysis step failed', {
        analysisId: job.id,
        attempt,
        error: String((error as Error)?.stack ?? error),
      });
      if (attempt < this.deps.maxAttempts) {
        const delayMs = retryDelayMs(attempt);
        if (
          await this.deps.analyses.requeue(job.id, workerId, delayMs, {
            error: { code: 'retrying', message: described.message, canRetry: true },
          })
        ) {
          await this.deps.events.record(job.id, 'retrying', { attempt, delayMs, message: described.message });
        }
        return;
      }
      failure = { code: 'analysis_error', message: described.message, canRetry: described.canRetry };
      result = errorResult(fileName, described.message);
    }
    // A failed analysis is final too: its original (GPS and all) goes before it reads as failed, like a done one's.
    await this.dropOriginal(job);
    await this.deps.analyses.finish(
      job.id,
      workerId,
      'failed',
      { ...storedFields(result), error: failure },
      { event: { type: 'failed', data: () => ({ error: failure, result }) } },
    );
  }

  /**
   * Deletes originals that outlived their analysis (a crash between the result and the deletion, or an analysis
   * finished before this rule existed). Runs when a runner starts; returns how many it removed.
   */
  async sweepOriginals(limit = 500): Promise<number> {
    if (this.deps.keepOriginals) return 0;
    const leftovers = await this.deps.photos.finishedWithOriginal(limit);
    let removed = 0;
    for (const photo of leftovers) {
      try {
        await this.deps.storage.delete(photo.originalKey);
        await this.deps.photos.markOriginalDeleted(photo.id);
        removed++;
      } catch (error) {
        this.deps.log('warn', 'could not delete original', { photoId: photo.id, error: String(error) });
      }
    }
    return removed;
  }
}

/** The spec's stored fields derived from a result (also used when the owner corrects a result). */
export function storedFields(result: AnalysisResult) {
  return {
    analysisResult: result,
    confidenceScore: result.confidence,
    candidates: result.candidates,
    locationData: {
      name: result.name,
      lat: result.lat,
      lng: result.lng,
      source: result.source,
      radiusMeters: result.radiusMeters,
      insideCoverage: result.insideCoverage,
      ...placeParts(result.place),
    },
  };
}

function summariseMetadata(m: PhotoMetadata): Record<string, unknown> {
  return {
    gps: (m.gps as { status?: string } | null)?.status ?? 'absent',
    takenAt: m.takenAt,
    camera: [m.make, m.model].filter(Boolean).join(' ') || null,
    readError: m.readError,
  };
}
