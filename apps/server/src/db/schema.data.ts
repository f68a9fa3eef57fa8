import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';
import { analyses } from './schema.analyses';

// Tables of the data API (R-DATA-1, R-DATA-5): request counts for api-usage stats, feedback and categories on analyses,
// Kept in one file so the area merges and evolves on its own.

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One row per API request (endpoint = the route pattern, so ids do not explode the key space). Written in
 * batches by the api-usage recorder, never inside a request.
 */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    status: integer('status').notNull(),
    durationMs: real('duration_ms').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('api_requests_created_idx').on(t.createdAt),
    index('api_requests_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** A user's rating (1–5) of one of their analyses, with an optional comment; one per analysis. */
export const analysisFeedback = pgTable(
  'analysis_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('analysis_feedback_analysis_uq').on(t.analysisId),
    index('analysis_feedback_user_idx').on(t.userId, t.updatedAt),
    check('analysis_feedback_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Categories a user puts their analyses in (free labels, lower-cased); an analysis holds each label once. */
export const analysisCategories = pgTable(
  'analysis_categories',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('analysis_categories_uq').on(t.analysisId, t.category),
    index('analysis_categories_user_idx').on(t.userId, t.category),
  ],
);
