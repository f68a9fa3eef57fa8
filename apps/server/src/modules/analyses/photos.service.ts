import { createHash, randomUUID } from 'node:crypto';
import { isUuid } from '../../lib/ids';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PhotoFormat, PhotoUploadResponse, User } from '@vt/shared';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { compensate } from '../../lib/retry';
import type { BlobStorage } from '../../adapters/storage/storage';
import { ImageDecodeError, type ImageDecoder } from '../../adapters/image/decoder';
import { FORMAT_MIME, SNIFF_BYTES, sniffFormat } from '../../adapters/image/magic';
import { analysisEventsUrl, analysisUrl, photoImageUrl } from '../../engine/pipeline/urls';
import type { AnalysisEventRecorder } from './analysis-events';
import type { PhotosRepository } from './photos.repository';
import type { QuotaService } from './quota.service';

/** A received file that passed every check, waiting in the temp folder to be stored. */
export type StagedPhoto = {
  tempPath: string;
  fileName: string;
  format: PhotoFormat;
  byteSize: number;
  width: number;
  height: number;
  /** SHA-256 of the bytes as received (hex). */
  sha256: string;
};

export type PhotosServiceDeps = {
  repo: PhotosRepository;
  storage: BlobStorage;
  decoder: ImageDecoder;
  quota: QuotaService;
  events: AnalysisEventRecorder;
  /** Wakes the job runner so a new analysis starts without waiting for its next poll. */
  onQueued(): void;
  tempDir: string;
  maxBytes: number;
  engineVersion: string;
};

/** The photo formats the intake accepts (by magic bytes), in words. */
export const ACCEPTED = 'JPEG, PNG, WebP, HEIC/HEIF, AVIF or TIFF';
const mb = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

/** Photo intake: every check happens before anything is recorded, and nothing is recorded half-way. */
export class PhotosService {
  constructor(private readonly deps: PhotosServiceDeps) {}

  /**
   * Streams one file to a temp file with a byte cap, then checks it: type from magic bytes (415), size (413),
   * pixel count from the header before decoding (413), and that the pixels decode (400).
   */
  async stage(file: Readable & { truncated?: boolean }, rawName: string | undefined): Promise<StagedPhoto> {
    const fileName = cleanName(rawName);
    await mkdir(this.deps.tempDir, { recursive: true });
    const tempPath = join(this.deps.tempDir, `${randomUUID()}.upload`);
    const { maxBytes } = this.deps;
    let byteSize = 0;
    const hash = createHash('sha256');
    const tooLarge = () =>
      new AppError(413, 'photo_too_large', `"${fileName}" is larger than the ${mb(maxBytes)} limit for one photo.`);
    try {
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          byteSize += chunk.length;
          hash.update(chunk);
          // busboy stops at the limit too; this guard keeps the cap even if a parser lets more through.
          done(byteSize > maxBytes ? tooLarge() : null, chunk);
        },
      });
      await pipeline(file, counter, createWriteStream(tempPath));
      if (file.truncated) throw tooLarge();
      if (byteSize === 0) throw badRequest(`"${fileName}" is empty (0 bytes).`, 'empty_file');

      const format = sniffFormat(await readHead(tempPath));
      if (!format) {
        throw new AppError(
          415,
          'unsupported_type',
          `"${fileName}" is not a supported photo. Upload a ${ACCEPTED} image.`,
        );
      }
      const { width, height } = await this.deps.decoder.probe(tempPath);
      await this.deps.decoder.verify(tempPath, format);
      return { tempPath, fileName, format, byteSize, width, height, sha256: hash.digest('hex') };
    } catch (error) {
      await rm(tempPath, { force: true });
      if (error instanceof ImageDecodeError) {
        throw error.kind === 'too_many_pixels'
          ? new AppError(413, 'too_many_pixels', `"${fileName}" is too large to process. ${error.message}`)
          : badRequest(`"${fileName}": ${error.message}`, 'unreadable_image');
      }
      throw error;
    }
  }

  /**
   * Refuses at once (429) a user with nothing left this week, before the request's files are read and decoded:
   * the atomic reservation in `submit` still decides, this only spares the server work it would refuse anyway.
   */
  async ensureRoom(user: User): Promise<void> {
    await this.deps.quota.ensureRoom?.(user.id);
  }

  /**
   * Reserves quota, moves the files into storage and records photo + queued analysis per file in one
   * transaction. If any part fails, stored files are removed again and nothing stays in the database.
   */
  async submit(user: User, staged: StagedPhoto[]): Promise<PhotoUploadResponse> {
    if (staged.length === 0) throw badRequest('No photo was received. Attach at least one image file.', 'no_photo');
    await this.deps.quota.reserve(user.id, staged.length);
    return this.record(user, staged, null);
  }

  /**
   * A trip's batch (R-TRIP-2): each photo counts against the weekly limit as a single upload does, but a batch that
   * does not fit whole is not refused whole: the photos the week has room for are recorded in the trip (in the order
   * given), and the rest come back with the refusal, their temp files removed.
   */
  async submitToTrip(
    user: User,
    tripId: string,
    staged: StagedPhoto[],
  ): Promise<{ accepted: PhotoUploadResponse['analyses']; overLimit: StagedPhoto[]; refusal: Error | null }> {
    if (staged.length === 0) return { accepted: [], overLimit: [], refusal: null };
    const { quota } = this.deps;
    const reservation = quota.reserveUpTo
      ? await quota.reserveUpTo(user.id, staged.length)
      : await quota.reserve(user.id, staged.length).then(() => ({ granted: staged.length, refusal: null }));
    const taken = staged.slice(0, reservation.granted);
    const overLimit = staged.slice(reservation.granted);
    await this.discard(overLimit);
    const accepted = taken.length ? (await this.record(user, taken, tripId)).analyses : [];
    return { accepted, overLimit, refusal: reservation.refusal };
  }

  /** Stores files already counted against the quota and records them; gives the quota back if that fails. */
  private async record(user: User, staged: StagedPhoto[], tripId: string | null): Promise<PhotoUploadResponse> {
    const items = staged.map((s) => {
      const photoId = randomUUID();
      return {
        staged: s,
        analysisId: randomUUID(),
        imageUrl: photoImageUrl(photoId, 'display'),
        photo: {
          id: photoId,
          originalName: s.fileName,
          format: s.format,
          mimeType: FORMAT_MIME[s.format],
          byteSize: s.byteSize,
          width: s.width,
          height: s.height,
          sha256: s.sha256,
          originalKey: `originals/${photoId}`,
        },
      };
    });
    const stored: string[] = [];
    let created;
    try {
      for (const item of items) {
        await this.deps.storage.putFile(item.photo.originalKey, item.staged.tempPath);
        stored.push(item.photo.originalKey);
      }
      created = await this.deps.repo.createWithAnalyses(user.id, items, this.deps.engineVersion, tripId);
    } catch (error) {
      await Promise.allSettled(stored.map((key) => this.deps.storage.delete(key)));
      const { release } = this.deps.quota;
      if (release) await compensate(() => release.call(this.deps.quota, user.id, staged.length));
      throw error;
    }
    this.deps.events.publishStored(created.map((c) => c.event));
    this.deps.onQueued();
    return {
      analyses: created.map((c, i) => ({
        analysisId: c.analysisId,
        photoId: c.photoId,
        fileName: items[i]!.photo.originalName,
        status: 'queued' as const,
        statusUrl: analysisUrl(c.analysisId),
        eventsUrl: analysisEventsUrl(c.analysisId),
      })),
    };
  }

  /** Removes temp files left by a request that failed part-way. */
  async discard(staged: StagedPhoto[]): Promise<void> {
    await Promise.allSettled(staged.map((s) => rm(s.tempPath, { force: true })));
  }

  /** A stripped derivative, to its owner or a founder only; anyone else gets the same 404 as a missing photo. */
  async derivative(user: User, photoId: string, kind: 'thumbnail' | 'display'): Promise<Buffer> {
    const photo = isUuid(photoId) ? await this.deps.repo.get(photoId) : undefined;
    if (!photo || (photo.userId !== user.id && user.role !== 'founder')) throw notFound('Photo not found.');
    const key = kind === 'thumbnail' ? photo.thumbnailKey : photo.displayKey;
    if (!key) throw new AppError(409, 'not_ready', 'This photo is still being processed. Try again in a moment.');
    return this.deps.storage.get(key);
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The name as shown to its owner: no path, no control characters, bounded length. */
export function cleanName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return clean || 'photo';
}
