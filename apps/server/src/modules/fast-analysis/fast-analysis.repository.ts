import type { AnalysisResult, Evidence } from '@vt/shared';
import type { Db } from '../../db/client';
import { analyses, analysisEvents, photos } from '../../db/schema.analyses';
import type { NewPhoto } from '../photos/photos.repository';

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
      await tx.insert(analysisEvents).values({ analysisId: r.analysisId, type: 'done', data: { result: r.result, clientUpload: true } });
    });
  }
}
