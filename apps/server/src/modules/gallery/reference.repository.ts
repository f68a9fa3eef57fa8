import { and, count, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referenceImports, referencePhotos } from '../../db/schema.gallery';
import type { ReferenceRow } from '../../engine/gallery/gallery';

export type ReferenceImportRow = typeof referenceImports.$inferSelect;
export type NewReferencePhoto = Omit<typeof referencePhotos.$inferInsert, 'id' | 'seq' | 'createdAt'>;
/** An import as the founder sees it: when, which folder, how many photos it holds. */
export type ReferenceImportSummary = ReferenceImportRow & { photos: number };
/** A reference photo as the founder's page lists it. */
export type ReferencePhotoListed = Pick<
  typeof referencePhotos.$inferSelect,
  'id' | 'fileName' | 'lat' | 'lng' | 'createdAt'
>;

/** The organisation's reference imagery (gallery:import): imports and their photos' descriptors. */
export class ReferenceRepository {
  constructor(private readonly db: Db) {}

  /** The unfinished import of this folder, to resume, if there is one. */
  async unfinished(folderPath: string): Promise<ReferenceImportRow | null> {
    const [row] = await this.db
      .select()
      .from(referenceImports)
      .where(and(eq(referenceImports.folderPath, folderPath), isNull(referenceImports.finishedAt)))
      .orderBy(desc(referenceImports.createdAt))
      .limit(1);
    return row ?? null;
  }

  async createImport(folderName: string, folderPath: string): Promise<ReferenceImportRow> {
    const [row] = await this.db.insert(referenceImports).values({ folderName, folderPath }).returning();
    return row!;
  }

  async finishImport(id: string): Promise<void> {
    await this.db
      .update(referenceImports)
      .set({ finishedAt: sql`now()` })
      .where(eq(referenceImports.id, id));
  }

  /** The import a file of this SHA-256 already belongs to, or null. */
  async importOf(sha256: string): Promise<string | null> {
    const [row] = await this.db
      .select({ importId: referencePhotos.importId })
      .from(referencePhotos)
      .where(eq(referencePhotos.sha256, sha256));
    return row?.importId ?? null;
  }

  /** Stores a photo; false when a photo of the same SHA-256 was stored meanwhile (by a parallel run). */
  async insertPhoto(photo: NewReferencePhoto): Promise<boolean> {
    const rows = await this.db
      .insert(referencePhotos)
      .values(photo)
      .onConflictDoNothing({ target: referencePhotos.sha256 })
      .returning({ id: referencePhotos.id });
    return rows.length > 0;
  }

  /** Every import, newest first, with its photo count. */
  async list(): Promise<ReferenceImportSummary[]> {
    const photos = this.db
      .select({ importId: referencePhotos.importId, photos: count().as('photos') })
      .from(referencePhotos)
      .groupBy(referencePhotos.importId)
      .as('p');
    const rows = await this.db
      .select({ i: referenceImports, photos: photos.photos })
      .from(referenceImports)
      .leftJoin(photos, eq(photos.importId, referenceImports.id))
      .orderBy(desc(referenceImports.createdAt));
    return rows.map((r) => ({ ...r.i, photos: Number(r.photos ?? 0) }));
  }

  /** One import with its photo count, or null. */
  async find(id: string): Promise<ReferenceImportSummary | null> {
    const [row] = await this.db.select().from(referenceImports).where(eq(referenceImports.id, id));
    if (!row) return null;
    return { ...row, photos: await this.photoCount(id) };
  }

  async photoCount(importId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(referencePhotos)
      .where(eq(referencePhotos.importId, importId));
    return Number(row?.n ?? 0);
  }

  /** A page of an import's photos in the order they were stored: what the founder sees of each (no descriptors). */
  async photosPage(importId: string, offset: number, limit: number): Promise<ReferencePhotoListed[]> {
    return this.db
      .select({
        id: referencePhotos.id,
        fileName: referencePhotos.fileName,
        lat: referencePhotos.lat,
        lng: referencePhotos.lng,
        createdAt: referencePhotos.createdAt,
      })
      .from(referencePhotos)
      .where(eq(referencePhotos.importId, importId))
      .orderBy(referencePhotos.seq)
      .offset(offset)
      .limit(limit);
  }

  /** A reference photo's stored thumbnail (WebP), or null. */
  async thumbnail(photoId: string): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ thumbnail: referencePhotos.thumbnail })
      .from(referencePhotos)
      .where(eq(referencePhotos.id, photoId));
    return row?.thumbnail ?? null;
  }

  /** Removes an import and its photos; the number of photos removed, or null when there is no such import. */
  async remove(id: string): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ n: count() }).from(referencePhotos).where(eq(referencePhotos.importId, id));
      const gone = await tx
        .delete(referenceImports)
        .where(eq(referenceImports.id, id))
        .returning({ id: referenceImports.id });
      return gone.length ? Number(row?.n ?? 0) : null;
    });
  }

  // The gallery's port (engine/gallery GalleryStore): what the matching index reads.

  async stats(): Promise<{ count: number; maxSeq: number }> {
    const [row] = await this.db.select({ count: count(), maxSeq: max(referencePhotos.seq) }).from(referencePhotos);
    return { count: Number(row?.count ?? 0), maxSeq: Number(row?.maxSeq ?? 0) };
  }

  /** Reference photos added after `seq`, oldest first, at most `limit`: the index loads them a page at a time. */
  async since(seq: number, limit: number): Promise<ReferenceRow[]> {
    return this.db
      .select({
        id: referencePhotos.id,
        seq: referencePhotos.seq,
        lat: referencePhotos.lat,
        lng: referencePhotos.lng,
        phash: referencePhotos.phash,
        dhash: referencePhotos.dhash,
        features: referencePhotos.features,
        createdAt: referencePhotos.createdAt,
        importId: referencePhotos.importId,
        importName: referenceImports.folderName,
        fileName: referencePhotos.fileName,
      })
      .from(referencePhotos)
      .innerJoin(referenceImports, eq(referenceImports.id, referencePhotos.importId))
      .where(gt(referencePhotos.seq, seq))
      .orderBy(referencePhotos.seq)
      .limit(limit);
  }

  async features(ids: readonly string[]): Promise<Map<string, Buffer>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: referencePhotos.id, features: referencePhotos.features })
      .from(referencePhotos)
      .where(inArray(referencePhotos.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.features]));
  }
}
