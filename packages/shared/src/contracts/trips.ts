import { z } from 'zod';
import { OutcomeSchema } from './analyses';

/**
 * Trips (R-TRIP-1…8): a named set of one owner's photos uploaded together, with one progress view, a map that
 * fills in as results arrive, and exports. The word is "trip" in the API and on screen.
 */

/** A trip's name as its owner gives it: trimmed, 1–120 characters. */
export const TripNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the trip a name.')
  .max(120, 'A trip name has at most 120 characters.');

/** POST /api/trips: the name is optional; without one the server names the trip after the day it was made. */
export const TripCreateRequestSchema = z.object({ name: TripNameSchema.optional() }).strict();
export type TripCreateRequest = z.infer<typeof TripCreateRequestSchema>;

/** PATCH /api/trips/:id */
export const TripRenameRequestSchema = z.object({ name: TripNameSchema }).strict();
export type TripRenameRequest = z.infer<typeof TripRenameRequestSchema>;

/** DELETE /api/trips/:id: the confirmation the screen asked for, sent along (nothing is deleted without it). */
export const TripDeleteRequestSchema = z
  .object({ confirm: z.literal(true, 'Send {"confirm": true} to delete this trip and its photos') })
  .strict();
export const TripDeletedSchema = z.object({
  deleted: z.literal(true),
  id: z.string(),
  /** Analyses removed with the trip (each with its photo, stored images and location record). */
  photos: z.number().int().nonnegative(),
});
export type TripDeleted = z.infer<typeof TripDeletedSchema>;

/** POST /api/trips/:id/over-limit: files the browser did not send because the weekly limit was reached. */
export const TripOverLimitRequestSchema = z
  .object({ fileNames: z.array(z.string().trim().min(1).max(200)).min(1).max(1000) })
  .strict();
export type TripOverLimitRequest = z.infer<typeof TripOverLimitRequestSchema>;

/**
 * How a photo of a trip stands, in the words its view shows (R-TRIP-4): waiting in the queue, being read, placed
 * (located in the county), not located, outside Miami-Dade, or failed.
 */
export const TripPhotoStateSchema = z.enum(['queued', 'reading', 'placed', 'not_located', 'outside', 'failed']);
export type TripPhotoState = z.infer<typeof TripPhotoStateSchema>;

/** What placed a photo: its own GPS, its neighbours in time (the sequence locator), or another locator. */
export const PlacedBySchema = z.enum(['gps', 'sequence', 'other']);
export type PlacedBy = z.infer<typeof PlacedBySchema>;

/** A photo of the trip that the sequence locator placed this one from. */
export const TripNeighbourSchema = z.object({
  analysisId: z.string(),
  fileName: z.string(),
  /** Signed: negative when the neighbour was taken before this photo. */
  gapSeconds: z.number(),
});
export type TripNeighbour = z.infer<typeof TripNeighbourSchema>;

/** One photo of a trip, as its progress view and exports show it. */
export const TripPhotoSchema = z.object({
  analysisId: z.string(),
  photoId: z.string(),
  fileName: z.string(),
  state: TripPhotoStateSchema,
  /** When the photo was taken, as its camera's clock said ("2024-03-09T10:15:00"), with the offset when stated. */
  takenAt: z.string().nullable(),
  takenAtOffset: z.string().nullable(),
  /** Make and model from its metadata, when named. */
  camera: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** The place found, once there is one (from the moment it is fused, before the stored images are made). */
  place: z
    .object({
      lat: z.number(),
      lng: z.number(),
      radiusMeters: z.number().nullable(),
      confidence: z.number(),
      name: z.string(),
      source: z.string(),
      outcome: OutcomeSchema,
    })
    .nullable(),
  placedBy: PlacedBySchema.nullable(),
  /** The neighbours in time a sequence placement came from (empty otherwise). */
  neighbours: z.array(TripNeighbourSchema),
  /** The sentence that says how it was placed (the sequence locator's, naming the neighbours), when placed so. */
  summary: z.string().nullable(),
  /** Why a failed photo failed. */
  error: z.string().nullable(),
});
export type TripPhoto = z.infer<typeof TripPhotoSchema>;

/** A file of the trip that was not analysed, with the server's reason. */
export const TripRefusalSchema = z.object({
  fileName: z.string(),
  /** The server's error code: weekly_limit_reached, unsupported_type, photo_too_large… */
  code: z.string(),
  message: z.string(),
  at: z.string(),
});
export type TripRefusal = z.infer<typeof TripRefusalSchema>;

export const TripCountsSchema = z.object({
  photos: z.number().int().nonnegative(),
  queued: z.number().int().nonnegative(),
  reading: z.number().int().nonnegative(),
  placed: z.number().int().nonnegative(),
  /** Of the placed, those placed from their neighbours in time. */
  placedFromNeighbours: z.number().int().nonnegative(),
  notLocated: z.number().int().nonnegative(),
  outside: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
});
export type TripCounts = z.infer<typeof TripCountsSchema>;

/** A trip in the list. */
export const TripSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  counts: TripCountsSchema,
  /** When its photos were taken: the first and last capture times known (camera clock), else null. */
  takenFrom: z.string().nullable(),
  takenTo: z.string().nullable(),
});
export type TripSummary = z.infer<typeof TripSummarySchema>;

/** One trip with its photos (ordered by when they were taken) and the files that were refused. */
export const TripSchema = TripSummarySchema.extend({
  photos: z.array(TripPhotoSchema),
  refused: z.array(TripRefusalSchema),
  /** How many photos one upload request of this user may carry (UPLOAD_MAX_FILES and the access tier's limit). */
  maxFilesPerRequest: z.number().int().positive(),
});
export type Trip = z.infer<typeof TripSchema>;

export const TripEnvelopeSchema = z.object({ trip: TripSchema });
export const TripListSchema = z.object({ trips: z.array(TripSummarySchema) });
export type TripList = z.infer<typeof TripListSchema>;

/** POST /api/trips/:id/photos → 202: which files became analyses, and which were refused and why. */
export const TripPhotosUploadResponseSchema = z.object({
  accepted: z.array(z.object({ analysisId: z.string(), photoId: z.string(), fileName: z.string() })),
  refused: z.array(TripRefusalSchema),
});
export type TripPhotosUploadResponse = z.infer<typeof TripPhotosUploadResponseSchema>;

/**
 * One message of GET /api/trips/:id/events (SSE): `snapshot` first (and again when the trip itself changes: photos
 * added, renamed, refusals), then `photo` whenever one of its photos moves on (state, place, thumbnail). `deleted`
 * ends the stream.
 */
export const TripStreamMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), trip: TripSchema }),
  z.object({ type: z.literal('photo'), photo: TripPhotoSchema }),
  z.object({ type: z.literal('deleted'), id: z.string() }),
]);
export type TripStreamMessage = z.infer<typeof TripStreamMessageSchema>;

/** The export formats of GET /api/trips/:id/export.{format}. */
export const TripExportFormatSchema = z.enum(['json', 'csv', 'geojson']);
export type TripExportFormat = z.infer<typeof TripExportFormatSchema>;

/** GET /api/trips/:id/export.json */
export const TripExportSchema = z.object({
  trip: z.object({ id: z.string(), name: z.string(), createdAt: z.string(), exportedAt: z.string() }),
  photos: z.array(TripPhotoSchema.omit({ thumbnailUrl: true })),
  refused: z.array(TripRefusalSchema),
});

/** A photo's state in words, as every trip view and export says it (R-TRIP-4). */
export const TRIP_STATE_LABEL: Record<TripPhotoState, string> = {
  queued: 'Queued',
  reading: 'Reading',
  placed: 'Placed',
  not_located: 'Not located',
  outside: 'Outside Miami-Dade',
  failed: 'Failed',
};
