import { z } from 'zod';
import { AnalysisStatusSchema, CandidateSchema, EvidenceSchema, OutcomeSchema } from './analyses';

/**
 * The spec's analysis calls (R-ANALYSIS-11) kept for clients written against it: POST /api/fast-analysis and
 * POST /api/images/upload-for-analysis. Both take the photo as a data URL in JSON; the engine behind them is
 * the same as POST /api/photos.
 */

/** POST /api/fast-analysis. `prompt` and `useO3Pro` are accepted for compatibility; the engine asks its own. */
export const FastAnalysisRequestSchema = z.object({
  /** `data:image/<type>;base64,<bytes>`; anything else is 'Invalid image data format'. */
  imageData: z.string(),
  prompt: z.string().max(50_000).optional(),
  useO3Pro: z.boolean().optional(),
  /** Optional file name, used in the spec's outcome names ('Analysis Failed: {file} (Default Miami)'). */
  fileName: z.string().max(200).optional(),
});
export type FastAnalysisRequest = z.infer<typeof FastAnalysisRequestSchema>;

export const FastAnalysisLocationSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  name: z.string(),
  municipality: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  zip: z.string().nullable(),
});
export type FastAnalysisLocation = z.infer<typeof FastAnalysisLocationSchema>;

/**
 * The spec's "analysis result from server" (R-ANALYSIS-11: success, enhancedContent, originalAnalysis, webContext,
 * error, plus canRetry) and the structured result of the engine. Errors answer the same shape with
 * success false, `error` a sentence and the structured fields null or empty.
 */
export const FastAnalysisResponseSchema = z.object({
  success: z.boolean(),
  /** Readable text built from the evidence; includes 'Coordinates: lat, lng' when a place was found. */
  enhancedContent: z.string(),
  originalAnalysis: z.object({ content: z.string(), reasoning: z.string() }),
  webContext: z.string(),
  error: z.string().nullable(),
  canRetry: z.boolean(),
  /** Machine-readable error code when `error` is set. */
  code: z.string().optional(),
  analysisId: z.string().nullable(),
  status: AnalysisStatusSchema.nullable(),
  outcome: OutcomeSchema.nullable(),
  location: FastAnalysisLocationSchema.nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  radiusMeters: z.number().nonnegative().nullable(),
  source: z.string().nullable(),
  insideCoverage: z.boolean().nullable(),
  candidates: z.array(CandidateSchema),
  evidence: z.array(EvidenceSchema),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  processingTimeMs: z.number().nullable(),
});
export type FastAnalysisResponse = z.infer<typeof FastAnalysisResponseSchema>;

/** POST /api/images/upload-for-analysis: a photo and the result a client already has for it. */
export const UploadForAnalysisRequestSchema = z.object({
  imageData: z.string(),
  filename: z.string().max(200).optional(),
  /** The client's analysis text (or object); kept with the record, never interpreted. */
  analysisResult: z.union([z.string().max(100_000), z.record(z.string(), z.unknown())]).nullish(),
  coordinates: z.object({
    lat: z.number().finite().min(-90).max(90),
    lng: z.number().finite().min(-180).max(180),
  }),
  confidence: z.number().finite().min(0).max(1).nullish(),
  locationName: z.string().max(200).nullish(),
});
export type UploadForAnalysisRequest = z.infer<typeof UploadForAnalysisRequestSchema>;

export const UploadForAnalysisResponseSchema = z.object({
  success: z.boolean(),
  /** The id of the stored analysis record (type `client-upload`). */
  id: z.string().nullable(),
  photoId: z.string().nullable(),
  error: z.string().nullable(),
  canRetry: z.boolean(),
  code: z.string().optional(),
});
export type UploadForAnalysisResponse = z.infer<typeof UploadForAnalysisResponseSchema>;
