import { z } from 'zod';
import { LIMITS } from '../constants';
import { LatLngSchema } from './common';

/** The spec's source name for items a person adds by hand (R-INDEX-2: source default Manual). */
export const MANUAL_SOURCE = 'Manual';

const name = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const confidence = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const source = z.string().trim().min(1).max(60);

/** A location record (R-DATA-3: location_name, coordinates, address; listed results add created_at). */
export const LocationSchema = z.object({
  id: z.string(),
  location_name: z.string(),
  coordinates: LatLngSchema,
  /** Neighbourhood, municipality and ZIP as one line, as far as known. */
  address: z.string().nullable(),
  municipality: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  zip: z.string().nullable(),
  source: z.string(),
  confidence: z.number().min(0).max(1),
  /** The analysis that produced it; null for a location created by hand. */
  analysis_id: z.string().nullable(),
  created_at: z.string(),
});
export type Location = z.infer<typeof LocationSchema>;

/** POST /api/locations/create (R-DATA-1). */
export const LocationCreateRequestSchema = z.object({
  location_name: name(200),
  coordinates: LatLngSchema,
  address: z.string().trim().max(300, 'must be at most 300 characters').nullable().optional(),
  source: source.optional(),
  confidence: confidence.optional(),
});
export type LocationCreateRequest = z.infer<typeof LocationCreateRequestSchema>;
export const LocationEnvelopeSchema = z.object({ location: LocationSchema });

/** Query of the paged history lists (R-DATA-2: page size default 20); strings because they come from a URL. */
export const LocationsPageQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.pageSizeMax, `limit must be at most ${LIMITS.pageSizeMax}`)
    .default(LIMITS.pageSizeDefault),
  offset: z.coerce
    .number({ message: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});
export type LocationsPageQuery = z.infer<typeof LocationsPageQuerySchema>;

/** GET /api/locations/my: the newest first; the server keeps the spec's 50 newest per user. */
export const LocationsPageSchema = z.object({
  locations: z.array(LocationSchema),
  total: z.number().int().nonnegative(),
});
export type LocationsPage = z.infer<typeof LocationsPageSchema>;

export const LocationIndexStatusSchema = z.enum([
  'idle',
  'verifying',
  'verified',
  'reevaluating',
  'reevaluated',
  'error',
]);
export type LocationIndexStatus = z.infer<typeof LocationIndexStatusSchema>;

/** One item of the location index (R-INDEX-1, R-INDEX-2), kept on the server, at most 20 per user. */
export const LocationIndexItemSchema = z.object({
  id: z.string(),
  /** The analysis that produced it; null for a manual item. */
  analysisId: z.string().nullable(),
  name: z.string(),
  coordinates: LatLngSchema,
  hasImage: z.boolean(),
  /** The analysed photo's thumbnail (owner only), when there is one. */
  thumbnailUrl: z.string().nullable(),
  source: z.string(),
  status: LocationIndexStatusSchema,
  confidence: z.number().min(0).max(1),
  /** Why the last Verify, Reevaluate or correction left the item as it is; null before any. */
  note: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** The engine's own time on the photo (sum of its steps), for the Extra view; null for a manual item. */
  processingMs: z.number().nonnegative().nullable(),
  /** Located in the county, located outside it, or not located (the spec's fallback point; see standing.ts). */
  standing: z.enum(['located', 'outside', 'not_located']),
  /** Municipality, neighbourhood and ZIP of the item's point; null when it is not located in the county. */
  place: z
    .object({ municipality: z.string().nullable(), neighbourhood: z.string().nullable(), zip: z.string().nullable() })
    .nullable(),
  /** The analysis' uncertainty radius while the item still shows the analysis' point; null otherwise. */
  radiusMeters: z.number().nonnegative().nullable(),
  /** The id of the user's first index item analysed from the same photo (same bytes), when this one repeats it. */
  duplicateOf: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LocationIndexItem = z.infer<typeof LocationIndexItemSchema>;

/** GET /api/location-index: newest first. */
export const LocationIndexSchema = z.object({
  items: z.array(LocationIndexItemSchema),
  max: z.literal(LIMITS.locationIndexMax),
});
export type LocationIndex = z.infer<typeof LocationIndexSchema>;

/** POST /api/location-index: a manual item. */
export const LocationIndexCreateRequestSchema = z.object({
  name: name(200),
  lat: LatLngSchema.shape.lat,
  lng: LatLngSchema.shape.lng,
  confidence: confidence.optional(),
  source: source.optional(),
});
export type LocationIndexCreateRequest = z.infer<typeof LocationIndexCreateRequestSchema>;

/** The new item, and the ids of the oldest items that left to keep the index at its maximum. */
export const LocationIndexCreateResponseSchema = z.object({
  item: LocationIndexItemSchema,
  evicted: z.array(z.string()),
});
export type LocationIndexCreateResponse = z.infer<typeof LocationIndexCreateResponseSchema>;

/** DELETE /api/location-index and DELETE /api/location-index/:id. */
export const LocationIndexRemovedSchema = z.object({ removed: z.number().int().nonnegative() });

/** One piece of evidence Verify weighed: where it puts the photo and whether that agrees with the item. */
export const IndexCheckWitnessSchema = z.object({
  source: z.string(),
  summary: z.string(),
  /** Metres between this evidence's point and the item's; null for evidence without a point. */
  distanceMeters: z.number().nonnegative().nullable(),
  agrees: z.boolean().nullable(),
});
export type IndexCheckWitness = z.infer<typeof IndexCheckWitnessSchema>;

/**
 * POST /api/location-index/:id/verify and /reevaluate. `outcome`: verified (independent evidence agrees),
 * contradicted (it points elsewhere), unverifiable (there is no independent evidence; the reason is in
 * `message`), reevaluated (the photo was analysed again).
 */
export const IndexCheckResponseSchema = z.object({
  item: LocationIndexItemSchema,
  outcome: z.enum(['verified', 'contradicted', 'unverifiable', 'reevaluated']),
  message: z.string(),
  witnesses: z.array(IndexCheckWitnessSchema),
});
export type IndexCheckResponse = z.infer<typeof IndexCheckResponseSchema>;

/**
 * POST /api/analyses/:id/correction: the owner says where the photo was really taken (a dragged marker or a
 * chosen candidate). Must lie in Miami-Dade County.
 */
export const AnalysisCorrectionRequestSchema = z.object({
  lat: z
    .number({ message: 'lat must be a number' })
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90'),
  lng: z
    .number({ message: 'lng must be a number' })
    .min(-180, 'lng must be between -180 and 180')
    .max(180, 'lng must be between -180 and 180'),
});
export type AnalysisCorrectionRequest = z.infer<typeof AnalysisCorrectionRequestSchema>;

/** The source name of a place the photo's owner confirmed on the map. */
export const USER_CONFIRMED_SOURCE = 'User Confirmed';

/** GET /api/geo/county-outline: Miami-Dade's (coarse, land-clipped) outline as GeoJSON, [lng, lat] positions. */
export const CountyOutlineSchema = z.object({
  type: z.literal('Feature'),
  properties: z.object({
    name: z.string(),
    /** [minLng, minLat, maxLng, maxLat] */
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    source: z.string(),
  }),
  geometry: z.object({
    type: z.literal('MultiPolygon'),
    coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
  }),
});
export type CountyOutline = z.infer<typeof CountyOutlineSchema>;

/** A layer of the embedded offline map (GET /api/map/geo/{layer}.geojson): GeoJSON, [lng, lat] positions. */
export const MapLayerSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      geometry: z.discriminatedUnion('type', [
        z.object({
          type: z.literal('MultiPolygon'),
          coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
        }),
        z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      ]),
    }),
  ),
});

/**
 * GET /api/map/style.json: a MapLibre style (version 8). Only what every style has is fixed here; sources and layers
 * carry the style specification's other properties.
 */
export const MapStyleSchema = z
  .object({
    version: z.literal(8),
    name: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    center: z.tuple([z.number(), z.number()]).optional(),
    zoom: z.number().optional(),
    sources: z.record(z.string(), z.object({ type: z.string() }).loose()),
    layers: z.array(z.object({ id: z.string(), type: z.string() }).loose()),
  })
  .loose();
