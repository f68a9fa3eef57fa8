import type { z } from 'zod';
import {
  placeParts,
  LIMITS,
  type AdminStats,
  type AnalysisFilter,
  type AnalysisPage,
  type AnalysisRecord,
  type AnalysisResult,
  type AnalysisStats,
  type Location,
  type LocationStats,
  type PopularLocation,
  type User,
  type UserStats,
  type AnalysisCreateRequestSchema,
} from '@vt/shared';
import { AppError, notFound } from '../../lib/errors';
import { lastDays } from '../../lib/days';
import type { BlobStorage } from '../../adapters/storage/storage';
import { isInMiamiDade } from '../../engine/geo/county';
import { reverseGeocode } from '../../engine/geo/reverse-geocode';
import { photoImageUrl } from '../../engine/pipeline/urls';
import { isUuid } from '../../lib/ids';
import { recordFinishedAnalysis } from '../locations/analysis-finished';
import { lockUser } from '../locations/locations.repository';
import { toLocation } from '../locations/locations.service';
import type { LocationsExploreRepository } from './locations-explore.repository';
import { toPrefixTsQuery, type AnalysisListRow, type DataApiRepository } from './data-api.repository';

/** Confidence ranges of the analytics card, in percent. */
export const CONFIDENCE_RANGES = ['0-20%', '20-40%', '40-60%', '60-80%', '80-100%'] as const;

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

export function toAnalysisRecord(row: AnalysisListRow): AnalysisRecord {
  const r = row.analysisResult;
  return {
    id: row.id,
    status: row.status,
    file_name: row.fileName,
    image_url: row.imageUrl,
    thumbnail_url: row.thumbnailKey ? photoImageUrl(row.photoId, 'thumbnail') : null,
    analysis_type: row.analysisType,
    analysis_result: r ?? null,
    confidence_score: row.confidenceScore ?? r?.confidence ?? null,
    location_data: row.locationData ?? null,
    location: r
      ? {
          name: r.name,
          ...placeParts(r.place),
          lat: r.lat,
          lng: r.lng,
          confidence: r.confidence,
          source: r.source,
        }
      : null,
    created_at: row.createdAt.toISOString(),
    ...(row.distanceKm === undefined ? {} : { distance_km: Math.round(row.distanceKm * 1000) / 1000 }),
  };
}

/** The data API (R-DATA-1). Every read is scoped to the signed-in user unless a founder asks for `all` (R-DATA-6). */
export class DataApiService {
  constructor(
    private readonly repo: DataApiRepository,
    private readonly explore: LocationsExploreRepository,
    private readonly storage: BlobStorage,
    private readonly log: (message: string, details: Record<string, unknown>) => void = () => {},
  ) {}

  async create(user: User, body: z.output<typeof AnalysisCreateRequestSchema>): Promise<AnalysisRecord> {
    const point = { lat: body.analysis_result.lat, lng: body.analysis_result.lng };
    const inside = isInMiamiDade(point);
    const geo = inside ? reverseGeocode(point) : null;
    const confidence = body.analysis_result.confidence ?? body.confidence_score ?? 0;
    const result: AnalysisResult = {
      outcome: inside ? 'found' : 'outside_coverage',
      name: body.analysis_result.name,
      lat: point.lat,
      lng: point.lng,
      confidence,
      radiusMeters: null,
      source: body.analysis_result.source ?? 'Manual',
      insideCoverage: inside,
      place: geo
        ? {
            municipality: geo.municipality,
            neighbourhood: geo.neighbourhood ?? geo.unincorporatedPlace,
            zip: geo.zip,
            nearest: null,
          }
        : null,
      candidates: [],
      explanation: body.analysis_result.explanation ?? ['Recorded through the data API; not analysed by the engine.'],
    };
    const fileName = body.image_url ? (body.image_url.split(/[/?#]/).filter(Boolean).pop() ?? 'image') : 'no image';
    const id = await this.repo.transaction(async (repo, tx) => {
      if (!(await lockUser(tx, user.id))) throw notFound('User not found.');
      const photo = await repo.insertExternalPhoto(user.id, fileName.slice(0, 200));
      const now = new Date();
      const row = await repo.insertFinishedAnalysis({
        userId: user.id,
        photoId: photo.id,
        status: 'done',
        imageUrl: body.image_url ?? null,
        analysisType: body.analysis_type,
        analysisResult: result,
        confidenceScore: body.confidence_score ?? confidence,
        locationData: body.location_data ?? null,
        engineVersion: 'api',
        startedAt: now,
        finishedAt: now,
      });
      // The same history, index, count and activity entries an engine analysis leaves.
      await recordFinishedAnalysis(tx, row);
      return row.id;
    });
    return toAnalysisRecord((await this.repo.getOne(user.id, id))!);
  }

  async listMine(user: User, limit: number, offset: number, filter: AnalysisFilter = {}): Promise<AnalysisPage> {
    const f = { ...filter, timeZone: user.timeZone };
    const { rows, total } = await this.repo.pageMine(user.id, limit, offset, f);
    return { analyses: rows.map(toAnalysisRecord), total };
  }

  async search(user: User, query: string, limit: number, filter: AnalysisFilter = {}): Promise<AnalysisRecord[]> {
    const ts = toPrefixTsQuery(query);
    return ts
      ? (await this.repo.search(user.id, ts, limit, { ...filter, timeZone: user.timeZone })).map(toAnalysisRecord)
      : [];
  }

  async nearby(
    user: User,
    p: { lat: number; lng: number },
    radiusKm: number,
    limit: number,
  ): Promise<AnalysisRecord[]> {
    return (await this.repo.nearby(user.id, p, radiusKm, limit)).map(toAnalysisRecord);
  }

  /** Removes the analysis, its location record and index entry, its photo row and stored images. */
  async remove(user: User, id: string): Promise<void> {
    const keys = await this.repo.transaction(async (repo, tx) => {
      await lockUser(tx, user.id);
      const row = isUuid(id) ? await repo.getOne(user.id, id) : undefined;
      if (!row) throw notFound('Analysis not found.');
      if (row.status === 'queued' || row.status === 'running') {
        throw new AppError(409, 'analysis_running', 'This analysis is still running; delete it once it has finished.');
      }
      return repo.deleteAnalysis(row.id, { id: row.photoId, keys: await repo.photoKeys(row.photoId) });
    });
    // After commit: a failed file delete leaves an orphan file, never a record pointing at a missing file.
    for (const key of keys) {
      await this.storage
        .delete(key)
        .catch((err: unknown) => this.log('could not delete stored image', { key, err: String(err) }));
    }
  }

  async analysisStats(user: User, scope: 'mine' | 'all'): Promise<AnalysisStats> {
    const { totals, buckets, outcomes, days } = await this.repo.analysisStats(
      scope === 'all' ? null : user.id,
      user.timeZone,
    );
    const perDay = lastDays(30, user.timeZone).map((day) => ({
      day,
      count: days.find((d) => d.day === day)?.count ?? 0,
    }));
    return {
      scope,
      total: totals.total,
      thisMonth: totals.month,
      today: totals.today,
      averageConfidence: totals.avg == null ? null : Math.round(Number(totals.avg) * 1000) / 1000,
      byConfidence: CONFIDENCE_RANGES.map((confidence_range, i) => ({
        confidence_range,
        count: buckets.find((b) => Number(b.bucket) === i)?.count ?? 0,
      })),
      byOutcome: Object.fromEntries(outcomes.map((o) => [o.outcome ?? 'unknown', o.count])),
      perDay,
      lastAnalysisAt: iso(totals.last),
    };
  }

  async userStats(user: User): Promise<UserStats> {
    const [analysis, counts] = await Promise.all([
      this.repo.analysisStats(user.id, user.timeZone),
      this.repo.userCounts(user.id),
    ]);
    return {
      totalAnalyses: analysis.totals.total,
      thisMonth: analysis.totals.month,
      totalLocations: counts.locations,
      locationIndexCount: counts.index,
      photos: counts.photos,
      // Read with the counts, not taken from the session's user, which may be a few seconds old (decision 0008).
      loginCount: counts.login_count ?? user.loginCount,
      lastAnalysis: iso(counts.last_analysis),
      memberSince: user.signupDate,
    };
  }

  async adminStats(): Promise<AdminStats> {
    const row = await this.repo.adminCounts(LIMITS.activeNowMs);
    return {
      totalUsers: row.users,
      activeUsers: row.active,
      activeToday: row.active_today,
      totalAnalyses: row.analyses,
      totalLocations: row.locations,
      images: { total: row.images, totalBytes: Number(row.bytes ?? 0) },
    };
  }

  // --- location history ---------------------------------------------------------------------------------

  async searchLocations(user: User, query: string, limit: number): Promise<Location[]> {
    return (await this.explore.search(user.id, query, limit)).map(toLocation);
  }

  async nearbyLocations(user: User, p: { lat: number; lng: number }, radiusKm: number, limit: number) {
    const rows = await this.explore.nearby(user.id, p, radiusKm, limit);
    return rows.map((r) => ({
      ...toLocation(r.location),
      distance_km: Math.round(Number(r.distanceKm) * 1000) / 1000,
    }));
  }

  async popularLocations(user: User, scope: 'mine' | 'all', limit: number): Promise<PopularLocation[]> {
    const rows = await this.explore.popular(scope === 'all' ? null : user.id, limit);
    return rows.map((r) => ({
      location_name: r.location_name,
      analysis_count: r.analysis_count,
      coordinates: { lat: Number(r.lat), lng: Number(r.lng) },
      last_seen: iso(r.last_seen)!,
    }));
  }

  async locationStats(user: User, scope: 'mine' | 'all'): Promise<LocationStats> {
    const owner = scope === 'all' ? null : user.id;
    const [{ totals, sources }, top] = await Promise.all([
      this.explore.stats(owner),
      this.explore.popular(owner, LIMITS.topLocationsShown),
    ]);
    return {
      scope,
      total: totals.total,
      unique: totals.unique,
      topLocations: top.map((t) => ({ location_name: t.location_name, analysis_count: t.analysis_count })),
      bySource: Object.fromEntries(sources.map((s) => [s.source, s.count])),
    };
  }
}
