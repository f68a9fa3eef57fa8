import type { Analysis, AnalysisEvent, User } from '@vt/shared';
import { notFound } from '../../lib/errors';
import { photoImageUrl } from '../../engine/pipeline/urls';
import { isUuid } from '../../lib/ids';
import type { AnalysesRepository, AnalysisWithPhoto } from './analyses.repository';
import { toAnalysisEvent, type AnalysisEventBus } from './analysis-events';

export class AnalysesService {
  constructor(
    private readonly repo: AnalysesRepository,
    private readonly bus: AnalysisEventBus,
  ) {}

  /** The analysis if `user` owns it (or is a founder); others get the same 404 as a missing id. */
  async find(user: User, id: string): Promise<AnalysisWithPhoto> {
    const row = isUuid(id) ? await this.repo.get(id) : undefined;
    if (!row || (row.userId !== user.id && user.role !== 'founder')) throw notFound('Analysis not found.');
    return row;
  }

  /** One analysis, saying when it repeats a file its owner had analysed before (and which analysis that was). */
  async get(user: User, id: string): Promise<Analysis> {
    const row = await this.find(user, id);
    const first = row.photo.sha256
      ? await this.repo.firstWithSameBytes(row.userId, row.photo.sha256, row.createdAt, row.id)
      : undefined;
    return {
      ...toAnalysis(row),
      duplicateOf: first
        ? { analysisId: first.analysisId, fileName: first.fileName, createdAt: first.createdAt.toISOString() }
        : null,
    };
  }

  /** Stored events after `afterId`, for replay to a (re)connecting subscriber. */
  async replay(analysisId: string, afterId: number): Promise<AnalysisEvent[]> {
    return (await this.repo.eventsSince(analysisId, afterId)).map(toAnalysisEvent);
  }

  subscribe(analysisId: string, listener: (event: AnalysisEvent) => void): () => void {
    return this.bus.subscribe(analysisId, listener);
  }
}

export function toAnalysis(row: AnalysisWithPhoto): Analysis {
  return {
    id: row.id,
    photoId: row.photoId,
    fileName: row.photo.originalName,
    status: row.status,
    stage: row.stage,
    image_url: row.photo.displayKey ? row.imageUrl : null,
    thumbnailUrl: row.photo.thumbnailKey ? photoImageUrl(row.photoId, 'thumbnail') : null,
    analysis_type: row.analysisType,
    analysis_result: row.analysisResult ?? null,
    confidence_score: row.confidenceScore ?? null,
    location_data: row.locationData ?? null,
    evidence: row.evidence ?? [],
    timings: row.timings,
    engineVersion: row.engineVersion,
    error: row.status === 'failed' ? (row.error ?? null) : null,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
