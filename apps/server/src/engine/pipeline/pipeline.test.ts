/**
 * The pipeline alone, against in-memory fakes of its ports (./ports.ts): the order of the steps, resuming a job
 * where it stopped, a lost lease, a failing locator, retries and the final error. The database-backed paths are
 * covered by worker.test.ts and the HTTP tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Evidence } from '@vt/shared';
import type { BlobStorage } from '../../adapters/storage/storage';
import { ImageDecoder } from '../../adapters/image/decoder';
import type { Locator } from '../locators/locator';
import { SHARED_DATA_DIR } from '../test/shared-geodata';
import { AnalysisPipeline, type PipelineDeps } from './pipeline';
import type { AnalysisEventSink, AnalysisJob, AnalysisPatch, AnalysisStore, ClosingEvent, PhotoStore } from './ports';

class MemoryStorage implements BlobStorage {
  readonly blobs = new Map<string, Buffer>();
  failGets = 0;
  async putFile(): Promise<void> {
    throw new Error('not used');
  }
  async put(key: string, data: Buffer) {
    this.blobs.set(key, data);
  }
  async get(key: string) {
    if (this.failGets > 0) {
      this.failGets--;
      throw Object.assign(new Error('storage unreachable'), { code: 'ECONNRESET' });
    }
    const b = this.blobs.get(key);
    if (!b) throw new Error(`no blob ${key}`);
    return b;
  }
  async delete(key: string) {
    this.blobs.delete(key);
  }
  async exists(key: string) {
    return this.blobs.has(key);
  }
  async list(prefix: string) {
    return [...this.blobs.keys()].filter((k) => k.startsWith(prefix));
  }
}

class MemoryAnalyses implements AnalysisStore {
  /** Where a closing event goes once the job is finished, as the repository appends it in the same commit. */
  constructor(private readonly events: Events) {}
  readonly jobs = new Map<string, AnalysisJob>();
  readonly finished: Array<{ id: string; status: string; patch: AnalysisPatch }> = [];
  readonly requeued: Array<{ id: string; delayMs: number }> = [];
  /** The runner that holds each job; a write by another is refused, as the lease makes it in the database. */
  readonly holder = new Map<string, string>();
  async get(id: string) {
    return this.jobs.get(id);
  }
  private held(id: string, workerId: string) {
    return this.holder.get(id) === workerId;
  }
  async saveStep(id: string, workerId: string, patch: AnalysisPatch) {
    if (!this.held(id, workerId)) return false;
    this.jobs.set(id, { ...this.jobs.get(id)!, ...patch });
    return true;
  }
  async finish(
    id: string,
    workerId: string,
    status: 'done' | 'failed',
    patch: AnalysisPatch,
    opts?: { finalTimings?(): AnalysisJob['timings']; event?: ClosingEvent },
  ) {
    if (!this.held(id, workerId)) return false;
    const timings = opts?.finalTimings?.();
    this.jobs.set(id, { ...this.jobs.get(id)!, ...patch, status, ...(timings ? { timings } : {}) });
    this.finished.push({ id, status, patch });
    this.holder.delete(id);
    if (opts?.event) await this.events.record(id, opts.event.type, opts.event.data());
    return true;
  }
  async requeue(id: string, workerId: string, delayMs: number) {
    if (!this.held(id, workerId)) return false;
    this.requeued.push({ id, delayMs });
    this.holder.delete(id);
    return true;
  }
  readonly deferred: string[] = [];
  async defer(id: string, workerId: string, patch: AnalysisPatch) {
    if (!this.held(id, workerId)) return false;
    this.jobs.set(id, { ...this.jobs.get(id)!, ...patch, status: 'queued' });
    this.deferred.push(id);
    this.holder.delete(id);
    return true;
  }
}

class MemoryPhotos implements PhotoStore {
  readonly derivatives = new Map<string, { thumbnailKey: string; displayKey: string }>();
  readonly originalsDeleted = new Set<string>();
  async setDerivatives(id: string, keys: { thumbnailKey: string; displayKey: string }) {
    this.derivatives.set(id, keys);
  }
  async markOriginalDeleted(id: string) {
    this.originalsDeleted.add(id);
  }
  async finishedWithOriginal() {
    return [];
  }
}

class Events implements AnalysisEventSink {
  readonly recorded: Array<{ id: string; type: string; data: Record<string, unknown> }> = [];
  async record(id: string, type: string, data: Record<string, unknown> = {}) {
    this.recorded.push({ id, type, data });
  }
  types(id: string) {
    return this.recorded.filter((e) => e.id === id).map((e) => e.type);
  }
}

const LITTLE_HAVANA = { lat: 25.7659, lng: -80.2337 };

function fixedLocator(name: string, evidence: Evidence[], calls: { n: number }): Locator {
  return {
    name,
    enabled: () => true,
    async locate() {
      calls.n++;
      return evidence;
    },
  };
}

describe('AnalysisPipeline against in-memory ports', () => {
  let analyses: MemoryAnalyses;
  let photos: MemoryPhotos;
  let storage: MemoryStorage;
  let events: Events;
  let logs: string[];
  let jpeg: Buffer;

  beforeEach(async () => {
    events = new Events();
    analyses = new MemoryAnalyses(events);
    photos = new MemoryPhotos();
    storage = new MemoryStorage();
    logs = [];
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
  });

  function job(id: string, patch: Partial<AnalysisJob> = {}): AnalysisJob {
    const photoId = `photo-${id}`;
    storage.blobs.set(`originals/${photoId}`, jpeg);
    const row = {
      id,
      userId: 'user-1',
      photoId,
      status: 'running',
      stage: null,
      metadata: null,
      evidence: null,
      analysisResult: null,
      candidates: null,
      timings: {},
      error: null,
      photo: {
        id: photoId,
        originalName: 'corner.jpg',
        format: 'jpeg',
        originalKey: `originals/${photoId}`,
        thumbnailKey: null,
        displayKey: null,
      },
      ...patch,
    } as unknown as AnalysisJob;
    analyses.jobs.set(id, row);
    analyses.holder.set(id, 'runner-a');
    return row;
  }

  function pipeline(locators: Locator[], over: Partial<PipelineDeps> = {}) {
    return new AnalysisPipeline({
      analyses,
      photos,
      storage,
      decoder: new ImageDecoder({ maxPixels: 50_000_000, thumbnailPx: 32, displayPx: 64 }),
      locators,
      events,
      keepOriginals: false,
      maxAttempts: 3,
      locatorTimeoutMs: 5_000,
      log: (_level, message) => logs.push(message),
      ...over,
    });
  }

  const sign: Evidence = {
    locator: 'text',
    kind: 'position',
    summary: 'Read “SW 8 St” and “SW 27 Ave”.',
    position: LITTLE_HAVANA,
    radiusMeters: 150,
    confidence: 0.9,
  };

  it('runs the steps in order: the place is stored and told before the images are made, then the original goes', async () => {
    job('a');
    const calls = { n: 0 };
    await pipeline([fixedLocator('text', [sign], calls)]).run('a', 'runner-a', 1);

    expect(events.types('a')).toEqual([
      'started',
      'metadata_read',
      'locator_started',
      'locator_finished',
      'fused',
      'derivatives_made',
      'done',
    ]);
    const done = analyses.jobs.get('a')!;
    expect(done.status).toBe('done');
    expect(done.analysisResult).toMatchObject({ outcome: 'found', lat: LITTLE_HAVANA.lat, lng: LITTLE_HAVANA.lng });
    expect(Object.keys(done.timings ?? {})).toEqual(
      expect.arrayContaining(['readMetadata', 'runLocators', 'fuse', 'makeDerivatives', 'save', 'locatedMs']),
    );
    expect(photos.derivatives.get('photo-a')).toEqual({
      thumbnailKey: 'derived/photo-a/thumbnail.webp',
      displayKey: 'derived/photo-a/display.webp',
    });
    expect(storage.blobs.has('derived/photo-a/display.webp')).toBe(true);
    // No metadata-bearing copy outlives the analysis.
    expect(storage.blobs.has('originals/photo-a')).toBe(false);
    expect(photos.originalsDeleted.has('photo-a')).toBe(true);
    expect(calls.n).toBe(1);
  });

  it('gives the text reader a HEIC photo at full resolution, decoded into a JPEG the reader can open', async () => {
    const row = job('h');
    storage.blobs.set(
      'originals/photo-h',
      readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/heic-iphone7.heic')),
    );
    analyses.jobs.set('h', { ...row, photo: { ...row.photo, format: 'heic', originalName: 'IMG_0001.HEIC' } });
    let seen: Metadata | undefined;
    const reader: Locator = {
      name: 'text',
      enabled: () => true,
      async locate(input) {
        const full = await input.fullImage!();
        seen = full ? await sharp(full).metadata() : undefined;
        return [];
      },
    };
    await pipeline([reader]).run('h', 'runner-a', 1);
    // The iPhone 7's 12 MP, not the 64 px display image of this test's decoder.
    expect(seen).toMatchObject({ format: 'jpeg', width: 4032, height: 3024 });
    expect(analyses.jobs.get('h')!.status).toBe('done');
  }, 30_000);

  it('gives the text reader nothing at full resolution when a HEIC cannot be decoded, and says so', async () => {
    const row = job('hb');
    // An iPhone HEIC cut short: its image data ends early.
    const heic = readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/heic-iphone7.heic'));
    storage.blobs.set('originals/photo-hb', heic.subarray(0, 20_000));
    analyses.jobs.set('hb', { ...row, photo: { ...row.photo, format: 'heic' } });
    let full: Buffer | null | undefined;
    const reader: Locator = {
      name: 'text',
      enabled: () => true,
      async locate(input) {
        full = await input.fullImage!();
        return [];
      },
    };
    await pipeline([reader]).run('hb', 'runner-a', 1);
    expect(full).toBeNull();
    expect(logs).toContain('full-resolution HEIC not made');
  }, 30_000);

  it('places first and makes the stored images in a later run when asked to (a trip, R-TRIP-10)', async () => {
    job('t');
    const placed: string[] = [];
    const run = pipeline([fixedLocator('text', [sign], { n: 0 })], {
      placeFirst: (j) => j.id === 't',
      afterPlaced: async (j) => void placed.push(`${j.id}:${j.status}`),
    });
    await run.run('t', 'runner-a', 1);
    expect(events.types('t')).toEqual(['started', 'metadata_read', 'locator_started', 'locator_finished', 'fused']);
    const waiting = analyses.jobs.get('t')!;
    expect(waiting.status).toBe('queued');
    expect(waiting.analysisResult).toMatchObject({ outcome: 'found' });
    expect(waiting.timings).toHaveProperty('locatedMs');
    expect(photos.derivatives.has('photo-t')).toBe(false);
    expect(storage.blobs.has('originals/photo-t')).toBe(true);
    expect(placed).toEqual(['t:queued']);

    // Claimed again: it resumes after fuse, makes the images, finishes, and is placed "again" (done now).
    analyses.holder.set('t', 'runner-a');
    await run.run('t', 'runner-a', 1);
    expect(events.types('t').slice(5)).toEqual(['started', 'derivatives_made', 'done']);
    expect(analyses.jobs.get('t')!.status).toBe('done');
    expect(photos.derivatives.has('photo-t')).toBe(true);
    expect(storage.blobs.has('originals/photo-t')).toBe(false);
    expect(placed).toEqual(['t:queued', 't:done']);
  });

  it('resumes where a crashed run stopped: saved steps are not run again', async () => {
    job('b', {
      stage: 'runLocators',
      metadata: { takenAt: null, make: null, model: null, orientation: null, gps: null, readError: null },
      evidence: [sign],
    } as Partial<AnalysisJob>);
    const calls = { n: 0 };
    await pipeline([fixedLocator('text', [sign], calls)]).run('b', 'runner-a', 2);

    expect(calls.n).toBe(0);
    expect(events.types('b')).toEqual(['started', 'fused', 'derivatives_made', 'done']);
    expect(events.recorded[0]!.data).toMatchObject({ attempt: 2, resumedAfter: 'runLocators' });
    expect(analyses.jobs.get('b')!.status).toBe('done');
  });

  it('stops without a word more once another runner holds the job', async () => {
    job('c');
    analyses.holder.set('c', 'runner-b');
    await pipeline([fixedLocator('text', [sign], { n: 0 })]).run('c', 'runner-a', 1);

    expect(events.types('c')).toEqual(['started']);
    expect(analyses.finished).toEqual([]);
    expect(analyses.requeued).toEqual([]);
    expect(logs).toContain('analysis taken over by another runner');
  });

  it('reports a failing locator as its evidence and still finishes with the others', async () => {
    job('d');
    const broken: Locator = {
      name: 'vision',
      enabled: () => true,
      async locate() {
        throw new Error('model unreachable');
      },
    };
    await pipeline([broken, fixedLocator('text', [sign], { n: 0 })]).run('d', 'runner-a', 1);

    const done = analyses.jobs.get('d')!;
    expect(done.status).toBe('done');
    expect(done.evidence).toEqual([
      expect.objectContaining({ locator: 'vision', kind: 'absent', summary: expect.stringMatching(/could not run/) }),
      sign,
    ]);
    expect(done.analysisResult).toMatchObject({ outcome: 'found' });
  });

  it('retries a passing failure with a growing delay, and the last attempt ends in the error outcome', async () => {
    job('e');
    storage.failGets = 10;
    const p = pipeline([fixedLocator('text', [sign], { n: 0 })]);
    await p.run('e', 'runner-a', 1);
    expect(analyses.requeued).toEqual([{ id: 'e', delayMs: 2000 }]);
    expect(events.types('e')).toEqual(['started', 'retrying']);

    analyses.holder.set('e', 'runner-a');
    await p.run('e', 'runner-a', 3);
    const failed = analyses.jobs.get('e')!;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'analysis_error' });
    expect(failed.analysisResult).toMatchObject({ outcome: 'error' });
    expect(events.types('e').at(-1)).toBe('failed');
  });

  it('fails an unreadable photo at once, without retrying, and drops its original', async () => {
    job('f');
    storage.blobs.set('originals/photo-f', Buffer.from('not an image at all'));
    await pipeline([fixedLocator('text', [], { n: 0 })]).run('f', 'runner-a', 1);

    expect(analyses.requeued).toEqual([]);
    const failed = analyses.jobs.get('f')!;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'unreadable_image', canRetry: false });
    expect(storage.blobs.has('originals/photo-f')).toBe(false);
  });
});
