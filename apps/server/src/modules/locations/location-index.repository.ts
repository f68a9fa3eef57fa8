import { and, desc, eq, sql } from 'drizzle-orm';
import { LIMITS, type AnalysisResult } from '@vt/shared';
import { queryRows, type Db } from '../../db/client';
import { analyses, photos } from '../../db/schema.analyses';
import { locationIndex } from '../../db/schema.locations';

export type LocationIndexRow = typeof locationIndex.$inferSelect;
/** A row with the analysed photo's id when that photo has a thumbnail to show, and the analysis' step timings. */
export type LocationIndexRowWithPhoto = LocationIndexRow & {
  thumbnailPhotoId: string | null;
  timings: Record<string, number> | null;
  /** The analysis' result, for the uncertainty radius of a point that is still the analysis' own. */
  result: AnalysisResult | null;
  duplicateOf: string | null;
};
export type LocationIndexPatch = Partial<
  Pick<LocationIndexRow, 'name' | 'lat' | 'lng' | 'source' | 'status' | 'confidence' | 'note' | 'checkedAt'>
>;
export type NewLocationIndexItem = Omit<typeof locationIndex.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export class LocationIndexRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: LocationIndexRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(new LocationIndexRepository(tx as unknown as Db), tx as unknown as Db));
  }

  /**
   * Inserts an item and removes the oldest beyond the spec's 20, returning the new row and the ids that left.
   * Callers hold the user's lock (see lockUser) so the count cannot be overrun by a parallel insert. An item
   * for an analysis already in the index is not inserted again (undefined).
   */
  async insertAndTrim(values: NewLocationIndexItem): Promise<{ row: LocationIndexRow; evicted: string[] } | undefined> {
    const [row] = await this.db
      .insert(locationIndex)
      .values(values)
      .onConflictDoNothing({ target: locationIndex.analysisId })
      .returning();
    if (!row) return undefined;
    const evicted = await queryRows<{ id: string }>(
      this.db,
      sql`delete from location_index where id in (
            select id from location_index where user_id = ${values.userId}
            order by created_at desc, id desc
            offset ${LIMITS.locationIndexMax}
          ) returning id`,
    );
    return { row, evicted: evicted.map((r) => r.id) };
  }

  private selectWithPhoto() {
    return this.db
      .select({
        item: locationIndex,
        photoId: photos.id,
        thumbnailKey: photos.thumbnailKey,
        timings: analyses.timings,
        result: analyses.analysisResult,
        // The user's earliest other index item analysed from the same bytes: the first of a duplicate upload.
        duplicateOf: sql<string | null>`(
          select li2.id from location_index li2
          join analyses a2 on a2.id = li2.analysis_id
          join photos p2 on p2.id = a2.photo_id
          where li2.user_id = ${locationIndex.userId} and p2.sha256 = ${photos.sha256} and li2.id <> ${locationIndex.id}
            and (li2.created_at, li2.id) < (${locationIndex.createdAt}, ${locationIndex.id})
          order by li2.created_at, li2.id
          limit 1
        )`,
      })
      .from(locationIndex)
      .leftJoin(analyses, eq(analyses.id, locationIndex.analysisId))
      .leftJoin(photos, eq(photos.id, analyses.photoId));
  }

  private static withPhoto(r: {
    item: LocationIndexRow;
    photoId: string | null;
    thumbnailKey: string | null;
    timings: Record<string, number> | null;
    result: AnalysisResult | null;
    duplicateOf: string | null;
  }): LocationIndexRowWithPhoto {
    return {
      ...r.item,
      thumbnailPhotoId: r.thumbnailKey ? r.photoId : null,
      timings: r.timings,
      result: r.result,
      duplicateOf: r.duplicateOf,
    };
  }

  /** The user's items, newest first. */
  async list(userId: string): Promise<LocationIndexRowWithPhoto[]> {
    const rows = await this.selectWithPhoto()
      .where(eq(locationIndex.userId, userId))
      .orderBy(desc(locationIndex.createdAt), desc(locationIndex.id))
      .limit(LIMITS.locationIndexMax);
    return rows.map(LocationIndexRepository.withPhoto);
  }

  /** One item of this user; undefined when it is not theirs or does not exist. */
  async get(userId: string, id: string): Promise<LocationIndexRowWithPhoto | undefined> {
    const [row] = await this.selectWithPhoto().where(and(eq(locationIndex.userId, userId), eq(locationIndex.id, id)));
    return row ? LocationIndexRepository.withPhoto(row) : undefined;
  }

  /** Updates one item of this user; undefined when it left the index meanwhile. */
  async update(userId: string, id: string, patch: LocationIndexPatch): Promise<LocationIndexRow | undefined> {
    const [row] = await this.db
      .update(locationIndex)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(locationIndex.userId, userId), eq(locationIndex.id, id)))
      .returning();
    return row;
  }

  /** Updates the item an analysis produced (if it is still in the index). */
  async updateByAnalysis(
    userId: string,
    analysisId: string,
    patch: LocationIndexPatch,
  ): Promise<LocationIndexRow | undefined> {
    const [row] = await this.db
      .update(locationIndex)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(locationIndex.userId, userId), eq(locationIndex.analysisId, analysisId)))
      .returning();
    return row;
  }

  /** Removes one item of this user; false when it is not theirs or does not exist. */
  async remove(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(locationIndex)
      .where(and(eq(locationIndex.userId, userId), eq(locationIndex.id, id)))
      .returning({ id: locationIndex.id });
    return rows.length === 1;
  }

  async clear(userId: string): Promise<number> {
    const rows = await this.db
      .delete(locationIndex)
      .where(eq(locationIndex.userId, userId))
      .returning({ id: locationIndex.id });
    return rows.length;
  }
}
