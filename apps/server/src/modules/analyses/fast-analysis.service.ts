import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  placeParts,
  TERMINAL_ANALYSIS_EVENTS,
  outsideCoverageName,
  type AnalysisResult,
  type Evidence,
  type FastAnalysisRequest,
  type FastAnalysisResponse,
  type UploadForAnalysisRequest,
  type UploadForAnalysisResponse,
  type User,
} from '@vt/shared';
import { AppError } from '../../lib/errors';
import { compensate } from '../../lib/retry';
import { ANALYSIS_ERROR_MESSAGES } from '../../lib/analysis-errors';
import type { BlobStorage } from '../../adapters/storage/storage';
import type { ImageDecoder } from '../../adapters/image/decoder';
import { FORMAT_MIME } from '../../adapters/image/magic';
import { lookupMiamiDade } from '../../engine/geo/county';
import { describePlace, placeName } from '../../engine/pipeline/place';
import { photoImageUrl } from '../../engine/pipeline/urls';
import type { AnalysesRepository, AnalysisWithPhoto } from './analyses.repository';
import type { AnalysisEventBus } from './analysis-events';
import { toAnalysis } from './analyses.service';
import type { PhotosService } from './photos.service';
import type { QuotaService } from './quota.service';
import type { FastAnalysisRepository } from './fast-analysis.repository';

export type FastAnalysisServiceDeps = {
  photos: PhotosService;
  quota: QuotaService;
  analyses: AnalysesRepository;
  bus: AnalysisEventBus;
  repo: FastAnalysisRepository;
  storage: BlobStorage;
  decoder: ImageDecoder;
  engineVersion: string;
  /** How long a request waits for its analysis; the job itself keeps running after that. */
  waitMs?: number;
  /** Polling interval while waiting, for a runner in another process whose events this one does not hear. */
  pollMs?: number;
};

/**
 * How long after an analysis a client upload of the same bytes is paid for by it. Spec clients store the
 * photo right after /api/fast-analysis answers; a day leaves room for a client that saves later.
 */
export const CLIENT_UPLOAD_PAIRING_MS = 24 * 3_600_000;

/** The spec's reply to a fast analysis, with the HTTP status it goes out with. */
export type FastAnalysisReply = { status: number; body: FastAnalysisResponse };

/** No web search happens here; the spec's webContext field says so rather than staying silently empty. */
export const WEB_CONTEXT_NOTE =
  'No web context: this server does not search the web; the result comes from the photo alone.';

const DATA_URL = /^data:image\/([a-z0-9.+-]+);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const invalidImageData = () => new AppError(400, 'invalid_image_data', ANALYSIS_ERROR_MESSAGES.invalidImage);

/** The bytes of an image data URL; anything else is the spec's 'Invalid image data format'. */
export function decodeImageData(imageData: unknown): { bytes: Buffer; subtype: string } {
  if (typeof imageData !== 'string' || !imageData.startsWith('data:image/')) throw invalidImageData();
  const head = DATA_URL.exec(imageData.slice(0, 100));
  if (!head) throw invalidImageData();
  // Line breaks are legal inside base64 text (MIME wrapping); anything else outside the alphabet is not.
  const payload = imageData.slice(head[0].length).replace(/[\r\n]/g, '');
  if (payload.length === 0 || !BASE64.test(payload)) throw invalidImageData();
  return { bytes: Buffer.from(payload, 'base64'), subtype: head[1]!.toLowerCase() };
}

const extensionOf = (subtype: string) =>
  subtype === 'jpeg' ? 'jpg' : subtype.replace(/[^a-z0-9]/g, '').slice(0, 8) || 'img';

/** An empty spec reply: what errors answer with. */
export function errorReply(
  status: number,
  message: string,
  canRetry: boolean,
  code: string,
  extra: Partial<FastAnalysisResponse> = {},
): FastAnalysisReply {
  return {
    status,
    body: {
      success: false,
      enhancedContent: '',
      originalAnalysis: { content: '', reasoning: '' },
      webContext: '',
      error: message,
      canRetry,
      code,
      analysisId: null,
      status: null,
      outcome: null,
      location: null,
      confidence: null,
      radiusMeters: null,
      source: null,
      insideCoverage: null,
      candidates: [],
      evidence: [],
      imageUrl: null,
      thumbnailUrl: null,
      processingTimeMs: null,
      ...extra,
    },
  };
}

/** The abort reason of a wait ended because the server is closing (the route's preClose hook). */
export const SHUTTING_DOWN = 'shutting-down';

/**
 * The spec's JSON analysis calls on top of the engine: the photo goes through the same intake as POST /api/photos
 * (magic bytes, limits, quota, a persisted job), and the request waits, bounded, for the job's result.
 */
export class FastAnalysisService {
  constructor(private readonly deps: FastAnalysisServiceDeps) {}

  async analyse(user: User, body: FastAnalysisRequest, signal: AbortSignal): Promise<FastAnalysisReply> {
    const started = performance.now();
    // A user with nothing left this week is told so before the photo is decoded.
    await this.deps.photos.ensureRoom(user);
    const { bytes, subtype } = decodeImageData(body.imageData);
    const fileName = body.fileName?.trim() || `photo.${extensionOf(subtype)}`;
    const staged = await this.deps.photos.stage(Readable.from([bytes]), fileName);
    let submitted;
    try {
      submitted = await this.deps.photos.submit(user, [staged]);
    } catch (error) {
      await this.deps.photos.discard([staged]);
      throw error;
    }
    const analysisId = submitted.analyses[0]!.analysisId;
    const row = await this.waitForFinish(analysisId, signal);
    if (!row) {
      if (signal.reason === SHUTTING_DOWN)
        return errorReply(
          503,
          'The server is restarting. Your photo is saved and its analysis goes on; ask again in a moment.',
          true,
          'server_restarting',
          { analysisId, status: 'running' },
        );
      if (signal.aborted)
        return errorReply(499, 'The client went away; the analysis continues.', true, 'client_gone', { analysisId });
      return errorReply(504, ANALYSIS_ERROR_MESSAGES.timeout, true, 'analysis_timeout', {
        analysisId,
        status: 'running',
      });
    }
    return toReply(row, Math.round(performance.now() - started));
  }

  /** Resolves with the finished row, or null when the wait ran out or the caller went away. */
  private waitForFinish(analysisId: string, signal: AbortSignal): Promise<AnalysisWithPhoto | null> {
    const waitMs = this.deps.waitMs ?? 120_000;
    const pollMs = this.deps.pollMs ?? 1000;
    return new Promise((resolve) => {
      let settled = false;
      let checking = false;
      const settle = (row: AnalysisWithPhoto | null) => {
        if (settled) return;
        settled = true;
        unsubscribe();
        clearInterval(poll);
        clearTimeout(deadline);
        signal.removeEventListener('abort', onAbort);
        resolve(row);
      };
      const check = async () => {
        if (settled || checking) return;
        checking = true;
        try {
          const row = await this.deps.analyses.get(analysisId);
          if (row && (row.status === 'done' || row.status === 'failed')) settle(row);
        } catch {
          // A passing database error: the next poll or event tries again until the deadline.
        } finally {
          checking = false;
        }
      };
      const unsubscribe = this.deps.bus.subscribe(analysisId, (event) => {
        if (TERMINAL_ANALYSIS_EVENTS.includes(event.type)) void check();
      });
      const poll = setInterval(() => void check(), pollMs);
      const deadline = setTimeout(() => settle(null), waitMs);
      const onAbort = () => settle(null);
      signal.addEventListener('abort', onAbort);
      if (signal.aborted) return settle(null);
      void check();
    });
  }

  /**
   * Stores a photo that a client already analysed, with its result, as a finished analysis of type
   * `client-upload`. The photo passes the same checks as any upload and only stripped derivatives are kept.
   * Spec clients send this right after /api/fast-analysis, which counted the same photo: the same bytes
   * analysed by this user in the last day pay for one stored copy (paired, at most once); any other photo is
   * counted against the weekly limit like every upload, before it is decoded.
   */
  async storeClientUpload(user: User, body: UploadForAnalysisRequest): Promise<UploadForAnalysisResponse> {
    const { bytes, subtype } = decodeImageData(body.imageData);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const pairedWith = await this.deps.repo.claimAnalysedPhoto(
      user.id,
      sha256,
      new Date(Date.now() - CLIENT_UPLOAD_PAIRING_MS),
    );
    if (!pairedWith) await this.deps.quota.reserve(user.id, 1);
    const giveBack = () =>
      compensate(() =>
        pairedWith
          ? this.deps.repo.unpair(user.id, pairedWith)
          : (this.deps.quota.release?.(user.id, 1) ?? Promise.resolve()),
      );
    const fileName = body.filename?.trim() || `photo.${extensionOf(subtype)}`;
    let staged;
    try {
      staged = await this.deps.photos.stage(Readable.from([bytes]), fileName);
    } catch (error) {
      await giveBack().catch(() => {});
      throw error;
    }
    const photoId = randomUUID();
    const analysisId = randomUUID();
    const keys = { thumbnailKey: `derived/${photoId}/thumbnail.webp`, displayKey: `derived/${photoId}/display.webp` };
    try {
      const derivatives = await this.deps.decoder.makeDerivatives(staged.tempPath, staged.format);
      await this.deps.storage.put(keys.thumbnailKey, derivatives.thumbnail);
      await this.deps.storage.put(keys.displayKey, derivatives.display);
      const { result, evidence } = clientResult(body);
      await this.deps.repo.createClientUpload(user.id, {
        photo: {
          id: photoId,
          originalName: staged.fileName,
          format: staged.format,
          mimeType: FORMAT_MIME[staged.format],
          byteSize: staged.byteSize,
          width: staged.width,
          height: staged.height,
          sha256: staged.sha256,
          // A client upload is never itself a counted analysis another client upload could pair with.
          pairedAt: new Date(),
          originalKey: null,
          originalDeletedAt: new Date(),
          ...keys,
        },
        analysisId,
        imageUrl: photoImageUrl(photoId, 'display'),
        result,
        evidence,
        locationData: {
          name: result.name,
          lat: result.lat,
          lng: result.lng,
          source: result.source,
          radiusMeters: null,
          insideCoverage: result.insideCoverage,
          ...placeParts(result.place),
        },
        engineVersion: this.deps.engineVersion,
      });
    } catch (error) {
      await Promise.allSettled([
        this.deps.storage.delete(keys.thumbnailKey),
        this.deps.storage.delete(keys.displayKey),
        giveBack(),
      ]);
      throw error;
    } finally {
      await this.deps.photos.discard([staged]);
    }
    return { success: true, id: analysisId, photoId, error: null, canRetry: false };
  }
}

/** The client's own result as an engine result, outside coverage said as such. */
function clientResult(body: UploadForAnalysisRequest): { result: AnalysisResult; evidence: Evidence[] } {
  const position = { lat: body.coordinates.lat, lng: body.coordinates.lng };
  const inside = lookupMiamiDade(position).inside;
  const place = inside ? describePlace(position) : null;
  const confidence = body.confidence ?? 0;
  const name = body.locationName?.trim() || (inside ? placeName(place, position) : outsideCoverageName(position));
  const analysisText =
    typeof body.analysisResult === 'string'
      ? body.analysisResult
      : body.analysisResult
        ? JSON.stringify(body.analysisResult)
        : null;
  const summary = 'The place was reported by the client with its upload; this server did not analyse the photo.';
  return {
    result: {
      outcome: inside ? 'found' : 'outside_coverage',
      name,
      lat: position.lat,
      lng: position.lng,
      confidence,
      radiusMeters: null,
      source: 'Client Upload',
      insideCoverage: inside,
      place,
      candidates: [{ ...position, probability: confidence, radiusMeters: 0, source: 'Client Upload', label: name }],
      explanation: [summary],
    },
    evidence: [
      {
        locator: 'client',
        kind: inside ? 'position' : 'outside_coverage',
        position,
        confidence,
        summary,
        details: { analysisText: analysisText?.slice(0, 100_000) ?? null, locationName: body.locationName ?? null },
      },
    ],
  };
}

const fmtCoord = (x: number) => x.toFixed(4);

/** The spec reply for a finished analysis: readable text from the evidence plus the structured result. */
export function toReply(row: AnalysisWithPhoto, processingTimeMs: number): FastAnalysisReply {
  const analysis = toAnalysis(row);
  const result = analysis.analysis_result;
  const evidence = analysis.evidence;
  const common = {
    analysisId: analysis.id,
    status: analysis.status,
    imageUrl: analysis.image_url,
    thumbnailUrl: analysis.thumbnailUrl,
    evidence,
    processingTimeMs,
  };
  if (!result) {
    const error = analysis.error ?? {
      message: ANALYSIS_ERROR_MESSAGES.analysisFailed,
      canRetry: true,
      code: 'analysis_failed',
    };
    return errorReply(500, error.message, error.canRetry, error.code, common);
  }
  const { content, reasoning } = describeResult(result, evidence);
  const structured = {
    ...common,
    outcome: result.outcome,
    location: {
      lat: result.lat,
      lng: result.lng,
      name: result.name,
      ...placeParts(result.place),
    },
    confidence: result.confidence,
    radiusMeters: result.radiusMeters,
    source: result.source,
    insideCoverage: result.insideCoverage,
    candidates: result.candidates,
    enhancedContent: content,
    originalAnalysis: { content, reasoning },
    webContext: WEB_CONTEXT_NOTE,
  };
  if (analysis.status === 'failed') {
    const error = analysis.error ?? {
      message: ANALYSIS_ERROR_MESSAGES.analysisFailed,
      canRetry: false,
      code: 'analysis_failed',
    };
    // An unsuccessful analysis is a normal answer with success false (R-ANALYSIS-3); an error is a failure
    // (R-ANALYSIS-4).
    const status = result.outcome === 'error' ? 500 : 200;
    return {
      status,
      body: { ...structured, success: false, error: error.message, canRetry: error.canRetry, code: error.code },
    };
  }
  // A locator that failed for a passing reason (model timeout, rate limit) left only the fallback: say so, and
  // that trying again may help, while the result itself is still a success.
  const degraded = result.outcome === 'fallback' ? locatorFailure(evidence) : null;
  return {
    status: 200,
    body: {
      ...structured,
      success: true,
      error: degraded?.message ?? null,
      canRetry: degraded?.canRetry ?? false,
      ...(degraded ? { code: 'locator_failed' } : {}),
    },
  };
}

function locatorFailure(evidence: Evidence[]): { message: string; canRetry: boolean } | null {
  for (const e of evidence) {
    const error = e.details?.error as { message?: unknown; canRetry?: unknown } | undefined;
    if (error && typeof error.message === 'string' && error.canRetry === true)
      return { message: error.message, canRetry: true };
  }
  return null;
}

/**
 * The text a spec client reads. A found place gets the exact 'Coordinates:' line the spec's extraction reads
 * first; a fallback does not, so an old client does its own fallback instead of taking central Miami as found.
 */
export function describeResult(result: AnalysisResult, evidence: Evidence[]): { content: string; reasoning: string } {
  const lines: string[] = [];
  const located = result.outcome === 'found' || result.outcome === 'outside_coverage';
  lines.push(`Location: ${result.name}`);
  if (result.place?.neighbourhood) lines.push(`Neighborhood: ${result.place.neighbourhood}`);
  if (result.place?.municipality) lines.push(`Municipality: ${result.place.municipality}`);
  if (result.place?.zip) lines.push(`ZIP: ${result.place.zip}`);
  if (located) lines.push(`Coordinates: ${fmtCoord(result.lat)}, ${fmtCoord(result.lng)}`);
  const radius = result.radiusMeters ? ` (within about ${formatRadius(result.radiusMeters)})` : '';
  lines.push(`Confidence: ${Math.round(result.confidence * 100)}%${located ? radius : ''}`);
  lines.push(`Source: ${result.source}`);
  if (!result.insideCoverage)
    lines.push('This photo was taken outside Miami-Dade County, which Vision Terminal covers.');
  if (result.candidates.length > 1) {
    lines.push('', 'Other candidates:');
    for (const c of result.candidates.slice(1))
      lines.push(
        `- ${c.label} (${fmtCoord(c.lat)}, ${fmtCoord(c.lng)}), ${Math.round(c.probability * 100)}%, ${c.source}`,
      );
  }
  lines.push('', 'Evidence:', ...result.explanation.map((s) => `- ${s}`));

  const modelReasoning = evidence
    .map((e) => e.details?.reasoning)
    .find((r): r is string[] => Array.isArray(r) && r.length > 0 && r.every((x) => typeof x === 'string'));
  const features = evidence
    .map((e) => e.details?.features)
    .find((f): f is string[] => Array.isArray(f) && f.length > 0 && f.every((x) => typeof x === 'string'));
  const reasoning = [
    ...result.explanation,
    ...(features ? [`Visual features noted by the vision model: ${features.join(', ')}.`] : []),
    ...(modelReasoning ?? []).map((s, i) => `Model step ${i + 1}: ${s}`),
  ].join('\n');
  return { content: lines.join('\n'), reasoning };
}

const formatRadius = (m: number) => (m >= 1000 ? `${Math.round(m / 100) / 10} km` : `${Math.round(m)} m`);
