import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { ImageDecodeError, ImageDecoder } from '../../adapters/image/decoder';
import { sniffFormat } from '../../adapters/image/magic';
import { storedDescriptors } from '../../engine/gallery/gallery';
import { isInMiamiDade } from '../../engine/geo/county';
import { readGps } from '../../engine/metadata/gps';
import type { ReferenceRepository } from './reference.repository';

/** Why a file was not imported. */
export const SKIP_REASONS = ['duplicate', 'no-gps', 'outside-county', 'unreadable'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** The photos a folder import takes, by name; anything else in the folder is not counted. */
const PHOTO_NAME = /\.(jpe?g|heic|heif)$/i;

/** The analyses' display size (modules/analyses/analysis-engine.ts): descriptors of the same pixels as the gallery's. */
const DISPLAY_PX = 1600;
/** The founder page's thumbnail, at most this many pixels a side. */
const THUMBNAIL_PX = 160;

export type ImportProgress = {
  /** Files looked at so far, of `total`. */
  done: number;
  total: number;
  imported: number;
  skipped: number;
  file: string;
  /** What happened to `file`. */
  outcome: 'imported' | 'already-imported' | SkipReason;
};

export type ImportSummary = {
  importId: string;
  folderName: string;
  /** Whether this run resumed an interrupted import of the same folder. */
  resumed: boolean;
  /** Stopped before the end (the signal): the import stays open and the next run on the folder resumes it. */
  interrupted: boolean;
  total: number;
  imported: number;
  /** Files this import had already stored before an interruption. */
  alreadyImported: number;
  skipped: Record<SkipReason, number>;
  seconds: number;
  photosPerSecond: number;
};

export type ImportOptions = {
  repository: ReferenceRepository;
  maxPixels: number;
  onProgress?(p: ImportProgress): void;
  /** Aborting stops the run between two files (Ctrl-C in the CLI). */
  signal?: AbortSignal;
};

/** Every JPEG and HEIC under `dir`, in a stable order (so an interrupted run resumes the same sequence). */
export async function photosUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && PHOTO_NAME.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Imports a folder of geotagged photos as reference imagery (R-GALLERY-6): for each photo inside Miami-Dade, its
 * gallery descriptors, a small thumbnail and its GPS position; never the original. A file already stored (same
 * SHA-256, in any import) is skipped, which also makes a re-run after an interruption skip what was done.
 */
export async function importReferenceFolder(dir: string, opts: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const folderPath = resolve(dir);
  const files = await photosUnder(folderPath);
  const { repository } = opts;
  const open = await repository.unfinished(folderPath);
  const run = open ?? (await repository.createImport(basename(folderPath), folderPath));
  const decoder = new ImageDecoder({ maxPixels: opts.maxPixels, thumbnailPx: THUMBNAIL_PX, displayPx: DISPLAY_PX });
  const skipped: Record<SkipReason, number> = { duplicate: 0, 'no-gps': 0, 'outside-county': 0, unreadable: 0 };
  let imported = 0;
  let alreadyImported = 0;
  /** Files stored by this run: a second copy of one is a duplicate, not work done before an interruption. */
  const storedNow = new Set<string>();
  let done = 0;
  for (const file of files) {
    if (opts.signal?.aborted) break;
    const outcome = await importOne(file);
    if (outcome === 'imported') imported++;
    else if (outcome === 'already-imported') alreadyImported++;
    else skipped[outcome]++;
    done++;
    opts.onProgress?.({
      done,
      total: files.length,
      imported: imported + alreadyImported,
      skipped: done - imported - alreadyImported,
      file: relative(folderPath, file),
      outcome,
    });
  }
  const interrupted = done < files.length;
  if (!interrupted) {
    // An import that holds nothing (every file skipped) is not worth listing.
    if (imported + alreadyImported === 0) await repository.remove(run.id);
    else await repository.finishImport(run.id);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    importId: run.id,
    folderName: run.folderName,
    resumed: open !== null,
    interrupted,
    total: files.length,
    imported,
    alreadyImported,
    skipped,
    seconds: Math.round(seconds * 100) / 100,
    photosPerSecond: Math.round((imported / Math.max(seconds, 1e-3)) * 100) / 100,
  };

  async function importOne(file: string): Promise<ImportProgress['outcome']> {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      return 'unreadable';
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const owner = await repository.importOf(sha256);
    if (owner) return owner === run.id && !storedNow.has(sha256) ? 'already-imported' : 'duplicate';
    const format = sniffFormat(bytes.subarray(0, 64));
    if (format !== 'jpeg' && format !== 'heic') return 'unreadable';
    const gps = await readGps(bytes);
    if (gps.status === 'unreadable') return 'unreadable';
    // A position rounded to whole degrees is some 100 km off: no use as a reference place.
    if (gps.status !== 'ok' || gps.precision !== 'full') return 'no-gps';
    if (!isInMiamiDade(gps.position)) return 'outside-county';
    let derived;
    try {
      derived = await decoder.makeDerivatives(bytes, format);
    } catch (error) {
      if (error instanceof ImageDecodeError) return 'unreadable';
      throw error;
    }
    const stored = await repository.insertPhoto({
      importId: run.id,
      sha256,
      fileName: relative(folderPath, file),
      lat: gps.position.lat,
      lng: gps.position.lng,
      thumbnail: derived.thumbnail,
      ...(await storedDescriptors(derived.display)),
    });
    if (!stored) return 'duplicate';
    storedNow.add(sha256);
    return 'imported';
  }
}
