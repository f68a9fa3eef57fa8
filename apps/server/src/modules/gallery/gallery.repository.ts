import { and, count, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { galleryEntries, gallerySettings } from '../../db/schema.gallery';

import type { GalleryRow, GalleryStore, NewGalleryEntry, ReferenceRow } from '../../engine/gallery/gallery';
import { ReferenceRepository } from './reference.repository';

export type { GalleryRow, NewGalleryEntry };

export class GalleryRepository implements GalleryStore {
  private readonly reference: ReferenceRepository;

  constructor(private readonly db: Db) {
    this.reference = new ReferenceRepository(db);
  }

  // Reference photos (the organisation's imports) serve every user's matches.
  referenceStats(): Promise<{ count: number; maxSeq: number }> {
    return this.reference.stats();
  }

  referenceSince(seq: number, limit: number): Promise<ReferenceRow[]> {
    return this.reference.since(seq, limit);
  }

  referenceFeatures(ids: readonly string[]): Promise<Map<string, Buffer>> {
    return this.reference.features(ids);
  }

  /** Stores an entry; an entry of the same analysis is replaced (a correction moves the place). */
  async insert(entry: NewGalleryEntry): Promise<GalleryRow> {
    return this.db.transaction(async (tx) => {
      if (entry.analysisId) await tx.delete(galleryEntries).where(eq(galleryEntries.analysisId, entry.analysisId));
      const [row] = await tx.insert(galleryEntries).values(entry).returning();
      return row!;
    });
  }

  /** How many entries the user has and the newest sequence number: whether an in-memory copy is current. */
  async stats(userId: string): Promise<{ count: number; maxSeq: number }> {
    const [row] = await this.db
      .select({ count: count(), maxSeq: max(galleryEntries.seq) })
      .from(galleryEntries)
      .where(eq(galleryEntries.userId, userId));
    return { count: Number(row?.count ?? 0), maxSeq: Number(row?.maxSeq ?? 0) };
  }

  /** The user's entries added after `seq`, oldest first, with their keypoints (the index keys a share of them). */
  async since(userId: string, seq: number, limit: number): Promise<GalleryRow[]> {
    return this.db
      .select()
      .from(galleryEntries)
      .where(and(eq(galleryEntries.userId, userId), gt(galleryEntries.seq, seq)))
      .orderBy(galleryEntries.seq)
      .limit(limit);
  }

  async features(userId: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: galleryEntries.id, features: galleryEntries.features })
      .from(galleryEntries)
      .where(and(eq(galleryEntries.userId, userId), inArray(galleryEntries.id, [...ids])));
    return new Map(rows.map((r) => [r.id, r.features]));
  }

  async count(userId: string): Promise<number> {
    return (await this.stats(userId)).count;
  }

  async deleteAll(userId: string): Promise<number> {
    const rows = await this.db
      .delete(galleryEntries)
      .where(eq(galleryEntries.userId, userId))
      .returning({ id: galleryEntries.id });
    return rows.length;
  }

  /** The user's choice; on when never set. */
  async enabled(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ enabled: gallerySettings.enabled })
      .from(gallerySettings)
      .where(eq(gallerySettings.userId, userId));
    return row?.enabled ?? true;
  }

  async setEnabled(userId: string, enabled: boolean): Promise<void> {
    await this.db
      .insert(gallerySettings)
      .values({ userId, enabled })
      .onConflictDoUpdate({ target: gallerySettings.userId, set: { enabled, updatedAt: sql`now()` } });
  }
}
