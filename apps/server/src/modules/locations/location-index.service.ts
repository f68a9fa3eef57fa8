import {
  LIMITS,
  MANUAL_SOURCE,
  NOT_LOCATED_SOURCES,
  OUTCOME_CONFIDENCE,
  type LocationIndex,
  type LocationIndexCreateRequest,
  type LocationIndexCreateResponse,
  type LocationIndexItem,
  type AnalysisResult,
  type Standing,
  type User,
} from '@vt/shared';
import { notFound } from '../../lib/errors';
import { photoImageUrl } from '../../engine/pipeline/urls';
import { STEPS } from '../../engine/pipeline/pipeline';
import { isUuid } from '../../lib/ids';
import { isInMiamiDade } from '../../engine/geo/county';
import { describePlace } from '../../engine/pipeline/place';
import { lockUser } from './locations.repository';
import type { LocationIndexRepository, LocationIndexRow, LocationIndexRowWithPhoto } from './location-index.repository';

/** The engine's own time on the photo: the sum of its steps (the `locatedMs` mark is a point in time, not a step). */
export function processingMsOf(timings: Record<string, number> | null | undefined): number | null {
  if (!timings) return null;
  const steps = STEPS.map((s) => timings[s]).filter((v): v is number => typeof v === 'number');
  return steps.length ? Math.round(steps.reduce((a, b) => a + b, 0) * 10) / 10 : null;
}

/** Where an item stands: the spec's not-located sources first, then whether its point is in the county. */
export function standingOfItem(row: Pick<LocationIndexRow, 'source' | 'lat' | 'lng'>): Standing {
  if (NOT_LOCATED_SOURCES.has(row.source)) return 'not_located';
  return isInMiamiDade(row) ? 'located' : 'outside';
}

/** Results closer than this to the item's point are the point the item still shows (not moved by a check). */
const SAME_POINT_DEG = 1e-6;

export function toLocationIndexItem(
  row: LocationIndexRow,
  thumbnailPhotoId: string | null,
  timings: Record<string, number> | null = null,
  result: AnalysisResult | null = null,
  duplicateOf: string | null = null,
): LocationIndexItem {
  const standing = standingOfItem(row);
  // The place is looked up from the item's own point, so it stays true after a correction or a check moved it.
  const place = standing === 'located' ? describePlace(row) : null;
  const samePoint =
    result && Math.abs(result.lat - row.lat) < SAME_POINT_DEG && Math.abs(result.lng - row.lng) < SAME_POINT_DEG;
  return {
    id: row.id,
    analysisId: row.analysisId,
    name: row.name,
    coordinates: { lat: row.lat, lng: row.lng },
    hasImage: row.hasImage,
    thumbnailUrl: thumbnailPhotoId ? photoImageUrl(thumbnailPhotoId, 'thumbnail') : null,
    source: row.source,
    status: row.status,
    confidence: row.confidence,
    note: row.note,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    processingMs: row.analysisId ? processingMsOf(timings) : null,
    standing,
    place: place && { municipality: place.municipality, neighbourhood: place.neighbourhood, zip: place.zip },
    radiusMeters: samePoint ? result.radiusMeters : null,
    duplicateOf,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toItem = (row: LocationIndexRowWithPhoto) =>
  toLocationIndexItem(row, row.thumbnailPhotoId, row.timings, row.result, row.duplicateOf);

/** The user's location index: at most 20 items, newest first; the oldest leaves when the 21st arrives. */
export class LocationIndexService {
  constructor(private readonly repo: LocationIndexRepository) {}

  async list(user: User): Promise<LocationIndex> {
    return { items: (await this.repo.list(user.id)).map(toItem), max: LIMITS.locationIndexMax };
  }

  async add(user: User, input: LocationIndexCreateRequest): Promise<LocationIndexCreateResponse> {
    const added = await this.repo.transaction(async (repo, tx) => {
      if (!(await lockUser(tx, user.id))) throw notFound('User not found.');
      return repo.insertAndTrim({
        userId: user.id,
        analysisId: null,
        name: input.name,
        lat: input.lat,
        lng: input.lng,
        hasImage: false,
        source: input.source ?? MANUAL_SOURCE,
        confidence: input.confidence ?? OUTCOME_CONFIDENCE.indexDefault,
      });
    });
    // A manual item has no analysis id, so the insert cannot conflict.
    return { item: toLocationIndexItem(added!.row, null), evicted: added!.evicted };
  }

  /** Another user's item answers exactly like a missing one. */
  async remove(user: User, id: string): Promise<{ removed: number }> {
    if (!isUuid(id) || !(await this.repo.remove(user.id, id))) throw notFound('Location not found in your index.');
    return { removed: 1 };
  }

  async clear(user: User): Promise<{ removed: number }> {
    return { removed: await this.repo.clear(user.id) };
  }
}
