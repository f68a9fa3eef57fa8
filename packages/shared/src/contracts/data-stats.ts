import { z } from 'zod';
import { StatsQuerySchema } from './data-api';

// Usage statistics (R-DATA-5: api-usage, images, notifications, feedback, categories, sessions), and the
// feedback and category writes whose figures they count. Same origin, session-authenticated.

const count = z.number().int().nonnegative();
const MAX_TIMEFRAME_HOURS = 24 * 366;

/**
 * A time window ending now: `24h`, `7d`, or a bare number of hours. Default 24 hours (R-DATA-5). At most a year,
 * so a typo cannot turn a stats call into a full-table scan.
 */
export const TimeframeSchema = z
  .string({ message: 'timeframe must look like 24h, 7d or a number of hours' })
  .trim()
  .regex(/^\d{1,5}(h|d)?$/i, 'timeframe must look like 24h, 7d or a number of hours')
  .transform((s) => {
    const n = Number.parseInt(s, 10);
    return /d$/i.test(s) ? n * 24 : n;
  })
  .refine(
    (h) => h >= 1 && h <= MAX_TIMEFRAME_HOURS,
    `timeframe must be between 1 hour and ${MAX_TIMEFRAME_HOURS / 24} days`,
  )
  .default(24);

/** `timeframe` (hours after parsing) plus `scope` (`all` is founder-only). */
export const TimeframeQuerySchema = z.object({ timeframe: TimeframeSchema, ...StatsQuerySchema.shape });
export type TimeframeQuery = z.infer<typeof TimeframeQuerySchema>;

/** GET /api/api-usage/patterns: `days`, default 7, at most 90. */
export const PatternsQuerySchema = z.object({
  days: z.coerce
    .number({ message: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(90, 'days must be at most 90')
    .default(7),
  ...StatsQuerySchema.shape,
});

const window = {
  scope: z.enum(['mine', 'all']),
  /** The window in hours and where it starts (ISO time). */
  timeframeHours: z.number().int().positive(),
  since: z.string(),
};

/** A usage-statistics answer (R-DATA-5): `{ stats }`, the window it covers, then its own figures. */
const statsOverWindow = <F extends z.ZodRawShape>(figures: F) =>
  z.object({ stats: z.object({ ...window, ...figures }) });

/** Rows stored in the scope: all of them, and those made inside the window. */
const stored = { total: count, recent: count };

/** GET /api/api-usage/stats: requests counted by the server (endpoint = route pattern). */
export const ApiUsageStatsSchema = statsOverWindow({
  totalRequests: count,
  errorRequests: count,
  averageDurationMs: z.number().nullable(),
  p95DurationMs: z.number().nullable(),
  byStatus: z.record(z.string(), count),
  byEndpoint: z.array(
    z.object({ method: z.string(), endpoint: z.string(), count, errors: count, average_ms: z.number() }),
  ),
  /** All requests ever counted in this scope (the dashboard's totalApiCalls). */
  allTime: count,
});
export type ApiUsageStats = z.infer<typeof ApiUsageStatsSchema>['stats'];

/** GET /api/api-usage/patterns: when requests happen, in the caller's time zone. */
export const ApiUsagePatternsSchema = z.object({
  patterns: z.object({
    scope: z.enum(['mine', 'all']),
    days: z.number().int().positive(),
    timeZone: z.string(),
    /** 24 entries, hour 0–23. */
    byHour: z.array(z.object({ hour: z.number().int().min(0).max(23), count })),
    /** One entry per calendar day, oldest first, days without requests present with 0. */
    byDay: z.array(z.object({ day: z.string(), count, errors: count })),
  }),
});
export type ApiUsagePatterns = z.infer<typeof ApiUsagePatternsSchema>['patterns'];

/** GET /api/images/stats: uploaded photos (records made through the API without an upload are not images). */
export const ImageStatsSchema = statsOverWindow({
  ...stored,
  /** Bytes (spec key total_size); the UI shows MB to one decimal. */
  sizeStats: z.object({ total_size: z.number().nonnegative(), average_size: z.number().nonnegative().nullable() }),
  byFormat: z.record(z.string(), count),
});
export type ImageStats = z.infer<typeof ImageStatsSchema>['stats'];

/** GET /api/notifications/stats */
export const NotificationStatsSchema = statsOverWindow({
  ...stored,
  /** Spec key: unread and read counts of the per-user notifications. */
  byReadStatus: z.array(z.object({ is_read: z.boolean(), count })),
  byType: z.record(z.string(), count),
});
export type NotificationStats = z.infer<typeof NotificationStatsSchema>['stats'];

/** GET /api/feedback/stats */
export const FeedbackStatsSchema = statsOverWindow({
  ...stored,
  /** 1–5, null without ratings. */
  averageRating: z.number().nullable(),
  byRating: z.array(z.object({ rating: z.number().int().min(1).max(5), count })),
  withComment: count,
});
export type FeedbackStats = z.infer<typeof FeedbackStatsSchema>['stats'];

/** GET /api/categories/stats */
export const CategoryStatsSchema = statsOverWindow({
  ...stored,
  categorisedAnalyses: count,
  byCategory: z.array(z.object({ category: z.string(), count })),
});
export type CategoryStats = z.infer<typeof CategoryStatsSchema>['stats'];

/** GET /api/sessions/stats: server-side sessions and sign-ins. */
export const SessionStatsSchema = statsOverWindow({
  activeSessions: count,
  signInsInTimeframe: count,
  /** Users seen (any request) in the window; 1 or 0 for the caller's own scope. */
  activeUsers: count,
  averageSessionMinutes: z.number().nullable(),
});
export type SessionStats = z.infer<typeof SessionStatsSchema>['stats'];

/** PUT /api/analysis/:id/feedback */
export const FeedbackRequestSchema = z.object({
  rating: z.coerce
    .number({ message: 'rating must be a number from 1 to 5' })
    .int('rating must be a whole number from 1 to 5')
    .min(1, 'rating must be a number from 1 to 5')
    .max(5, 'rating must be a number from 1 to 5'),
  comment: z.string().trim().max(2000, 'comment must be at most 2000 characters').nullable().optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;
export const FeedbackSchema = z.object({
  analysis_id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;
export const FeedbackEnvelopeSchema = z.object({ feedback: FeedbackSchema.nullable() });

/** PUT /api/analysis/:id/categories: replaces the analysis's categories (labels are lower-cased, at most 10). */
export const CategoriesRequestSchema = z.object({
  categories: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'a category must not be empty')
        .max(40, 'a category must be at most 40 characters')
        .transform((s) => s.toLowerCase()),
      { message: 'categories must be a list of names' },
    )
    .max(10, 'at most 10 categories per analysis')
    .transform((list) => [...new Set(list)]),
});
export const CategoriesEnvelopeSchema = z.object({ analysis_id: z.string(), categories: z.array(z.string()) });

/** GET /api/admin/deployment (founder): facts about this running server, nothing secret. */
export const DeploymentFactsSchema = z.object({
  deployment: z.object({
    version: z.string(),
    environment: z.string(),
    nodeVersion: z.string(),
    platform: z.string(),
    startedAt: z.string(),
    uptimeSeconds: z.number(),
    memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number() }),
    database: z.object({
      kind: z.enum(['pglite', 'postgres']),
      reachable: z.boolean(),
      latencyMs: z.number().nullable(),
    }),
    signIn: z.enum(['local', 'external']),
    storage: z.string(),
    pubsub: z.string(),
    analysisWorker: z.boolean(),
    analysisConcurrency: z.number(),
    trustProxy: z.boolean(),
    publicUrl: z.string(),
    migrations: z.number().int().nonnegative(),
  }),
});
export type DeploymentFacts = z.infer<typeof DeploymentFactsSchema>['deployment'];
