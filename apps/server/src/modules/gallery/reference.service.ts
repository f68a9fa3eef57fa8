import type {
  ReferenceBatchLimits,
  ReferenceBatchRequest,
  ReferenceBatchResponse,
  ReferenceImport,
  ReferenceImportFinishResponse,
  ReferenceImportStartResponse,
  ReferenceImportsResponse,
  ReferencePhotosPage,
} from '@vt/shared';
import { AppError, notFound } from '../../lib/errors';
import { browserFolderKey, importVia, photoImporter } from './reference-import';
import type { ReferenceImportSummary, ReferenceRepository } from './reference.repository';

/**
 * Bytes of photos in one batch from the page at most, before base64 (R-GALLERY-6): a batch is read whole into memory,
 * so batches are kept to a few photos; a single photo up to the upload limit still goes alone.
 */
export const REFERENCE_BATCH_BYTES = 16 * 1_048_576;

export type ReferenceServiceDeps = {
  repository: ReferenceRepository;
  /** config.uploads: the same limits as any photo sent to the server. */
  maxPixels: number;
  maxFileBytes: number;
  maxFiles: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const noSuchImport = () => notFound('No such reference import.');

/** An import as the founder's page shows it: never the server path the command line walked (R-GALLERY-5). */
export function listedImport(i: ReferenceImportSummary): ReferenceImport {
  return {
    id: i.id,
    folderName: i.folderName,
    createdAt: i.createdAt.toISOString(),
    finishedAt: i.finishedAt?.toISOString() ?? null,
    photos: i.photos,
    via: importVia(i.folderPath),
  };
}

/**
 * The founder's reference imagery (R-GALLERY-2 … R-GALLERY-5): list, import from the page in batches through the
 * same per-photo step as `npm run gallery:import`, look at an import's thumbnails, remove one.
 */
export class ReferenceService {
  constructor(private readonly deps: ReferenceServiceDeps) {}

  /** What one batch may hold; the page packs its batches to fit, the route's body limit enforces it. */
  limits(): ReferenceBatchLimits {
    return {
      maxFiles: this.deps.maxFiles,
      maxBytes: Math.max(REFERENCE_BATCH_BYTES, this.deps.maxFileBytes),
      maxFileBytes: this.deps.maxFileBytes,
    };
  }

  async list(): Promise<ReferenceImportsResponse> {
    const imports = await this.deps.repository.list();
    return { imports: imports.map(listedImport), photos: imports.reduce((n, i) => n + i.photos, 0) };
  }

  /**
   * Opens an import for the page's batches: the interrupted one of the same name when there is one (choosing the same
   * folder again resumes it, R-GALLERY-4), else a new one.
   */
  async start(folderName: string): Promise<ReferenceImportStartResponse> {
    const { repository } = this.deps;
    const key = browserFolderKey(folderName);
    const open = await repository.unfinished(key);
    const run = open ?? (await repository.createImport(folderName, key));
    const photos = open ? await repository.photoCount(open.id) : 0;
    return { import: listedImport({ ...run, photos }), resumed: open !== null, limits: this.limits() };
  }

  /** Imports a batch into an open import, photo by photo, and says what became of each. */
  async addPhotos(importId: string, batch: ReferenceBatchRequest): Promise<ReferenceBatchResponse> {
    const run = await this.openImport(importId);
    if (batch.photos.length > this.deps.maxFiles)
      throw new AppError(
        413,
        'too_many_files',
        `Too many photos in one batch: send at most ${this.deps.maxFiles} at a time.`,
      );
    const importer = photoImporter({
      repository: this.deps.repository,
      importId: run.id,
      maxPixels: this.deps.maxPixels,
      maxBytes: this.deps.maxFileBytes,
      // A second copy within the batch is a duplicate; one stored by an earlier batch or run counts as done before.
      storedNow: new Set<string>(),
    });
    const results: ReferenceBatchResponse['results'] = [];
    for (const photo of batch.photos) {
      const bytes = Buffer.from(photo.data, 'base64');
      results.push({ name: photo.name, outcome: await importer.importPhoto({ name: photo.name, bytes }) });
    }
    return { results, photos: await this.deps.repository.photoCount(run.id) };
  }

  /** Closes an import once its last batch is in; one that holds nothing is dropped, as the command line does. */
  async finish(importId: string): Promise<ReferenceImportFinishResponse> {
    const run = await this.openImport(importId);
    const { repository } = this.deps;
    if ((await repository.photoCount(run.id)) === 0) {
      await repository.remove(run.id);
      return { import: null };
    }
    await repository.finishImport(run.id);
    const done = await repository.find(run.id);
    return { import: done ? listedImport(done) : null };
  }

  async photos(importId: string, offset: number, limit: number): Promise<ReferencePhotosPage> {
    const found = UUID.test(importId) ? await this.deps.repository.find(importId) : null;
    if (!found) throw noSuchImport();
    const rows = await this.deps.repository.photosPage(importId, offset, limit);
    return {
      photos: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      total: found.photos,
      offset,
      limit,
    };
  }

  async thumbnail(photoId: string): Promise<Buffer> {
    const bytes = UUID.test(photoId) ? await this.deps.repository.thumbnail(photoId) : null;
    if (!bytes) throw notFound('No such reference photo.');
    return bytes;
  }

  /** Removes an import and its photos; every process's gallery rebuilds its reference index before its next match. */
  async remove(importId: string): Promise<{ deleted: number }> {
    const deleted = UUID.test(importId) ? await this.deps.repository.remove(importId) : null;
    if (deleted === null) throw noSuchImport();
    return { deleted };
  }

  /** An import the page may still add to: it exists (it may have been removed meanwhile) and is not finished. */
  private async openImport(importId: string) {
    const run = UUID.test(importId) ? await this.deps.repository.find(importId) : null;
    if (!run) throw noSuchImport();
    if (run.finishedAt)
      throw new AppError(409, 'import_finished', 'This import is finished: start a new import to add photos.');
    return run;
  }
}
