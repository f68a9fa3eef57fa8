import { and, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyses, photos } from '../../db/schema.analyses';
import type { PhotoStore } from '../../engine/pipeline/ports';
import { appendChainedEvent, type EventRow } from './event-chain';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhoto = Omit<typeof photos.$inferInsert, 'id' | 'userId' | 'createdAt'> & { id: string };
export type { EventRow };

export class PhotosRepository implements PhotoStore {
  constructor(private readonly db: Db) {}

  /**
   * Records the photos, one queued analysis each and its `received` event, all or nothing: a failure leaves
   * no photo without its analysis (and no analysis the runner would pick up for a photo that is not there).
   */
  async createWithAnalyses(
    userId: string,
    items: { photo: NewPhoto; analysisId: string; imageUrl: string }[],
    engineVersion: string,
    /** The trip they were uploaded in (R-TRIP-1), or null. */
    tripId: string | null = null,
  ): Promise<{ photoId: string; analysisId: string; event: EventRow }[]> {
    return this.db.transaction(async (tx) => {
      const out = [];
      for (const item of items) {
        await tx.insert(photos).values({ ...item.photo, userId });
        await tx.insert(analyses).values({
          id: item.analysisId,
          userId,
          photoId: item.photo.id,
          tripId,
          status: 'queued',
          imageUrl: item.imageUrl,
          engineVersion,
        });
        const event = await appendChainedEvent(tx as unknown as Db, {
          analysisId: item.analysisId,
          type: 'received',
          data: { fileName: item.photo.originalName, format: item.photo.format },
        });
        out.push({ photoId: item.photo.id, analysisId: item.analysisId, event });
      }
      return out;
    });
  }

  async get(id: string): Promise<PhotoRow | undefined> {
    const [row] = await this.db.select().from(photos).where(eq(photos.id, id));
    return row;
  }

  async setDerivatives(id: string, keys: { thumbnailKey: string; displayKey: string }): Promise<void> {
    await this.db.update(photos).set(keys).where(eq(photos.id, id));
  }

  async markOriginalDeleted(id: string): Promise<void> {
    await this.db.update(photos).set({ originalKey: null, originalDeletedAt: new Date() }).where(eq(photos.id, id));
  }

  /** Photos that still have an original although none of their analyses is queued or running. */
  async finishedWithOriginal(limit: number): Promise<{ id: string; originalKey: string }[]> {
    const rows = await this.db
      .select({ id: photos.id, originalKey: photos.originalKey })
      .from(photos)
      .where(
        and(
          isNotNull(photos.originalKey),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(analyses)
              .where(and(eq(analyses.photoId, photos.id), sql`${analyses.status} in ('queued', 'running')`)),
          ),
        ),
      )
      .limit(limit);
    return rows.filter((r): r is { id: string; originalKey: string } => r.originalKey !== null);
  }

  async countForUser(userId: string): Promise<number> {
    return (await this.db.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId))).length;
  }
}
