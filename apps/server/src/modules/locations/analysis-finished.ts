import { eq, sql } from 'drizzle-orm';
import { placeParts, type AnalysisResult } from '@vt/shared';
import type { Db } from '../../db/client';
import { activityLog, users } from '../../db/schema';
import { photos, type analyses } from '../../db/schema.analyses';
import { LocationIndexRepository } from './location-index.repository';
import { LocationsRepository, lockUser } from './locations.repository';

type FinishedAnalysis = Pick<
  typeof analyses.$inferSelect,
  'id' | 'userId' | 'photoId' | 'status' | 'analysisResult'
> & { tripId?: string | null };

/** "South Beach, Miami Beach, 33139": the parts of a place that are known, in that order. */
export function addressOf(place: AnalysisResult['place']): string | null {
  const parts = [place?.neighbourhood, place?.municipality, place?.zip].filter((x): x is string => Boolean(x));
  const unique = parts.filter((x, i) => parts.indexOf(x) === i);
  return unique.length ? unique.join(', ') : null;
}

/** The fields of a location record that come from an analysis result (written at the end and on correction). */
export function locationFieldsOf(result: AnalysisResult) {
  return {
    locationName: result.name,
    lat: result.lat,
    lng: result.lng,
    address: addressOf(result.place),
    ...placeParts(result.place),
    source: result.source,
    confidence: result.confidence,
  };
}

/**
 * What a finished analysis leaves behind, whatever its outcome (R-ANALYSIS-5: found, fallback, failed and error
 * are all stored in history and index): a location record, a location index entry, the user's analysis count
 * and last analysis (R-ANALYSIS-5), and an activity entry of type `analysis`.
 *
 * Runs inside the transaction that stores the result, so either everything is written or nothing is. The
 * analysis id is the idempotency key: when the location record already exists (the save step ran again),
 * nothing else is written and false is returned.
 */
export async function recordFinishedAnalysis(tx: Db, analysis: FinishedAnalysis): Promise<boolean> {
  const result = analysis.analysisResult;
  if (!result) return false;
  // The lock serialises this user's history and index writes; see lockUser.
  if (!(await lockUser(tx, analysis.userId))) return false;
  const location = await new LocationsRepository(tx).insertAndTrim({
    userId: analysis.userId,
    analysisId: analysis.id,
    ...locationFieldsOf(result),
  });
  if (!location) return false;

  const [photo] = await tx
    .select({ thumbnailKey: photos.thumbnailKey })
    .from(photos)
    .where(eq(photos.id, analysis.photoId));
  // A trip's photos are kept in the trip (R-TRIP-7): a 200-photo trip must not push the owner's 20 saved places out of
  // the location index.
  if (!analysis.tripId)
    await new LocationIndexRepository(tx).insertAndTrim({
      userId: analysis.userId,
      analysisId: analysis.id,
      name: result.name,
      lat: result.lat,
      lng: result.lng,
      hasImage: Boolean(photo?.thumbnailKey),
      source: result.source,
      confidence: result.confidence,
    });

  const [user] = await tx
    .update(users)
    .set({ analysisCount: sql`${users.analysisCount} + 1`, lastAnalysis: sql`now()` })
    .where(eq(users.id, analysis.userId))
    .returning({ email: users.email, name: users.name });
  await tx.insert(activityLog).values({
    type: 'analysis',
    userId: analysis.userId,
    userEmail: user?.email ?? null,
    userName: user?.name ?? null,
    details: {
      analysisId: analysis.id,
      status: analysis.status,
      outcome: result.outcome,
      name: result.name,
      confidence: result.confidence,
      source: result.source,
    },
  });
  return true;
}

/**
 * A finished analysis whose result was replaced by the engine (a trip's photo placed again from its neighbours in time,
 * R-TRIP-6): its location record follows, and its index entry if it has one. Runs in the replacing transaction, after
 * the user's row lock (lockUser) was taken there.
 */
export async function recordReplacedResult(tx: Db, analysis: FinishedAnalysis): Promise<void> {
  const result = analysis.analysisResult;
  if (!result) return;
  await new LocationsRepository(tx).updateByAnalysis(analysis.userId, analysis.id, locationFieldsOf(result));
  await new LocationIndexRepository(tx).updateByAnalysis(analysis.userId, analysis.id, {
    name: result.name,
    lat: result.lat,
    lng: result.lng,
    source: result.source,
    confidence: result.confidence,
  });
}
