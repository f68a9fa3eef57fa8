import { z } from 'zod';
import { LatLngSchema } from './common';
import {
  AnalysisErrorSchema,
  AnalysisResultSchema,
  AnalysisStatusSchema,
  CandidateSchema,
  EvidenceSchema,
  PhotoMetadataSchema,
  RelativeBoxSchema,
} from './analyses';

/** The result of checking an analysis' chained events (R-REPORT-3). */
export const EventChainCheckSchema = z.object({
  /** True when every chained event's hash matches its content and follows the event before it. */
  intact: z.boolean(),
  /** Events checked against their hashes (up to the first break). */
  chained: z.number().int().nonnegative(),
  /** Events recorded before events were chained (no hash); they can only come first. */
  unchained: z.number().int().nonnegative(),
  /** The first event that breaks the chain, and why; null when intact. */
  brokenAt: z.object({ eventId: z.number().int(), reason: z.string() }).nullable(),
  /** The hash of the last event that checked out: a copy of the report pins the history up to it. */
  lastHash: z.string().nullable(),
});
export type EventChainCheck = z.infer<typeof EventChainCheckSchema>;

/** One stored event of the analysis, with its place in the chain. */
export const ReportEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** When it was recorded (server clock), ISO 8601: the exact string its hash covers. */
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** Null on events recorded before events were chained. */
  prevHash: z.string().nullable(),
  hash: z.string().nullable(),
});
export type ReportEvent = z.infer<typeof ReportEventSchema>;

/**
 * An image in the report (R-REPORT-5): a JPEG re-encoded from one of the stored, metadata-free derivatives (never
 * the original), carrying no metadata itself, as a data URL.
 *
 * Why the bytes and not a link: a report is evidence that must be checkable on its own, later and offline. A link
 * would need the owner signed in, would answer nothing once the photo or the reference import is deleted, and would
 * show whatever is stored then rather than what the report showed; the PDF is rendered from this same object, so both
 * carry the very same pixels. The images are small (a few to a few tens of kilobytes each).
 */
export const ReportImageSchema = z.object({
  dataUrl: z.string().regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ReportImage = z.infer<typeof ReportImageSchema>;

/** A line of text the text locator read, where it was in the photo, and what the geoparser read it as. */
export const ReportTextLineSchema = z.object({
  text: z.string(),
  /** OCR confidence 0–100. */
  confidence: z.number(),
  box: RelativeBoxSchema,
  /** What the recogniser saw, when the line was read as one of the county's sign forms instead (`text`). */
  seen: z.string().optional(),
  /** The place or street this line was read as (the geoparser's label), or null when it placed nothing. */
  readAs: z.string().nullable(),
  /**
   * Where it was read: the stored display image cut around `box` with a little margin, scaled to a readable height;
   * null when there is no stored image to cut from (the evidence's `imageNote` says why).
   */
  crop: ReportImageSchema.nullable(),
});
export type ReportTextLine = z.infer<typeof ReportTextLineSchema>;

/** One piece of evidence as its locator recorded it, with the text it read picked out. */
export const ReportEvidenceSchema = z.object({
  locator: z.string(),
  kind: EvidenceSchema.shape.kind,
  summary: z.string(),
  confidence: z.number().nullable(),
  radiusMeters: z.number().nullable(),
  position: LatLngSchema.nullable(),
  reason: z.string().nullable(),
  /** The text locator's lines behind this evidence (empty for other locators). */
  textRead: z.array(ReportTextLineSchema),
  /**
   * A gallery match's two pictures side by side: this photo's stored thumbnail and the matched one's (the owner's
   * earlier analysis or a reference photo); null for any other evidence. An image that cannot be shown is null.
   */
  thumbnails: z
    .object({
      photo: ReportImageSchema.nullable(),
      matched: ReportImageSchema.nullable(),
      /** What the matched picture is, in words (a reference photo and its import, or your photo and its analysis). */
      matchedCaption: z.string(),
    })
    .nullable(),
  /** Why an image this evidence would show (a crop, a thumbnail) is missing; null when nothing is. */
  imageNote: z.string().nullable(),
  /** The locator's details exactly as stored. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type ReportEvidence = z.infer<typeof ReportEvidenceSchema>;

/**
 * GET /api/analyses/:id/report.json (and the same content as PDF at report.pdf): what a person needs to show how a
 * photo was placed (R-REPORT-1). Only for a finished analysis (done or failed) of the caller's own.
 */
export const EvidenceReportSchema = z.object({
  reportVersion: z.literal(1),
  /** When this report was made (server clock). */
  generatedAt: z.string(),
  analysis: z.object({
    id: z.string(),
    status: AnalysisStatusSchema,
    /** `engine` for a photo analysed here, `client-upload` or `external` for a result that came with it. */
    analysisType: z.string(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  }),
  /** The file as received. */
  file: z.object({
    fileName: z.string(),
    /** SHA-256 of the bytes as received, hex; null for a result recorded without its file. */
    sha256: z.string().nullable(),
    byteSize: z.number().int().nonnegative(),
    /** Detected from the bytes (jpeg, png…), or `external` when no file was received. */
    format: z.string(),
    mimeType: z.string(),
    width: z.number().int().nonnegative(),
    height: z.number().int().nonnegative(),
    /** When the server received it (its clock). */
    receivedAt: z.string(),
    receivedBy: z.object({ name: z.string(), email: z.string() }),
    /** Whether the original bytes are still stored (KEEP_ORIGINALS); the hash stands either way. */
    originalKept: z.boolean(),
  }),
  /** A small image of the analysed photo, from its stored display image (R-REPORT-5). */
  photo: z.object({
    /** Null when there is no stored image of it (the note says why). */
    image: ReportImageSchema.nullable(),
    /** What the image is, or why there is none. */
    note: z.string(),
  }),
  /** Camera and time from the photo's own metadata, as read; null when it was never read. */
  metadata: PhotoMetadataSchema.nullable(),
  evidence: z.array(ReportEvidenceSchema),
  /** Every candidate the engine weighed, most probable first. */
  candidates: z.array(CandidateSchema),
  /** The final point, radius, confidence and place; null when the analysis ended without one. */
  result: AnalysisResultSchema.nullable(),
  error: AnalysisErrorSchema.nullable(),
  versions: z.object({
    engine: z.string(),
    /**
     * The locators that reported evidence. They have no versions of their own (they change with the engine
     * version); `model` names the outside model that answered, when one did (the vision model).
     */
    locators: z.array(z.object({ name: z.string(), model: z.string().nullable() })),
  }),
  events: z.object({
    items: z.array(ReportEventSchema),
    chain: EventChainCheckSchema,
    /** How each hash is computed, so anyone can check the chain from this JSON alone. */
    rule: z.string(),
  }),
  /** How to check a file against this report. */
  verification: z.string(),
});
export type EvidenceReport = z.infer<typeof EvidenceReportSchema>;
