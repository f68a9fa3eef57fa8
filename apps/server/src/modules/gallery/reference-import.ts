import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { ImageDecodeError, ImageDecoder } from '../../adapters/image/decoder';
import { SNIFF_BYTES, sniffFormat } from '../../adapters/image/magic';
import { storedDescriptors } from '../../engine/gallery/gallery';
import { isInMiamiDade } from '../../engine/geo/county';
import { readGps } from '../../engine/metadata/gps';
import { REFERENCE_SKIP_REASONS, type ReferenceSkipReason } from '@vt/shared';
import type { ReferenceRepository } from './reference.repository';

/** Why a file was not imported (the list and its words live in the shared package: the page says the same). */
export const SKIP_REASONS = REFERENCE_SKIP_REASONS;
export type SkipReason = ReferenceSkipReason;

/** The photos a folder import takes, by name; anything else in the folder is not counted. */
const PHOTO_NAME = /\.(jpe?g|heic|heif)$/i;

/** The analyses' display size (modules/analyses/analysis-engine.ts): descriptors of the same pixels as the gallery's. */
const DISPLAY_PX = 1600;
/** The founder page's thumbnail, at most this many pixels a side. */
const THUMBNAIL_PX = 160;

/** Where the import came from: the folder the command line walked, or a name the founder's page gave (R-GALLERY-4). */
const BROWSER_PREFIX = 'browser:';
export const browserFolderKey = (folderName: string) => `${BROWSER_PREFIX}${folderName}`;
export const importVia = (folderPath: string): 'command-line' | 'browser' =>
  folderPath.startsWith(BROWSER_PREFIX) ? 'browser' : 'command-line';

export type PhotoImporter = {
  /**
   * Imports one file of the import (R-GALLERY-3): its gallery descriptors, a small thumbnail and its GPS position,
   * never the original; or why not.
   */
  importPhoto(file: { name: string; bytes: Buffer }): Promise<ImportProgress['outcome']>;
};

/**
 * The one import step both ways in share (the command line and the founder's page): checks, in order, that the file
 * is new (SHA-256 against every import), is a JPEG or HEIC within the upload limit, carries a full GPS position
 * inside the county, and decodes; then stores descriptors, thumbnail and place. `storedNow` tells a second copy
 * within one run (a duplicate) from a file an earlier run of the same import already stored (the page keeps one per
 * batch: a file an earlier batch stored counts as stored before).
 */
export function photoImporter(opts: {
  repository: ReferenceRepository;
  importId: string;
  maxPixels: number;
  /** Larger files are skipped before their GPS or pixels are read (the page's uploads; the CLI takes any size). */
  maxBytes?: number;
  storedNow: Set<string>;
}): PhotoImporter {
  const { repository, importId, storedNow } = opts;
  const decoder = new ImageDecoder({ maxPixels: opts.maxPixels, thumbnailPx: THUMBNAIL_PX, displayPx: DISPLAY_PX });
  return {
    async importPhoto({ name, bytes }) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const owner = await repository.importOf(sha256);
      if (owner) return owner === importId && !storedNow.has(sha256) ? 'already-imported' : 'duplicate';
      const format = sniffFormat(bytes.subarray(0, SNIFF_BYTES));
      // Judged by the bytes, never the name: a renamed PNG or a text file is not a camera photo.
      if (format !== 'jpeg' && format !== 'heic') return 'not-a-photo';
      if (opts.maxBytes !== undefined && bytes.length > opts.maxBytes) return 'too-large';
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
        importId,
        sha256,
        fileName: name,
        lat: gps.position.lat,
        lng: gps.position.lng,
        thumbnail: derived.thumbnail,
        ...(await storedDescriptors(derived.display)),
      });
      if (!stored) return 'duplicate';
      storedNow.add(sha256);
      return 'imported';
    },
  };
}

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
 * Imports a folder of geotagged photos as reference imagery (R-GALLERY-2, R-GALLERY-3): each file through
 * photoImporter. A file already stored (same SHA-256, in any import) is skipped, which also makes a re-run after an
 * interruption skip what was done (R-GALLERY-4).
 */
export async function importReferenceFolder(dir: string, opts: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const folderPath = resolve(dir);
  const files = await photosUnder(folderPath);
  const { repository } = opts;
  const open = await repository.unfinished(folderPath);
  const run = open ?? (await repository.createImport(basename(folderPath), folderPath));
  const skipped = Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>;
  let imported = 0;
  let alreadyImported = 0;
  // The run remembers what it stored: a second copy of one is a duplicate, not work done before an interruption.
  const importer = photoImporter({
    repository,
    importId: run.id,
    maxPixels: opts.maxPixels,
    storedNow: new Set<string>(),
  });
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
    return importer.importPhoto({ name: relative(folderPath, file), bytes });
  }
}
