import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createScheduler, createWorker, PSM, type Scheduler } from 'tesseract.js';
import type { OcrEngine, OcrLine, OcrWord } from './ocr';

export type OcrLanguages = 'eng' | 'spa' | 'eng+spa';

/** Version of the trained data in the @tesseract.js-data packages; "best_int" is the accurate integer model. */
const DATA_DIR_IN_PACKAGE = join('4.0.0_best_int');

/**
 * tesseract.js wants every language of a worker in one folder, while npm ships each language in its own package.
 * The folder is made of symlinks (copies where links are not allowed) to the packages' files, so nothing is ever
 * fetched: without a local `langPath`, tesseract.js would try a CDN and crash the process.
 *
 * The folder lives in the shared temp directory and outlives the checkout that made it, so it is named after the
 * packages it points into (two checkouts never share one), and a link left dangling by a deleted or reinstalled
 * `node_modules` is made again rather than trusted.
 */
export function languageFolder(languages: OcrLanguages, baseDir: string = tmpdir()): string {
  const require = createRequire(import.meta.url);
  const sources = languages
    .split('+')
    .map((code) => ({
      code,
      file: join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), DATA_DIR_IN_PACKAGE, `${code}.traineddata.gz`),
    }));
  const key = createHash('sha256')
    .update(sources.map((s) => s.file).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const folder = join(baseDir, `vt-tessdata-${process.getuid?.() ?? 'u'}-${key}`);
  mkdirSync(folder, { recursive: true });
  for (const { code, file } of sources) linkInto(file, join(folder, `${code}.traineddata.gz`));
  return folder;
}

/** Makes `target` a working link to (or copy of) `source`; safe when several processes do it at once. */
function linkInto(source: string, target: string): void {
  // existsSync follows the link: false for a missing target and for a dangling link alike.
  if (existsSync(target)) return;
  rmSync(target, { force: true });
  try {
    symlinkSync(source, target);
    return;
  } catch (error) {
    // Another process made it in the meantime.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' && existsSync(target)) return;
  }
  // No symlinks here (some file systems): copy under a private name, then rename, so no reader sees half a file.
  const partial = `${target}.${process.pid}.partial`;
  copyFileSync(source, partial);
  renameSync(partial, target);
}

type TesseractWord = { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } };
type TesseractPage = {
  text: string;
  confidence: number;
  blocks: Array<{ paragraphs: Array<{ lines: Array<{ words: TesseractWord[] }> }> }> | null;
};

export type TesseractOcrOptions = {
  workers: number;
  languages: OcrLanguages;
  /**
   * The workers are stopped after this long without a read and started again by the next one; absent: kept for
   * the life of the process. Two workers with English and Spanish hold about 100 MB; starting them takes about a second.
   */
  idleMs?: number;
};

/**
 * A pool of tesseract.js workers (WASM, in worker threads), started on the first read and shared by every analysis
 * of the process; stopped again after `idleMs` without reads. Reads are single text lines (page segmentation
 * mode 7), the fastest and most reliable mode once the text finder has cut the lines out.
 */
export class TesseractOcr implements OcrEngine {
  private scheduler: Promise<Scheduler> | undefined;
  private reading = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: TesseractOcrOptions) {}

  /** Whether the workers are running (or starting). */
  get running(): boolean {
    return this.scheduler !== undefined;
  }

  private start(): Promise<Scheduler> {
    this.scheduler ??= (async () => {
      const langPath = languageFolder(this.opts.languages);
      const scheduler = createScheduler();
      const workers = await Promise.all(
        Array.from({ length: this.opts.workers }, async () => {
          const worker = await createWorker(this.opts.languages, 1, {
            langPath,
            gzip: true,
            // No cache: the default writes the unpacked model into the working directory.
            cacheMethod: 'none',
            logger: () => {},
            errorHandler: () => {},
          });
          await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, user_defined_dpi: '300' });
          return worker;
        }),
      );
      for (const w of workers) scheduler.addWorker(w);
      return scheduler;
    })().catch((error) => {
      // A failed start is not cached: the next read tries again.
      this.scheduler = undefined;
      throw error;
    });
    return this.scheduler;
  }

  async warm(): Promise<void> {
    await this.start();
    this.armIdleTimer();
  }

  async readLines(images: readonly Buffer[], signal?: AbortSignal): Promise<OcrLine[]> {
    if (!images.length) return [];
    this.reading++;
    clearTimeout(this.idleTimer);
    try {
      return await this.read(images, signal);
    } finally {
      this.reading--;
      this.armIdleTimer();
    }
  }

  /** After the last read in flight: stop the workers if no read comes within `idleMs`. */
  private armIdleTimer(): void {
    if (this.opts.idleMs === undefined || this.reading > 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.reading === 0) void this.close().catch(() => {});
    }, this.opts.idleMs);
    // An idle pool must not keep the process alive.
    this.idleTimer.unref();
  }

  private async read(images: readonly Buffer[], signal?: AbortSignal): Promise<OcrLine[]> {
    const scheduler = await this.start();
    return Promise.all(
      images.map(async (image) => {
        signal?.throwIfAborted();
        const { data } = (await scheduler.addJob('recognize', image, {}, { text: true, blocks: true })) as unknown as {
          data: TesseractPage;
        };
        const words: OcrWord[] = (data.blocks ?? [])
          .flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)))
          .filter((w) => w.text.trim())
          .map((w) => ({
            text: w.text,
            confidence: w.confidence,
            box: { x: w.bbox.x0, y: w.bbox.y0, w: w.bbox.x1 - w.bbox.x0, h: w.bbox.y1 - w.bbox.y0 },
          }));
        return { text: data.text.trim(), confidence: data.confidence, words };
      }),
    );
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const scheduler = this.scheduler;
    this.scheduler = undefined;
    if (scheduler) await (await scheduler.catch(() => undefined))?.terminate();
  }
}
