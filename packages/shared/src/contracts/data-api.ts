import { z } from 'zod';
import { LIMITS } from '../constants';
import { AnalysisResultSchema, AnalysisStatusSchema } from './analyses';
import { LatLngSchema } from './common';
import { LocationSchema, LocationsPageQuerySchema } from './locations';

// The data API (R-DATA-1: analysis history, search, nearby, stats), same origin and session-authenticated.

const limit = (fallback: number) =>
  z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.pageSizeMax, `limit must be at most ${LIMITS.pageSizeMax}`)
    .default(fallback);
const coordinate = (label: 'lat' | 'lng', max: number) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .min(-max, `${label} must be between -${max} and ${max}`)
    .max(max, `${label} must be between -${max} and ${max}`);
/** Radius in kilometres (the spec leaves the unit open; we document km). */
const radiusKm = (fallback: number) =>
  z.coerce
    .number({ message: 'radius must be a number (kilometres)' })
    .positive('radius must be more than 0 km')
    .max(100, 'radius must be at most 100 km')
    .default(fallback);

/** Paged history query: limit (default 20, 1–100) and offset (default 0). */
export const PageQuerySchema = LocationsPageQuerySchema;
export type PageQuery = z.infer<typeof PageQuerySchema>;

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-01-31`)
    .refine((d) => !Number.isNaN(Date.parse(d)), `${label} must be a real date`)
    .optional();
const confidenceFilter = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number from 0 to 1` })
    .min(0, `${label} must be a number from 0 to 1`)
    .max(1, `${label} must be a number from 0 to 1`)
    .optional();

/**
 * Optional history filters: calendar days `from`–`to` (inclusive, in the user's time zone) and a confidence
 * range (0–1, inclusive).
 */
export const AnalysisFilterSchema = z.object({
  from: day('from'),
  to: day('to'),
  min_confidence: confidenceFilter('min_confidence'),
  max_confidence: confidenceFilter('max_confidence'),
  /** Only analyses carrying this category (a project). */
  category: z
    .string()
    .trim()
    .min(1, 'category must not be empty')
    .max(40, 'category must be at most 40 characters')
    .transform((c) => c.toLowerCase())
    .optional(),
});
export type AnalysisFilter = z.infer<typeof AnalysisFilterSchema>;
/** GET /api/analysis/my: a page plus the optional filters. */
export const AnalysisPageQuerySchema = PageQuerySchema.extend(AnalysisFilterSchema.shape);

/** The place of a finished analysis, flattened for lists (name, neighbourhood, confidence, coordinates). */
export const AnalysisPlaceSchema = z.object({
  name: z.string(),
  neighbourhood: z.string().nullable(),
  municipality: z.string().nullable(),
  zip: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** 0–1. */
  confidence: z.number().min(0).max(1),
  source: z.string(),
});
export type AnalysisPlace = z.infer<typeof AnalysisPlaceSchema>;

/** One analysis record as the history lists return it (R-DATA-3: analysis record + created_at). */
export const AnalysisRecordSchema = z.object({
  id: z.string(),
  status: AnalysisStatusSchema,
  file_name: z.string(),
  image_url: z.string().nullable(),
  /** The owner's thumbnail of the analysed photo, when one exists. */
  thumbnail_url: z.string().nullable(),
  analysis_type: z.string(),
  analysis_result: AnalysisResultSchema.nullable(),
  confidence_score: z.number().nullable(),
  location_data: z.record(z.string(), z.unknown()).nullable(),
  location: AnalysisPlaceSchema.nullable(),
  created_at: z.string(),
  /** Nearby results only: kilometres from the asked point. */
  distance_km: z.number().optional(),
});
export type AnalysisRecord = z.infer<typeof AnalysisRecordSchema>;
export const AnalysisRecordEnvelopeSchema = z.object({ analysis: AnalysisRecordSchema });

const OWN_IMAGE_PATH =
  /^\/api\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(display|thumbnail)$/i;

/**
 * An image URL a stored analysis may point at: one of this app's own photo paths, or an https address without
 * credentials. Anything else (javascript:, data:, http:, relative paths elsewhere) would be rendered as a link or
 * an image source by every client that lists the analysis.
 */
export function isAcceptableImageUrl(value: string): boolean {
  if (OWN_IMAGE_PATH.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && url.hostname.length > 0;
}

/** POST /api/analysis/create: an analysis made elsewhere (no upload); the server fills the place from the point. */
export const AnalysisCreateRequestSchema = z.object({
  image_url: z
    .string()
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .refine(isAcceptableImageUrl, "must be an https:// address or one of this app's own /api/photos/… image paths")
    .nullable()
    .optional(),
  analysis_type: z.string().trim().min(1).max(60).default('manual'),
  analysis_result: z.object({
    name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    lat: coordinate('lat', 90),
    lng: coordinate('lng', 180),
    confidence: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').optional(),
    source: z.string().trim().min(1).max(60).optional(),
    explanation: z.array(z.string().max(500)).max(20).optional(),
  }),
  confidence_score: z
    .number()
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .nullable()
    .optional(),
  location_data: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type AnalysisCreateRequest = z.input<typeof AnalysisCreateRequestSchema>;

/** GET /api/analysis/my */
export const AnalysisPageSchema = z.object({
  analyses: z.array(AnalysisRecordSchema),
  total: z.number().int().nonnegative(),
});
export type AnalysisPage = z.infer<typeof AnalysisPageSchema>;
export const AnalysisListSchema = z.object({ analyses: z.array(AnalysisRecordSchema) });
export type AnalysisList = z.infer<typeof AnalysisListSchema>;

/** GET /api/analysis/search and /api/locations/search: words matched as prefixes against names and places. */
export const SearchQuerySchema = z.object({
  query: z
    .string({ message: 'query is required' })
    .trim()
    .min(1, 'query must not be empty')
    .max(200, 'query must be at most 200 characters'),
  limit: limit(LIMITS.pageSizeDefault),
});
/** GET /api/analysis/search: the search plus the history filters. */
export const AnalysisSearchQuerySchema = SearchQuerySchema.extend(AnalysisFilterSchema.shape);
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** GET /api/analysis/nearby: radius in km, default 1. */
export const AnalysisNearbyQuerySchema = z.object({
  lat: coordinate('lat', 90),
  lng: coordinate('lng', 180),
  radius: radiusKm(1),
  limit: limit(LIMITS.pageSizeDefault),
});
/** GET /api/locations/nearby: radius in km, default 5. */
export const LocationNearbyQuerySchema = AnalysisNearbyQuerySchema.extend({ radius: radiusKm(5) });
export type NearbyQuery = z.infer<typeof AnalysisNearbyQuerySchema>;

/** `scope=all` asks for database-wide figures: the founder only (403 for everyone else). */
export const StatsQuerySchema = z.object({
  scope: z.enum(['mine', 'all'], { message: "scope must be 'mine' or 'all'" }).default('mine'),
});
export type StatsQuery = z.infer<typeof StatsQuerySchema>;

export const ConfidenceBucketSchema = z.object({ confidence_range: z.string(), count: z.number().int().nonnegative() });

/** GET /api/analysis/stats */
export const AnalysisStatsSchema = z.object({
  stats: z.object({
    scope: z.enum(['mine', 'all']),
    total: z.number().int().nonnegative(),
    /** In the current calendar month of the user's time zone. */
    thisMonth: z.number().int().nonnegative(),
    today: z.number().int().nonnegative(),
    /** 0–1, null with no analyses. */
    averageConfidence: z.number().nullable(),
    byConfidence: z.array(ConfidenceBucketSchema),
    byOutcome: z.record(z.string(), z.number().int().nonnegative()),
    /** The last 30 days, oldest first; days without analyses are present with 0. */
    perDay: z.array(z.object({ day: z.string(), count: z.number().int().nonnegative() })),
    lastAnalysisAt: z.string().nullable(),
  }),
});
export type AnalysisStats = z.infer<typeof AnalysisStatsSchema>['stats'];

/** GET /api/users/stats: the signed-in user's own figures. */
export const UserStatsSchema = z.object({
  stats: z.object({
    totalAnalyses: z.number().int().nonnegative(),
    thisMonth: z.number().int().nonnegative(),
    totalLocations: z.number().int().nonnegative(),
    locationIndexCount: z.number().int().nonnegative(),
    photos: z.number().int().nonnegative(),
    loginCount: z.number().int().nonnegative(),
    lastAnalysis: z.string().nullable(),
    memberSince: z.string(),
  }),
});
export type UserStats = z.infer<typeof UserStatsSchema>['stats'];

/** GET /api/admin/stats (founder): the admin figures of R-DASH-1 plus storage figures. */
export const AdminStatsSchema = z.object({
  stats: z.object({
    totalUsers: z.number().int().nonnegative(),
    /** Active now: last activity under 30 minutes ago (R-ADMIN-5). */
    activeUsers: z.number().int().nonnegative(),
    activeToday: z.number().int().nonnegative(),
    totalAnalyses: z.number().int().nonnegative(),
    totalLocations: z.number().int().nonnegative(),
    images: z.object({ total: z.number().int().nonnegative(), totalBytes: z.number().nonnegative() }),
  }),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>['stats'];

export const LocationListSchema = z.object({ locations: z.array(LocationSchema) });

/** A place the user keeps coming back to: records grouped by name. */
export const PopularLocationSchema = z.object({
  location_name: z.string(),
  analysis_count: z.number().int().nonnegative(),
  coordinates: LatLngSchema,
  last_seen: z.string(),
});
export const PopularQuerySchema = z.object({ limit: limit(LIMITS.popularLocationsDefault), ...StatsQuerySchema.shape });
export const PopularLocationsSchema = z.object({ locations: z.array(PopularLocationSchema) });
export type PopularLocation = z.infer<typeof PopularLocationSchema>;

/** GET /api/locations/stats */
export const LocationStatsSchema = z.object({
  stats: z.object({
    scope: z.enum(['mine', 'all']),
    total: z.number().int().nonnegative(),
    unique: z.number().int().nonnegative(),
    topLocations: z.array(z.object({ location_name: z.string(), analysis_count: z.number().int().nonnegative() })),
    bySource: z.record(z.string(), z.number().int().nonnegative()),
  }),
});
export type LocationStats = z.infer<typeof LocationStatsSchema>['stats'];

/** DELETE /api/analysis/:id */
export const AnalysisDeletedSchema = z.object({ deleted: z.literal(true), id: z.string() });

/** localStorage key of the map navigation hint that Details/View leave for /map (R-STATE-2: harmless to lose). */
export const MAP_NAVIGATION_HINT_KEY = 'vt.map.navigationHint';
/** The map navigation hint: which analysis to fly to, and when it was asked (ms since epoch). */
export const MapNavigationHintSchema = z.object({ id: z.string(), lat: z.number(), lng: z.number(), time: z.number() });
export type MapNavigationHint = z.infer<typeof MapNavigationHintSchema>;
