import { and, eq, sql } from 'drizzle-orm';
import type { AnalysisResult, Evidence } from '@vt/shared';
import { queryRows, type Db } from '../../db/client';
import { analyses, photos } from '../../db/schema.analyses';
import { appendChainedEvent } from './event-chain';
import type { NewPhoto } from './photos.repository';

export type ClientUploadRecord = {
  photo: NewPhoto;
  analysisId: string;
  imageUrl: string;
  result: AnalysisResult;
  evidence: Evidence[];
  locationData: Record<string, unknown>;
  engineVersion: string;
};

export class FastAnalysisRepository {
  constructor(private readonly db: Db) {}

  /**
   * Marks the newest unpaired photo of this user with these bytes, received since `since`, as paired with a
   * client upload and returns its id; null when there is none. One statement, with the row locked and taken
   * by the first caller (SKIP LOCKED), so two parallel client uploads cannot both pair with one analysis.
   */
  async claimAnalysedPhoto(userId: string, sha256: string, since: Date): Promise<string | null> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`update photos set paired_at = now()
          where id = (select id from photos
                      where user_id = ${userId} and sha256 = ${sha256} and paired_at is null
                        and created_at > ${since.toISOString()}::timestamptz
                      order by created_at desc limit 1 for update skip locked)
            and paired_at is null
          returning id`,
    );
    return rows[0]?.id ?? null;
  }

  /** Gives a claimed photo back (the client upload that claimed it failed). */
  async unpair(userId: string, photoId: string): Promise<void> {
    await this.db
      .update(photos)
      .set({ pairedAt: null })
      .where(and(eq(photos.id, photoId), eq(photos.userId, userId)));
  }

  /**
   * Records a photo with a finished analysis of type `client-upload` (the result came with the upload, so no
   * job is queued), and its `done` event, all or nothing.
   */
  async createClientUpload(userId: string, r: ClientUploadRecord): Promise<void> {
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await tx.insert(photos).values({ ...r.photo, userId });
      await tx.insert(analyses).values({
        id: r.analysisId,
        userId,
        photoId: r.photo.id,
        status: 'done',
        stage: 'save',
        imageUrl: r.imageUrl,
        analysisType: 'client-upload',
        analysisResult: r.result,
        confidenceScore: r.result.confidence,
        locationData: r.locationData,
        evidence: r.evidence,
        candidates: r.result.candidates,
        engineVersion: r.engineVersion,
        startedAt: now,
        finishedAt: now,
      });
      await appendChainedEvent(tx as unknown as Db, {
        analysisId: r.analysisId,
        type: 'done',
        data: { result: r.result, clientUpload: true },
      });
    });
  }
}
