import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activityLog, users } from '../../db/schema';
import { analyses, photos } from '../../db/schema.analyses';
import { locationIndex, locations } from '../../db/schema.locations';
import { analysisCategories, analysisFeedback } from '../../db/schema.data';
import { accessCodeRedemptions } from '../../db/schema.access';
import { galleryEntries, gallerySettings } from '../../db/schema.gallery';

type Db = Database['db'];

/** Reads everything stored about one user, and removes the user (every owned row cascades from users). */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  async profile(userId: string) {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  /** Results and what the engine found; lock bookkeeping and storage keys stay behind, image bytes are never read. */
  analyses(userId: string) {
    return this.db
      .select({
        id: analyses.id,
        status: analyses.status,
        fileName: photos.originalName,
        photo: { format: photos.format, byteSize: photos.byteSize, width: photos.width, height: photos.height },
        imageUrl: analyses.imageUrl,
        analysisType: analyses.analysisType,
        analysisResult: analyses.analysisResult,
        confidenceScore: analyses.confidenceScore,
        locationData: analyses.locationData,
        metadata: analyses.metadata,
        evidence: analyses.evidence,
        candidates: analyses.candidates,
        error: analyses.error,
        createdAt: analyses.createdAt,
        finishedAt: analyses.finishedAt,
      })
      .from(analyses)
      .leftJoin(photos, eq(photos.id, analyses.photoId))
      .where(eq(analyses.userId, userId))
      .orderBy(asc(analyses.createdAt));
  }

  locations(userId: string) {
    return this.db.select().from(locations).where(eq(locations.userId, userId)).orderBy(asc(locations.createdAt));
  }

  /** The gallery's places and setting; the descriptors are numbers for matching, left out as meaningless to a person. */
  async gallery(userId: string) {
    const [setting] = await this.db
      .select({ enabled: gallerySettings.enabled })
      .from(gallerySettings)
      .where(eq(gallerySettings.userId, userId));
    const entries = await this.db
      .select({
        analysisId: galleryEntries.analysisId,
        lat: galleryEntries.lat,
        lng: galleryEntries.lng,
        source: galleryEntries.source,
        createdAt: galleryEntries.createdAt,
      })
      .from(galleryEntries)
      .where(eq(galleryEntries.userId, userId))
      .orderBy(asc(galleryEntries.seq));
    return { enabled: setting?.enabled ?? true, entries };
  }

  locationIndex(userId: string) {
    return this.db.select().from(locationIndex).where(eq(locationIndex.userId, userId));
  }

  redemptions(userId: string) {
    // Tier and dates only: the code itself (and its hash) is never the user's to take away.
    return this.db
      .select({
        tier: accessCodeRedemptions.tier,
        redeemedAt: accessCodeRedemptions.redeemedAt,
        expiresAt: accessCodeRedemptions.expiresAt,
      })
      .from(accessCodeRedemptions)
      .where(eq(accessCodeRedemptions.userId, userId))
      .orderBy(asc(accessCodeRedemptions.redeemedAt));
  }

  /** Ratings and categories the user gave their analyses (data API). */
  feedback(userId: string) {
    return this.db
      .select({
        analysisId: analysisFeedback.analysisId,
        rating: analysisFeedback.rating,
        comment: analysisFeedback.comment,
        updatedAt: analysisFeedback.updatedAt,
      })
      .from(analysisFeedback)
      .where(eq(analysisFeedback.userId, userId));
  }

  categories(userId: string) {
    return this.db
      .select({ analysisId: analysisCategories.analysisId, category: analysisCategories.category })
      .from(analysisCategories)
      .where(eq(analysisCategories.userId, userId));
  }

  activity(userId: string) {
    return this.db.select().from(activityLog).where(eq(activityLog.userId, userId)).orderBy(asc(activityLog.timestamp));
  }

  /** Deletes the user; returns the storage keys of their photos, to remove once the transaction has committed. */
  async deleteUser(userId: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ originalKey: photos.originalKey, thumbnailKey: photos.thumbnailKey, displayKey: photos.displayKey })
        .from(photos)
        .where(eq(photos.userId, userId));
      // photos, analyses (and their events), locations, index, sessions, activity, redemptions: ON DELETE CASCADE.
      await tx.delete(users).where(eq(users.id, userId));
      return rows.flatMap((r) => [r.originalKey, r.thumbnailKey, r.displayKey]).filter((k): k is string => Boolean(k));
    });
  }
}
