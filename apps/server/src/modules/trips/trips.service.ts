import {
  TRIP_STATE_LABEL,
  csvTable,
  type Evidence,
  type PlacedBy,
  type Trip,
  type TripNeighbour,
  type TripPhoto,
  type TripPhotoState,
  type TripRefusal,
  type TripSummary,
  type User,
} from '@vt/shared';
import { AppError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { BlobStorage } from '../../adapters/storage/storage';
import { photoImageUrl } from '../../engine/pipeline/urls';
import type { QuotaService } from '../analyses/quota.service';
import type { TripMemberRow, TripRow, TripsRepository } from './trips.repository';

export type TripsServiceDeps = {
  repo: TripsRepository;
  storage: BlobStorage;
  quota: QuotaService;
  /** UPLOAD_MAX_FILES: the most files one upload request may carry. */
  maxFilesPerRequest: number;
  /** Tells every process's trip streams that the trip itself changed (photos added, renamed, refusals, deleted). */
  onTripChanged(tripId: string, kind: 'changed' | 'deleted'): void;
  log(message: string, details: Record<string, unknown>): void;
  now?(): Date;
  sleep?(ms: number): Promise<void>;
};

/** How long a delete waits for the trip's running analyses to finish before saying so (R-TRIP-8). */
const DELETE_WAIT_MS = 10_000;
const DELETE_POLL_MS = 300;

/**
 * A photo's state from its analysis (the SQL counts of trips.repository.ts follow the same rules). A queued analysis
 * with a result is placed and waits for its stored images (R-TRIP-10).
 */
export function stateOf(m: Pick<TripMemberRow, 'status' | 'result'>): TripPhotoState {
  if (m.status === 'failed') return 'failed';
  if (m.status === 'queued' && !m.result) return 'queued';
  if (!m.result) return 'reading';
  if (m.result.outcome === 'found') return 'placed';
  if (m.result.outcome === 'outside_coverage') return 'outside';
  return 'not_located';
}

/** What placed it, from the fused result's source (which names every locator behind the chosen place). */
export function placedByOf(source: string | null | undefined): PlacedBy | null {
  if (!source) return null;
  if (source.includes('GPS Metadata')) return 'gps';
  if (source.includes('Photo Sequence')) return 'sequence';
  return 'other';
}

function neighboursOf(sequence: readonly Evidence[] | null): { neighbours: TripNeighbour[]; summary: string | null } {
  const placed = sequence?.find((e) => e.position);
  if (!placed) return { neighbours: [], summary: null };
  const details = (placed.details ?? {}) as Record<string, unknown>;
  const neighbours = (['before', 'after'] as const).flatMap((side) => {
    const n = details[side] as { analysisId?: string; fileName?: string; gapSeconds?: number } | null | undefined;
    return n?.analysisId && n.fileName
      ? [{ analysisId: n.analysisId, fileName: n.fileName, gapSeconds: Number(n.gapSeconds ?? 0) }]
      : [];
  });
  return { neighbours, summary: placed.summary };
}

/** One photo of a trip as its view shows it. */
export function toTripPhoto(m: TripMemberRow): TripPhoto {
  const state = stateOf(m);
  const gps = (m.metadata?.gps ?? null) as { takenAt?: { local?: string; offset?: string } } | null;
  const result = state === 'failed' || state === 'queued' || state === 'reading' ? null : m.result;
  const placedBy = result && result.outcome !== 'fallback' ? placedByOf(result.source) : null;
  const seq = neighboursOf(m.sequence);
  const camera = [m.metadata?.make, m.metadata?.model].filter(Boolean).join(' ') || null;
  return {
    analysisId: m.analysisId,
    photoId: m.photoId,
    fileName: m.fileName,
    state,
    takenAt: gps?.takenAt?.local ?? null,
    takenAtOffset: gps?.takenAt?.offset ?? null,
    camera,
    thumbnailUrl: m.hasThumbnail ? photoImageUrl(m.photoId, 'thumbnail') : null,
    place: result
      ? {
          lat: result.lat,
          lng: result.lng,
          radiusMeters: result.radiusMeters,
          confidence: result.confidence,
          name: result.name,
          source: result.source,
          outcome: result.outcome,
        }
      : null,
    placedBy,
    // The neighbours are named whenever the sequence placed it, even when it agreed with other evidence.
    neighbours: placedBy === 'sequence' ? seq.neighbours : [],
    summary: placedBy === 'sequence' ? seq.summary : (result?.explanation[0] ?? null),
    error: state === 'failed' ? (m.error?.message ?? 'The analysis failed.') : null,
  };
}

const CSV_COLUMNS = [
  'fileName',
  'state',
  'takenAt',
  'camera',
  'lat',
  'lng',
  'radiusMeters',
  'confidence',
  'place',
  'source',
  'placedBy',
  'neighbours',
  'summary',
  'error',
  'analysisId',
] as const;

/** Trips: named sets of one owner's photos (R-TRIP-1…8). Every method answers 404 for another user's trip. */
export class TripsService {
  constructor(private readonly deps: TripsServiceDeps) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** The trip if `user` owns it; anyone else (the founder included) gets the same 404 as a missing id (R-TRIP-1). */
  async require(user: User, id: string): Promise<TripRow> {
    const row = isUuid(id) ? await this.deps.repo.find(user.id, id) : undefined;
    if (!row) throw notFound('Trip not found.');
    return row;
  }

  async list(user: User): Promise<TripSummary[]> {
    return (await this.deps.repo.list(user.id)).map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      counts: { ...r.counts, refused: r.refused.length },
      takenFrom: r.takenFrom,
      takenTo: r.takenTo,
    }));
  }

  /** One trip with its photos, as its view shows it. */
  async get(user: User, id: string): Promise<Trip> {
    return this.view(user, await this.require(user, id));
  }

  async view(user: User, row: TripRow): Promise<Trip> {
    const [members, { counts, takenFrom, takenTo }, perUpload] = await Promise.all([
      this.deps.repo.members(row.id),
      this.deps.repo.counts(row.id),
      this.deps.quota.imagesPerUpload?.(user.id) ?? Promise.resolve(null),
    ]);
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      counts: { ...counts, refused: row.refused.length },
      takenFrom,
      takenTo,
      photos: members.map(toTripPhoto),
      refused: row.refused,
      // Each request counts as one upload: it may hold no more than the tier allows per upload (R-ACCESS-1).
      maxFilesPerRequest: Math.max(1, Math.min(this.deps.maxFilesPerRequest, perUpload ?? Infinity)),
    };
  }

  /** Some photos of the trip, for the trip's stream (those no longer there are left out). */
  async photos(tripId: string, analysisIds: readonly string[]): Promise<TripPhoto[]> {
    return (await this.deps.repo.members(tripId, analysisIds)).map(toTripPhoto);
  }

  /** A new trip; without a name, it is named after the day in the user's time zone ("Trip of 9 Mar 2026"). */
  async create(user: User, name: string | undefined): Promise<Trip> {
    const row = await this.deps.repo.create(user.id, name ?? (await this.defaultName(user)));
    return this.view(user, row);
  }

  private async defaultName(user: User): Promise<string> {
    let day: string;
    try {
      day = new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: user.timeZone,
      }).format(this.now());
    } catch {
      day = this.now().toISOString().slice(0, 10);
    }
    const base = `Trip of ${day}`;
    const taken = new Set(await this.deps.repo.namesLike(user.id, base));
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base} (${n})`)) n++;
    return `${base} (${n})`;
  }

  async rename(user: User, id: string, name: string): Promise<Trip> {
    await this.require(user, id);
    const row = await this.deps.repo.rename(user.id, id, name);
    if (!row) throw notFound('Trip not found.');
    this.deps.onTripChanged(id, 'changed');
    return this.view(user, row);
  }

  /** Records an upload's outcome in the trip (its refusals) and tells the trip's streams. */
  async recordUpload(tripId: string, acceptedNames: readonly string[], refused: readonly TripRefusal[]) {
    if (refused.length || acceptedNames.length) await this.deps.repo.recordUpload(tripId, acceptedNames, refused);
    this.deps.onTripChanged(tripId, 'changed');
  }

  /**
   * Files the browser kept back because the server refused the weekly limit (R-TRIP-3): recorded with the server's own
   * refusal, and only while the limit really is reached; with room left, 409 says to send them.
   */
  async recordOverLimit(user: User, id: string, fileNames: readonly string[]): Promise<TripRefusal[]> {
    await this.require(user, id);
    let refusal: AppError | null = null;
    try {
      await this.deps.quota.ensureRoom?.(user.id);
    } catch (error) {
      if (error instanceof AppError && error.status === 429) refusal = error;
      else throw error;
    }
    if (!refusal)
      throw new AppError(
        409,
        'room_left',
        'Your weekly limit has room for more photos: send these photos to the trip instead.',
      );
    const at = this.now().toISOString();
    const refused = fileNames.map((fileName) => ({ fileName, code: refusal.code, message: refusal.message, at }));
    await this.recordUpload(id, [], refused);
    return refused;
  }

  /**
   * Deletes the trip with its photos: each analysis, its location record and index entry, its photo and stored images
   * (R-TRIP-8). Queued photos go at once (no runner takes them while they are locked); a photo being analysed right
   * now is waited for, up to DELETE_WAIT_MS, and then the answer says how many are left (the rest is already gone).
   */
  async delete(user: User, id: string): Promise<{ photos: number }> {
    await this.require(user, id);
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    const started = Date.now();
    let removed = 0;
    for (;;) {
      const outcome = await this.deps.repo.deleteSettled(user.id, id);
      if (!outcome) throw notFound('Trip not found.');
      removed += outcome.deleted;
      // After the commit: a failed file delete leaves an orphan file, never a record pointing at a missing file.
      for (const key of outcome.keys)
        await this.deps.storage
          .delete(key)
          .catch((err: unknown) => this.deps.log('could not delete stored image', { key, err: String(err) }));
      if (outcome.tripDeleted) {
        this.deps.onTripChanged(id, 'deleted');
        return { photos: removed };
      }
      if (Date.now() - started > DELETE_WAIT_MS) {
        this.deps.onTripChanged(id, 'changed');
        throw new AppError(
          409,
          'trip_running',
          `${removed} photos of this trip were deleted; ${outcome.running === 1 ? '1 is' : `${outcome.running} are`} still being analysed. Delete the trip again in a moment to remove the rest.`,
        );
      }
      await sleep(DELETE_POLL_MS);
    }
  }

  /** The trip as JSON: every photo with its place and how it was placed, and the files refused (R-TRIP-9). */
  async exportJson(user: User, id: string) {
    const trip = await this.get(user, id);
    return {
      trip: { id: trip.id, name: trip.name, createdAt: trip.createdAt, exportedAt: this.now().toISOString() },
      photos: trip.photos.map(({ thumbnailUrl: _thumbnail, ...photo }) => photo),
      refused: trip.refused,
    };
  }

  /** The trip as CSV: one row per photo and per refused file; formulas defused (csvTable). */
  async exportCsv(user: User, id: string): Promise<{ name: string; csv: string }> {
    const trip = await this.get(user, id);
    const rows = [
      ...trip.photos.map((p) => ({
        fileName: p.fileName,
        state: TRIP_STATE_LABEL[p.state],
        // ISO 8601 with the camera's offset when it stated one ("2024-03-09T10:15:00-04:00"), its clock otherwise.
        takenAt: p.takenAt && `${p.takenAt}${p.takenAtOffset ?? ''}`,
        camera: p.camera,
        // A place nobody found is not a point (R-MAP-8): not-located photos have no coordinates here.
        ...(p.place && p.state !== 'not_located'
          ? {
              lat: p.place.lat,
              lng: p.place.lng,
              radiusMeters: p.place.radiusMeters,
              confidence: p.place.confidence,
              place: p.place.name,
              source: p.place.source,
            }
          : {}),
        placedBy: p.placedBy,
        neighbours: p.neighbours.map((n) => n.fileName).join('; '),
        summary: p.summary,
        error: p.error,
        analysisId: p.analysisId,
      })),
      ...trip.refused.map((r) => ({ fileName: r.fileName, state: 'Not analysed', error: r.message })),
    ];
    return { name: trip.name, csv: csvTable(CSV_COLUMNS, rows) };
  }

  /**
   * The trip as GeoJSON (RFC 7946): a Feature per photo, a Point where it was placed and a null geometry where it was
   * not located (no invented spot, R-MAP-8), the rest as properties.
   */
  async exportGeoJson(user: User, id: string) {
    const trip = await this.get(user, id);
    return {
      name: trip.name,
      geojson: {
        type: 'FeatureCollection' as const,
        features: trip.photos.map((p) => ({
          type: 'Feature' as const,
          geometry:
            p.place && (p.state === 'placed' || p.state === 'outside')
              ? { type: 'Point' as const, coordinates: [p.place.lng, p.place.lat] as [number, number] }
              : null,
          properties: {
            fileName: p.fileName,
            state: TRIP_STATE_LABEL[p.state],
            takenAt: p.takenAt,
            takenAtOffset: p.takenAtOffset,
            camera: p.camera,
            radiusMeters: p.place?.radiusMeters ?? null,
            confidence: p.place?.confidence ?? null,
            place: p.state === 'placed' || p.state === 'outside' ? (p.place?.name ?? null) : null,
            source: p.place?.source ?? null,
            placedBy: p.placedBy,
            neighbours: p.neighbours.map((n) => n.fileName),
            summary: p.summary,
            analysisId: p.analysisId,
          },
        })),
      },
    };
  }
}

/** A file name fit for Content-Disposition: the trip's name without what a header or a file system refuses. */
export function exportFileName(name: string, ext: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[^\w .()-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${safe || 'trip'}.${ext}`;
}
