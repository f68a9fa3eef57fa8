import { fork, type ChildProcess } from 'node:child_process';
import type { SceneText, SceneTextReader } from './ocr';
import type { ReaderOptions } from './ppocr/reader';
import { ocrChildEntry, type ChildEntry } from './ppocr/child-entry';

export type PpOcrOptions = {
  /** Child processes, each with its own reader; photos are shared out among them. */
  workers: number;
  /** ONNX Runtime threads per process. */
  threadsPerWorker: number;
  /** The processes are stopped after this long without a read and started again by the next one; absent: kept. */
  idleMs?: number;
  /** The detector's input size (longer side, pixels); the reader's default otherwise. */
  detectSide?: number;
  /** The detector's thresholds (benchmarks tune them; the reader's defaults otherwise). */
  detect?: ReaderOptions['detect'];
  /**
   * The detector's tile side, ONNX Runtime's memory pattern and arena, the recogniser's columns a run (benchmarks
   * weigh memory against speed).
   */
  detectTile?: number;
  memPattern?: boolean;
  arena?: boolean;
  recColumns?: number;
  /** What lines may say, and how far a grammar reading may fall behind the free one (ReaderOptions). */
  grammar?: ReaderOptions['grammar'];
  maxGap?: number;
  /** Small plates the detector looks at again at full resolution (ReaderOptions). */
  plates?: ReaderOptions['plates'];
  /** Small lines the detector looks around again at full resolution (ReaderOptions). */
  nearby?: ReaderOptions['nearby'];
  /** Long names a line cut short is read on towards (ReaderOptions). */
  names?: ReaderOptions['names'];
  /** How the child is started; the bundled child by default (benchmarks compare it with the sources under tsx). */
  entry?: ChildEntry;
};

/**
 * glibc malloc settings of the OCR process. Two arenas: the per-thread arenas would keep freed buffers. Buffers of
 * 4 MB and more mapped on their own (glibc otherwise raises that threshold as large blocks are freed, and then keeps
 * them in the heap): the decoded photo and its scaled copies go back to the system after each photo. The models'
 * activations are not malloc's: they stay in ONNX Runtime's arena (reader.ts `arena`), because mapping them afresh
 * for every tile made a photo two to three times slower here (docs/decisions/0009-memory.md). Values already in the
 * environment win.
 */
const OCR_MALLOC = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024) };
const pick = (env: NodeJS.ProcessEnv, keys: string[]) =>
  Object.fromEntries(keys.flatMap((k) => (env[k] === undefined ? [] : [[k, env[k]]])));

type Pending = { resolve(v: SceneText | null): void; reject(e: Error): void };
type Slot = { child: ChildProcess; pending: Map<number, Pending>; busy: number; exited: Promise<void> };

/** An idle pool must not keep the server alive; a read in flight does. Both the process and its IPC channel count. */
function hold(slot: Slot, on: boolean): void {
  const channel = slot.child.channel as { ref(): void; unref(): void } | undefined;
  if (on) {
    slot.child.ref();
    channel?.ref();
  } else {
    slot.child.unref();
    channel?.unref();
  }
}

function release(slot: Slot): void {
  if (--slot.busy <= 0) {
    slot.busy = 0;
    hold(slot, false);
  }
}

/**
 * Scene-text OCR with PP-OCR in child processes (adapters/ocr/ppocr/child.ts around ppocr/reader.ts). One pool per
 * server process, started on the first read; each read goes to the least busy child; stopped again after `idleMs`
 * without reads. A process rather than a worker thread because ONNX Runtime's native memory stays with the process
 * that allocated it (a worker thread's stop gave back little of it: the server kept ~600 MB after one photo without
 * GPS), and because a crash in native code then ends the child, not the server (docs/decisions/0010).
 */
export class PpOcr implements SceneTextReader {
  private slots: Slot[] | undefined;
  private nextId = 1;
  private reading = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: PpOcrOptions) {}

  private start(): Slot[] {
    if (this.slots) return this.slots;
    const { entry, execArgv } = this.opts.entry ?? ocrChildEntry();
    const options = {
      threads: this.opts.threadsPerWorker,
      ...(this.opts.detectSide ? { detectSide: this.opts.detectSide } : {}),
      ...(this.opts.detect ? { detect: this.opts.detect } : {}),
      ...(this.opts.detectTile ? { detectTile: this.opts.detectTile } : {}),
      ...(this.opts.memPattern !== undefined ? { memPattern: this.opts.memPattern } : {}),
      ...(this.opts.arena !== undefined ? { arena: this.opts.arena } : {}),
      ...(this.opts.recColumns !== undefined ? { recColumns: this.opts.recColumns } : {}),
      ...(this.opts.grammar ? { grammar: this.opts.grammar } : {}),
      ...(this.opts.maxGap !== undefined ? { maxGap: this.opts.maxGap } : {}),
      ...(this.opts.plates ? { plates: this.opts.plates } : {}),
      ...(this.opts.nearby ? { nearby: this.opts.nearby } : {}),
      ...(this.opts.names ? { names: this.opts.names } : {}),
    } satisfies ReaderOptions;
    const slots: Slot[] = Array.from({ length: Math.max(1, this.opts.workers) }, () => {
      const child = fork(entry, [], {
        execArgv,
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env: { ...process.env, ...OCR_MALLOC, ...pick(process.env, Object.keys(OCR_MALLOC)) },
      });
      let exited!: () => void;
      const slot: Slot = { child, pending: new Map(), busy: 0, exited: new Promise((r) => (exited = r)) };
      child.on('message', (m: { id: number; result?: SceneText | null; error?: string }) => {
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
        // A dead child is replaced by a new pool at the next read.
        if (this.slots === slots) this.slots = undefined;
      };
      child.on('error', fail);
      child.on('exit', (code, signal) => {
        fail(new Error(`The OCR process stopped (${signal ? `signal ${signal}` : `exit code ${code}`}).`));
        exited();
      });
      child.send({ options });
      hold(slot, false);
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
        // The child finishes the photo anyway (inference cannot be interrupted); its answer is ignored.
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
      if (slot.busy++ === 0) hold(slot, true);
      slot.child.send({ id, ...message });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The running OCR processes' ids (benchmarks measure their memory; tests stop one to see the server survive). */
  processIds(): number[] {
    return (this.slots ?? []).flatMap((s) => (s.child.pid === undefined ? [] : [s.child.pid]));
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
    if (slots)
      await Promise.all(
        slots.map((s) => {
          if (s.child.exitCode === null && s.child.signalCode === null) {
            // Held until it has gone: an unreferenced child's exit would not keep a closing process waiting for it.
            s.child.ref();
            s.child.kill();
          }
          return s.exited;
        }),
      );
  }
}
