import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnalysisError, AnalysisResult, Candidate, Evidence, PhotoMetadata, StageTimings } from '@vt/shared';
import { users } from './schema';
import { trips } from './schema.trips';

// Tables of the analysis engine (photos, analyses, their events). Kept apart from schema.ts so areas evolve separately.

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** An uploaded photo: where its bytes live in storage. Keys are storage keys, never paths or URLs. */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The file name the browser sent; shown to its owner and used in the spec's outcome names. */
    originalName: text('original_name').notNull(),
    /** Detected from magic bytes (jpeg, png, webp, heic, avif, tiff), never from the name. */
    format: text('format').notNull(),
    mimeType: text('mime_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Null once the original is deleted after analysis (KEEP_ORIGINALS=false). */
    originalKey: text('original_key'),
    thumbnailKey: text('thumbnail_key'),
    displayKey: text('display_key'),
    /** SHA-256 of the file as received (hex): pairs a client's stored upload with the analysis that counted it. */
    sha256: text('sha256'),
    /**
     * Set when a client upload (POST /api/images/upload-for-analysis) of the same bytes claimed this analysed
     * photo: one counted analysis pays for one stored client upload, never more.
     */
    pairedAt: ts('paired_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    originalDeletedAt: ts('original_deleted_at'),
  },
  (t) => [index('photos_user_idx').on(t.userId, t.createdAt), index('photos_user_sha256_idx').on(t.userId, t.sha256)],
);

/**
 * Expressions over analysis_result used by the data API (search, nearby). The indexes below are built on these
 * exact expressions, so queries must use them verbatim for the planner to pick the index.
 */
export const analysisLatSql = sql.raw(`(("analysis_result" ->> 'lat')::double precision)`);
export const analysisLngSql = sql.raw(`(("analysis_result" ->> 'lng')::double precision)`);
/** Name, neighbourhood, municipality, ZIP and explanation as one 'simple' (language-neutral) text-search document. */
export const analysisSearchDocumentSql = sql.raw(
  `to_tsvector('simple', coalesce("analysis_result" ->> 'name', '') || ' ' || coalesce("analysis_result" #>> '{place,neighbourhood}', '') || ' ' || coalesce("analysis_result" #>> '{place,municipality}', '') || ' ' || coalesce("analysis_result" #>> '{place,zip}', '') || ' ' || coalesce("analysis_result" ->> 'explanation', ''))`,
);

export const analysisStatuses = ['queued', 'running', 'done', 'failed'] as const;

/** One analysis of one photo: a persisted job plus the spec's stored analysis fields. */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    /** The trip it was uploaded in (R-TRIP-1); null for a photo uploaded on its own. */
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    status: text('status', { enum: analysisStatuses }).notNull().default('queued'),
    /** The last step that finished; a resumed job starts after it. */
    stage: text('stage'),
    // Fields of the analysis record (R-DATA-3).
    imageUrl: text('image_url'),
    analysisType: text('analysis_type').notNull().default('engine'),
    analysisResult: jsonb('analysis_result').$type<AnalysisResult>(),
    confidenceScore: real('confidence_score'),
    locationData: jsonb('location_data').$type<Record<string, unknown>>(),
    // Engine state, persisted per step so a restart resumes instead of redoing work.
    metadata: jsonb('metadata').$type<PhotoMetadata>(),
    evidence: jsonb('evidence').$type<Evidence[]>(),
    candidates: jsonb('candidates').$type<Candidate[]>(),
    timings: jsonb('timings').$type<StageTimings>().notNull().default({}),
    engineVersion: text('engine_version').notNull(),
    error: jsonb('error').$type<AnalysisError>(),
    // Job bookkeeping.
    attempts: integer('attempts').notNull().default(0),
    runAfter: ts('run_after').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    /** Refreshed by every step; a running job whose lock is older than the stale limit is reclaimed. */
    lockedAt: ts('locked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('analyses_claim_idx').on(t.status, t.runAfter),
    index('analyses_user_idx').on(t.userId, t.createdAt),
    index('analyses_photo_idx').on(t.photoId),
    index('analyses_trip_idx').on(t.tripId),
    // Data API: nearby is a bounding-box range on (user, lat) then exact haversine; search is full-text.
    index('analyses_user_lat_lng_idx').on(t.userId, analysisLatSql, analysisLngSql),
    index('analyses_search_idx').using('gin', analysisSearchDocumentSql),
  ],
);

/**
 * Every stage an analysis went through, kept so a late SSE subscriber can replay them, and chained (R-REPORT-3): each
 * event's hash covers the one before it, so the history a report shows cannot be rewritten unnoticed
 * (modules/analyses/event-chain.ts writes and checks it).
 */
export const analysisEvents = pgTable(
  'analysis_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Set by the app at insert (a JS Date, so the stored value round-trips exactly into the hash). */
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The previous event's hash of the same analysis (the genesis value for the first); null before chaining. */
    prevHash: text('prev_hash'),
    /** SHA-256 (hex) of prevHash and this event's canonical fields; null on events recorded before chaining. */
    hash: text('hash'),
  },
  (t) => [index('analysis_events_analysis_idx').on(t.analysisId, t.id)],
);
