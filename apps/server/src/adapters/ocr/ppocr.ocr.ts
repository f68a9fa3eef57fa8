import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SceneText, SceneTextReader } from './ocr';
import type { ReaderOptions } from './ppocr/reader';

export type PpOcrOptions = {
  /** Worker threads, each with its own reader; photos are shared out among them. */
  workers: number;
  /** ONNX Runtime threads per worker. */
  threadsPerWorker: number;
  /** The workers are stopped after this long without a read and started again by the next one; absent: kept. */
  idleMs?: number;
  /** The detector's input size (longer side, pixels); the reader's default otherwise. */
  detectSide?: number;
  /** The detector's thresholds (benchmarks tune them; the reader's defaults otherwise). */
  detect?: ReaderOptions['detect'];
};

type Pending = { resolve(v: SceneText | null): void; reject(e: Error): void };
type Slot = { worker: Worker; pending: Map<number, Pending>; busy: number };

function release(slot: Slot): void {
  if (--slot.busy <= 0) {
    slot.busy = 0;
    slot.worker.unref();
  }
}

/**
 * Scene-text OCR with PP-OCR in worker threads (adapters/ocr/ppocr/reader.ts). One pool per process, started on
 * the first read; each read goes to the least busy worker; stopped again after `idleMs` without reads, because the
 * two models hold about 100 MB per worker.
 */
export class PpOcr implements SceneTextReader {
  private slots: Slot[] | undefined;
  private nextId = 1;
  private reading = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: PpOcrOptions) {}

  private start(): Slot[] {
    if (this.slots) return this.slots;
    // The worker is TypeScript: a one-line bootstrap loads it through tsx's API (an `--import tsx` in a worker's
    // execArgv does not reach the worker's own entry on Node 20), by absolute URL, whatever the working directory.
    const tsxApi = pathToFileURL(
      join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
    ).href;
    const entry = new URL('./ppocr/worker.ts', import.meta.url).href;
    const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
    const slots: Slot[] = Array.from({ length: Math.max(1, this.opts.workers) }, () => {
      const worker = new Worker(bootstrap, {
        eval: true,
        workerData: {
          threads: this.opts.threadsPerWorker,
          ...(this.opts.detectSide ? { detectSide: this.opts.detectSide } : {}),
          ...(this.opts.detect ? { detect: this.opts.detect } : {}),
        } satisfies ReaderOptions,
      });
      const slot: Slot = { worker, pending: new Map(), busy: 0 };
      worker.on('message', (m: { id: number; result?: SceneText | null; error?: string }) => {
        const p = slot.pending.get(m.id);
        if (!p) return;
        slot.pending.delete(m.id);
        release(slot);
        if (m.error !== undefined) p.reject(new Error(`OCR failed: ${m.error}`));
        else p.resolve(m.result ?? null);
      });
      const fail = (error: Error) => {
        for (const p of slot.pending.values()) p.reject(error);
        slot.pending.clear();
        slot.busy = 1;
        release(slot);
        // A dead worker is replaced by a new pool at the next read.
        if (this.slots === slots) this.slots = undefined;
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`The OCR worker stopped (exit code ${code}).`)));
      // An idle pool must not keep the process alive; a read in flight does (see send).
      worker.unref();
      return slot;
    });
    this.slots = slots;
    return slots;
  }

  private send(message: { warm: true } | { image: Uint8Array }, signal?: AbortSignal): Promise<SceneText | null> {
    const slots = this.start();
    const slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        // The worker finishes the photo anyway (inference cannot be interrupted); its answer is ignored.
        if (slot.pending.delete(id)) {
          release(slot);
          reject(signal!.reason instanceof Error ? signal!.reason : new Error('OCR aborted'));
        }
      };
      // The listener goes with the answer: a long-lived signal (a batch's) must not collect one per photo.
      const settle =
        <T>(f: (v: T) => void) =>
        (v: T) => {
          signal?.removeEventListener('abort', onAbort);
          f(v);
        };
      slot.pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      if (slot.busy++ === 0) slot.worker.ref();
      slot.worker.postMessage({ id, ...message });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async warm(): Promise<void> {
    await Promise.all(this.start().map(() => this.send({ warm: true })));
    this.armIdleTimer();
  }

  async read(image: Buffer, signal?: AbortSignal): Promise<SceneText> {
    signal?.throwIfAborted();
    this.reading++;
    clearTimeout(this.idleTimer);
    try {
      return (await this.send({ image: new Uint8Array(image.buffer, image.byteOffset, image.byteLength) }, signal))!;
    } finally {
      this.reading--;
      this.armIdleTimer();
    }
  }

  private armIdleTimer(): void {
    if (this.opts.idleMs === undefined || this.reading > 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.reading === 0) void this.close();
    }, this.opts.idleMs);
    this.idleTimer.unref();
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const slots = this.slots;
    this.slots = undefined;
    if (slots) await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
