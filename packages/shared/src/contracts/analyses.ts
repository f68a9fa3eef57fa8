import { z } from 'zod';
import { LatLngSchema } from './common';

/** Photo formats accepted by POST /api/photos, decided from magic bytes. */
export const PhotoFormatSchema = z.enum(['jpeg', 'png', 'webp', 'heic', 'avif', 'tiff']);
export type PhotoFormat = z.infer<typeof PhotoFormatSchema>;

export const AnalysisStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type AnalysisStatus = z.infer<typeof AnalysisStatusSchema>;

/**
 * The spec's outcomes (R-ANALYSIS-1) plus "outside coverage" (R-ANALYSIS-10): found, fallback to the general
 * Miami area, failed, error.
 */
export const OutcomeSchema = z.enum(['found', 'outside_coverage', 'fallback', 'failed', 'error']);
export type Outcome = z.infer<typeof OutcomeSchema>;

/** What the metadata step read from the photo (private to its owner; never written into stored images). */
export const PhotoMetadataSchema = z.object({
  takenAt: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  orientation: z.number().int().nullable(),
  /** The GPS reading as validated at read time: status ok (position, accuracy…), absent, rejected or unreadable. */
  gps: z.record(z.string(), z.unknown()).nullable(),
  /** Why reading failed, when the EXIF block itself was unreadable (the photo is still analysed). */
  readError: z.string().nullable(),
});
export type PhotoMetadata = z.infer<typeof PhotoMetadataSchema>;

/** One finding of one locator, cited by the result so a person can see why. */
export const EvidenceSchema = z.object({
  locator: z.string().describe('Name of the locator that produced it, e.g. metadata'),
  kind: z.enum(['position', 'outside_coverage', 'rejected', 'absent']),
  summary: z.string().describe('A sentence a person understands'),
  position: LatLngSchema.optional(),
  radiusMeters: z.number().nonnegative().optional(),
  /** The locator's own probability that the photo lies near `position`. */
  confidence: z.number().min(0).max(1).optional(),
  /** Machine-readable rejection reason (e.g. zero_coordinates, missing_reference). */
  reason: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** A rectangle as shares (0–1) of the photo's width and height. */
export const RelativeBoxSchema = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/** One line of text the text locator read, with its words and where they are in the photo. */
export const ReadLineSchema = z.object({
  text: z.string(),
  /** OCR confidence 0–100. */
  confidence: z.number(),
  box: RelativeBoxSchema,
  words: z.array(z.object({ text: z.string(), confidence: z.number(), box: RelativeBoxSchema })),
  /** What the recogniser read freely, when the line was read as one of the county's sign forms instead (`text`). */
  seen: z.string().optional(),
});
export type ReadLine = z.infer<typeof ReadLineSchema>;

/** What the geoparser understood from some of the read lines (indices into `ocr.lines`). */
export const TextMatchSchema = z.object({
  kind: z
    .string()
    .describe(
      'intersection, address, block, place, street-near-place, zip, local-street, local-grid, street, area-code',
    ),
  label: z.string(),
  lines: z.array(z.number().int().nonnegative()),
  note: z.string().optional(),
  /** A street read alone: its course through the county, [lng, lat] end to end (a line, not a point, on the map). */
  path: z.array(z.tuple([z.number(), z.number()])).optional(),
});
export type TextMatch = z.infer<typeof TextMatchSchema>;

/** `details` of the text locator's evidence: the OCR (on the first evidence item only) and the matches behind it. */
export const TextEvidenceDetailsSchema = z.object({
  ocr: z.object({ width: z.number(), height: z.number(), lines: z.array(ReadLineSchema) }).optional(),
  matches: z.array(TextMatchSchema),
  hints: z.array(TextMatchSchema).optional(),
  timings: z.object({ findMs: z.number(), readMs: z.number() }).optional(),
});
export type TextEvidenceDetails = z.infer<typeof TextEvidenceDetailsSchema>;

/** Reverse-geocoded place of a point; null parts are unknown. */
export const PlaceSchema = z.object({
  municipality: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  zip: z.string().nullable(),
  nearest: z.string().nullable().describe('Nearest named place of the gazetteer, when known'),
});
export type Place = z.infer<typeof PlaceSchema>;

export const CandidateSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  probability: z.number().min(0).max(1),
  radiusMeters: z.number().nonnegative(),
  source: z.string(),
  label: z.string(),
});
export type Candidate = z.infer<typeof CandidateSchema>;

/** The located place: the spec's name/confidence/source plus what the engine knows. */
export const AnalysisResultSchema = z.object({
  outcome: OutcomeSchema,
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  confidence: z.number().min(0).max(1),
  radiusMeters: z.number().nonnegative().nullable(),
  /** The spec's source names: e.g. `GPS Metadata`, `Fallback`, `Default Location`, `Error Fallback`. */
  source: z.string(),
  insideCoverage: z.boolean(),
  place: PlaceSchema.nullable(),
  candidates: z.array(CandidateSchema).max(5),
  /** Sentences citing the evidence behind the result. */
  explanation: z.array(z.string()),
});
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>;

export const AnalysisErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  canRetry: z.boolean(),
});
export type AnalysisError = z.infer<typeof AnalysisErrorSchema>;

/** Milliseconds spent in each step (readMetadata, makeDerivatives, runLocators, fuse, save). */
export const StageTimingsSchema = z.record(z.string(), z.number());
export type StageTimings = z.infer<typeof StageTimingsSchema>;

/** POST /api/photos → 202: one analysis per accepted file. */
export const PhotoUploadResponseSchema = z.object({
  analyses: z.array(
    z.object({
      analysisId: z.string(),
      photoId: z.string(),
      fileName: z.string(),
      status: AnalysisStatusSchema,
      statusUrl: z.string(),
      eventsUrl: z.string(),
    }),
  ),
});
export type PhotoUploadResponse = z.infer<typeof PhotoUploadResponseSchema>;

/** GET /api/analyses/:id */
export const AnalysisSchema = z.object({
  id: z.string(),
  photoId: z.string(),
  fileName: z.string(),
  status: AnalysisStatusSchema,
  stage: z.string().nullable(),
  image_url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  analysis_type: z.string(),
  analysis_result: AnalysisResultSchema.nullable(),
  confidence_score: z.number().nullable(),
  location_data: z.record(z.string(), z.unknown()).nullable(),
  evidence: z.array(EvidenceSchema),
  timings: StageTimingsSchema,
  engineVersion: z.string(),
  error: AnalysisErrorSchema.nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /**
   * The owner's first analysis of the same file (same SHA-256), when this one repeats it; given by GET
   * /api/analyses/:id only.
   */
  duplicateOf: z.object({ analysisId: z.string(), fileName: z.string(), createdAt: z.string() }).nullable().optional(),
});
export type Analysis = z.infer<typeof AnalysisSchema>;
export const AnalysisEnvelopeSchema = z.object({ analysis: AnalysisSchema });

/** Server-Sent Event names of GET /api/analyses/:id/events, in the order they occur. */
export const AnalysisEventTypeSchema = z.enum([
  'received',
  'started',
  'metadata_read',
  'derivatives_made',
  'locator_started',
  'locator_finished',
  'fused',
  'done',
  'failed',
  'retrying',
  // After `done`: a trip's photo placed again from neighbours in time that arrived later (R-TRIP-6).
  'relocated',
]);
export type AnalysisEventType = z.infer<typeof AnalysisEventTypeSchema>;

/** One SSE message: `id:` is `id`, `event:` is `type`, `data:` is this object as JSON. */
export const AnalysisEventSchema = z.object({
  id: z.number().int(),
  analysisId: z.string(),
  type: AnalysisEventTypeSchema,
  at: z.string(),
  /** Partial results: e.g. the locator's evidence, the fused result, the error. */
  data: z.record(z.string(), z.unknown()),
});
export type AnalysisEvent = z.infer<typeof AnalysisEventSchema>;

/**
 * Query of GET /api/analyses/:id/events: resume after this event id, as the `Last-Event-ID` header does (the header
 * wins when both are sent); anything that is not a number starts from the beginning.
 */
export const AnalysisEventsQuerySchema = z.object({
  lastEventId: z.coerce.number().int().nonnegative().optional().catch(undefined),
});

/** Event types after which the stream ends. */
export const TERMINAL_ANALYSIS_EVENTS: readonly AnalysisEventType[] = ['done', 'failed'];

/** POST /api/verify: whether these exact bytes were analysed under the caller's account, and when. */
export const VerifyResponseSchema = z.object({
  /** SHA-256 of the file as received, hex. */
  sha256: z.string(),
  byteSize: z.number().int().nonnegative(),
  /** Every analysis of the same bytes under this account, oldest first; empty when there is none. */
  matches: z.array(
    z.object({
      analysisId: z.string(),
      fileName: z.string(),
      /** When the server received the photo (its clock). */
      receivedAt: z.string(),
      status: AnalysisStatusSchema,
      placeName: z.string().nullable(),
    }),
  ),
});
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;
