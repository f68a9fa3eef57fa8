import {
  USER_CONFIRMED_SOURCE,
  type Analysis,
  type AnalysisCorrectionRequest,
  type AnalysisResult,
  type Candidate,
  type User,
} from '@vt/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { haversineMeters } from '../../engine/geo/geometry';
import { isInMiamiDade } from '../../engine/geo/county';
import { describePlace, placeName } from '../../engine/pipeline/place';
import { storedFields } from '../../engine/pipeline/pipeline';
import { AnalysesRepository } from '../analyses/analyses.repository';
import { toAnalysis } from '../analyses/analyses.service';
import { LocationIndexRepository } from './location-index.repository';
import { isUuid } from '../../lib/ids';
import { locationFieldsOf } from './analysis-finished';
import { LocationsRepository, lockUser } from './locations.repository';

/** What a listener hears after a correction has committed. */
export type PlaceConfirmed = { userId: string; analysisId: string; photoId: string; lat: number; lng: number };
export type PlaceConfirmedListener = (event: PlaceConfirmed) => void | Promise<void>;

/** A point this close to a candidate is that candidate (the candidate markers' own "same place" distance). */
const SAME_CANDIDATE_M = 25;
const MAX_CANDIDATES = 5;

/**
 * The corrected result. Confidence 1 and no radius: the stored confidence means "the photo was taken within
 * radiusMeters of the point", and the owner saying where they took it is taken as ground truth, not as another
 * estimate with an error. Municipality, neighbourhood and ZIP are derived again by the engine's reverse
 * geocoder. The candidate the owner chose (or the dragged point) comes first; the others stay listed, ruled
 * out (probability 0), so the record still shows what the engine had proposed.
 */
export function correctedResult(old: AnalysisResult, p: { lat: number; lng: number }): AnalysisResult {
  const place = describePlace(p);
  const name = placeName(place, p);
  const others = old.candidates.filter((c) => haversineMeters(c, p) > SAME_CANDIDATE_M);
  const chosen: Candidate = {
    lat: p.lat,
    lng: p.lng,
    probability: 1,
    radiusMeters: 0,
    source: USER_CONFIRMED_SOURCE,
    label: name,
  };
  const moved = haversineMeters(old, p);
  return {
    ...old,
    outcome: 'found',
    name,
    lat: p.lat,
    lng: p.lng,
    confidence: 1,
    radiusMeters: null,
    source: USER_CONFIRMED_SOURCE,
    insideCoverage: true,
    place,
    candidates: [chosen, ...others.map((c) => ({ ...c, probability: 0 }))].slice(0, MAX_CANDIDATES),
    explanation: [
      ...old.explanation,
      `You confirmed the place on the map: ${name}, ${moved < 1000 ? `${Math.round(moved)} m` : `${(moved / 1000).toFixed(1)} km`} from the engine's answer (${old.source}).`,
    ],
  };
}

/**
 * POST /api/analyses/:id/correction: the owner moves the result to where the photo was really taken. The
 * analysis, its location-history record and its index entry change in one transaction; listeners (e.g. a
 * gallery that remembers confirmed places) hear about it after the commit, and their failures do not undo it.
 */
export class CorrectionService {
  private readonly listeners: PlaceConfirmedListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: (message: string, details: Record<string, unknown>) => void = () => {},
  ) {}

  /** Registers a listener for confirmed places; returns a function that removes it. */
  onPlaceConfirmed(listener: PlaceConfirmedListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  async correct(user: User, analysisId: string, point: AnalysisCorrectionRequest): Promise<Analysis> {
    // Owner only: a founder may read others' analyses, but only the person who took a photo knows where.
    const analyses = new AnalysesRepository(this.db);
    const before = isUuid(analysisId) ? await analyses.get(analysisId) : undefined;
    if (!before || before.userId !== user.id) throw notFound('Analysis not found.');
    if (!isInMiamiDade(point))
      throw badRequest(
        `The point ${point.lat.toFixed(5)}, ${point.lng.toFixed(5)} is outside Miami-Dade County; Vision Terminal places photos inside the county only.`,
        'outside_coverage',
      );
    if ((before.status !== 'done' && before.status !== 'failed') || !before.analysisResult)
      throw new AppError(409, 'not_finished', 'This analysis has not finished yet; correct it once it has a result.');

    const result = correctedResult(before.analysisResult, point);
    const now = new Date();
    await this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // The same lock as every other write to this user's history and index (see lockUser).
      if (!(await lockUser(tx, user.id))) throw notFound('Analysis not found.');
      if (!(await new AnalysesRepository(tx).replaceResult(analysisId, storedFields(result))))
        throw new AppError(409, 'not_finished', 'This analysis has not finished yet; correct it once it has a result.');
      // Either may have been trimmed (50 newest records, 20 newest index items): then there is nothing to update.
      await new LocationsRepository(tx).updateByAnalysis(user.id, analysisId, locationFieldsOf(result));
      await new LocationIndexRepository(tx).updateByAnalysis(user.id, analysisId, {
        name: result.name,
        lat: result.lat,
        lng: result.lng,
        source: result.source,
        confidence: result.confidence,
        status: 'verified',
        note: 'You confirmed this place on the map.',
        checkedAt: now,
      });
    });

    const event: PlaceConfirmed = {
      userId: user.id,
      analysisId,
      photoId: before.photoId,
      lat: point.lat,
      lng: point.lng,
    };
    for (const listener of [...this.listeners]) {
      try {
        await listener(event);
      } catch (error) {
        this.log('place-confirmed listener failed', { analysisId, error: String(error) });
      }
    }
    const after = await analyses.get(analysisId);
    return toAnalysis(after!);
  }
}
