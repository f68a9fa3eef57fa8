import { existsSync, mkdirSync, symlinkSync, copyFileSync } from 'node:fs';
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
 */
function languageFolder(languages: OcrLanguages): string {
  const require = createRequire(import.meta.url);
  const folder = join(tmpdir(), `vt-tessdata-${process.getuid?.() ?? 'u'}`);
  mkdirSync(folder, { recursive: true });
  for (const code of languages.split('+')) {
    const source = join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), DATA_DIR_IN_PACKAGE, `${code}.traineddata.gz`);
    const target = join(folder, `${code}.traineddata.gz`);
    if (existsSync(target)) continue;
    try {
      symlinkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  }
  return folder;
}

type TesseractWord = { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } };
type TesseractPage = {
  text: string;
  confidence: number;
  blocks: Array<{ paragraphs: Array<{ lines: Array<{ words: TesseractWord[] }> }> }> | null;
};

/**
 * A pool of tesseract.js workers (WASM, in worker threads), started once and shared by every analysis of the
 * process. Reads are single text lines (page segmentation mode 7), the fastest and most reliable mode once the
 * text finder has cut the lines out.
 */
export class TesseractOcr implements OcrEngine {
  private scheduler: Promise<Scheduler> | undefined;

  constructor(private readonly opts: { workers: number; languages: OcrLanguages }) {}

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
  }

  async readLines(images: readonly Buffer[], signal?: AbortSignal): Promise<OcrLine[]> {
    if (!images.length) return [];
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
    const scheduler = this.scheduler;
    this.scheduler = undefined;
    if (scheduler) await (await scheduler.catch(() => undefined))?.terminate();
  }
}
