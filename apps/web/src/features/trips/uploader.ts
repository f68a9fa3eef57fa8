import { useSyncExternalStore } from 'react';
import type { Trip, TripPhotosUploadResponse, TripRefusal } from '@vt/shared';
import { createStore } from '../../lib/store';
import { createTrip, recordOverLimit } from './api';
import { BatchFailure, sendBatch } from './upload';

/** Where one file of a trip stands in the browser, before the server's own states take over (R-TRIP-4). */
export type UploadFileState = 'waiting' | 'uploading' | 'sent' | 'refused';

export type UploadFile = {
  key: string;
  fileName: string;
  size: number;
  state: UploadFileState;
  /** Its analysis once the server took it. */
  analysisId: string | null;
  /** The server's reason when it was refused. */
  message: string | null;
};

export type UploadSession = {
  tripId: string;
  files: UploadFile[];
  /** Bytes handed over so far (files the server answered for, and the batch on its way). */
  sentBytes: number;
  totalBytes: number;
  phase: 'sending' | 'done' | 'stopped';
  /** Why sending stopped, and whether trying again can help (a network failure can; a deleted trip cannot). */
  error: { message: string; canRetry: boolean } | null;
};

export type TripUploadsDeps = {
  createTrip(name?: string): Promise<Pick<Trip, 'id' | 'maxFilesPerRequest'>>;
  send: typeof sendBatch;
  recordOverLimit(tripId: string, fileNames: readonly string[]): Promise<TripRefusal[]>;
};

/**
 * Requests on their way at once per trip: two keep the server's intake busy while it reads the other (measured by
 * bench/trips/throughput.ts), without flooding a slow link.
 */
const LANES = 2;

/**
 * The trips being sent from this browser tab. It lives outside React so that sending goes on while the person moves
 * between pages (the map, the trip's own page); the server keeps everything else. A large trip goes in batches of the
 * trip's `maxFilesPerRequest` (R-TRIP-2), two requests at a time. Once the server says the weekly limit is reached, the
 * rest is not sent and is recorded as refused for the limit (R-TRIP-3).
 */
export class TripUploads {
  readonly store = createStore<Readonly<Record<string, UploadSession>>>({});
  private readonly files = new Map<string, File>();
  private readonly batchSizes = new Map<string, number>();
  private readonly running = new Set<string>();
  /** Bytes sent so far of each batch on its way (keyed by the batch's set of file keys). */
  private readonly inFlight = new Map<ReadonlySet<string>, number>();
  private seq = 0;

  constructor(private readonly deps: TripUploadsDeps) {}

  /** Creates a trip (named `name`, or by the server after the day) and starts sending `files` to it. */
  async start(files: readonly File[], name: string | null): Promise<string> {
    const trip = await this.deps.createTrip(name ?? undefined);
    this.add(trip.id, files, trip.maxFilesPerRequest);
    return trip.id;
  }

  /** Adds files to a trip being sent (or to an existing trip) and sends them. */
  add(tripId: string, files: readonly File[], batchSize: number): void {
    this.batchSizes.set(tripId, Math.max(1, batchSize));
    const added = files.map((file): UploadFile => {
      const key = `f${++this.seq}`;
      this.files.set(key, file);
      return { key, fileName: file.name, size: file.size, state: 'waiting', analysisId: null, message: null };
    });
    const before = this.store.get()[tripId];
    this.update(tripId, () => ({
      tripId,
      files: [...(before?.files ?? []), ...added],
      sentBytes: before?.sentBytes ?? 0,
      totalBytes: (before?.totalBytes ?? 0) + added.reduce((n, f) => n + f.size, 0),
      phase: 'sending',
      error: null,
    }));
    void this.run(tripId);
  }

  /** Sends again what was not sent after a network failure. */
  retry(tripId: string): void {
    if (!this.store.get()[tripId]) return;
    this.update(tripId, (s) => ({ ...s, phase: 'sending', error: null }));
    void this.run(tripId);
  }

  session(tripId: string): UploadSession | undefined {
    return this.store.get()[tripId];
  }

  private update(tripId: string, fn: (s: UploadSession) => UploadSession): void {
    const all = this.store.get();
    const next = fn(all[tripId] ?? emptySession(tripId));
    // Handed over: what the server answered for (sent or refused), and what is on its way now.
    let sentBytes = next.files.reduce((n, f) => n + (f.state === 'sent' || f.state === 'refused' ? f.size : 0), 0);
    for (const [keys, bytes] of this.inFlight)
      if (next.files.some((f) => keys.has(f.key) && f.state === 'uploading')) sentBytes += bytes;
    this.store.set({ ...all, [tripId]: { ...next, sentBytes } });
  }

  private setFiles(tripId: string, keys: ReadonlySet<string>, patch: (f: UploadFile) => Partial<UploadFile>): void {
    this.update(tripId, (s) => ({ ...s, files: s.files.map((f) => (keys.has(f.key) ? { ...f, ...patch(f) } : f)) }));
  }

  private async run(tripId: string): Promise<void> {
    if (this.running.has(tripId)) return;
    this.running.add(tripId);
    try {
      for (;;) {
        await Promise.all(Array.from({ length: LANES }, () => this.lane(tripId)));
        const left = this.session(tripId);
        if (left?.phase !== 'sending') return;
        // Files added while the lanes were finishing are sent by another round.
        if (!left.files.some((f) => f.state === 'waiting')) {
          this.update(tripId, (s) => ({ ...s, phase: 'done' }));
          return;
        }
      }
    } finally {
      this.running.delete(tripId);
    }
  }

  /** One request at a time: takes the next batch of waiting files, sends it, applies the answer, until none is left. */
  private async lane(tripId: string): Promise<void> {
    for (;;) {
      const session = this.session(tripId);
      if (!session || session.phase !== 'sending') return;
      const batch = session.files.filter((f) => f.state === 'waiting').slice(0, this.batchSizes.get(tripId) ?? 1);
      if (batch.length === 0) return;
      const keys = new Set(batch.map((f) => f.key));
      const batchBytes = batch.reduce((n, f) => n + f.size, 0);
      // Taken at once (before any await), so the other lane never sends the same files.
      this.setFiles(tripId, keys, () => ({ state: 'uploading' }));
      const progress = (sent: number) => {
        this.inFlight.set(keys, Math.min(sent, batchBytes));
        this.update(tripId, (s) => s);
      };
      try {
        const answer = await this.deps.send(
          tripId,
          batch.map((f) => this.files.get(f.key)!),
          progress,
        );
        this.inFlight.delete(keys);
        this.apply(tripId, batch, answer);
        const limit = answer.refused.find((r) => r.code === 'weekly_limit_reached');
        if (limit) return await this.keepBackForLimit(tripId, limit.message);
      } catch (error) {
        this.inFlight.delete(keys);
        // The batch goes back to waiting: a retry sends it again (nothing of it was recorded by the server).
        this.setFiles(tripId, keys, () => ({ state: 'waiting' }));
        const failure =
          error instanceof BatchFailure ? error : new BatchFailure(0, null, 'The photos could not be sent.');
        if (failure.status === 429 && failure.code === 'weekly_limit_reached')
          return await this.keepBackForLimit(tripId, failure.message);
        this.update(tripId, (s) => ({
          ...s,
          phase: 'stopped',
          error: {
            message:
              failure.status === 404
                ? 'This trip no longer exists, so the remaining photos were not sent.'
                : failure.message,
            canRetry: failure.status === 0 || failure.status >= 500 || failure.status === 408,
          },
        }));
        return;
      }
    }
  }

  /** What the server said of each file of a batch (names may repeat, so they are matched in order). */
  private apply(tripId: string, batch: readonly UploadFile[], answer: TripPhotosUploadResponse): void {
    const accepted = [...answer.accepted];
    const refused = [...answer.refused];
    const outcome = new Map<string, Partial<UploadFile>>();
    for (const f of batch) {
      const a = accepted.findIndex((x) => x.fileName === f.fileName);
      if (a >= 0) {
        outcome.set(f.key, { state: 'sent', analysisId: accepted.splice(a, 1)[0]!.analysisId });
        continue;
      }
      const r = refused.findIndex((x) => x.fileName === f.fileName);
      // A name the server cleaned (a path, control characters) is matched by position among what is left.
      const refusal = r >= 0 ? refused.splice(r, 1)[0]! : refused.shift();
      outcome.set(f.key, { state: 'refused', message: refusal?.message ?? 'The server did not take this file.' });
    }
    for (const [key] of outcome) this.files.delete(key);
    this.setFiles(tripId, new Set(outcome.keys()), (f) => outcome.get(f.key)!);
  }

  /** The week is full: nothing more is sent; what is left is refused with the server's message, and recorded. */
  private async keepBackForLimit(tripId: string, message: string): Promise<void> {
    const left = this.session(tripId)?.files.filter((f) => f.state === 'waiting') ?? [];
    const keys = new Set(left.map((f) => f.key));
    for (const key of keys) this.files.delete(key);
    this.setFiles(tripId, keys, () => ({ state: 'refused', message }));
    this.update(tripId, (s) => ({ ...s, phase: 'done' }));
    if (left.length === 0) return;
    try {
      await this.deps.recordOverLimit(
        tripId,
        left.map((f) => f.fileName),
      );
    } catch {
      // The refusal stays on this screen; the server's record of it is a courtesy for other devices.
    }
  }
}

function emptySession(tripId: string): UploadSession {
  return { tripId, files: [], sentBytes: 0, totalBytes: 0, phase: 'done', error: null };
}

/** The one set of trips being sent from this tab. */
export const tripUploads = new TripUploads({ createTrip, send: sendBatch, recordOverLimit });

/** The upload session of a trip, or undefined when nothing was sent to it from this tab. */
export function useTripUpload(tripId: string | null): UploadSession | undefined {
  const all = useSyncExternalStore(tripUploads.store.subscribe, tripUploads.store.get, tripUploads.store.get);
  return tripId ? all[tripId] : undefined;
}
