import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './schema';
import { analyses } from './schema.analyses';

// Location history and the location index (R-DATA-3, R-DATA-4, R-INDEX-2). Kept apart so the area evolves on its own.

/**
 * The text location search matches (name, address, municipality, neighbourhood, ZIP) as one lower-cased expression,
 * so a single trigram index serves it. Queries must use this exact expression for the planner to pick the index.
 */
export const locationSearchTextSql = sql.raw(
  `(lower(coalesce("location_name", '') || ' ' || coalesce("address", '') || ' ' || coalesce("municipality", '') || ' ' || coalesce("neighbourhood", '') || ' ' || coalesce("zip", '')))`,
);

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The user's location history: one record per finished analysis (any outcome) or per manual create.
 * Trimmed to the spec's 50 newest per user in the transaction that inserts.
 */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The analysis that produced it; unique, so re-running an analysis' save step records it once. */
    analysisId: uuid('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    locationName: text('location_name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Human-readable address: neighbourhood, municipality, ZIP as far as known. */
    address: text('address'),
    municipality: text('municipality'),
    neighbourhood: text('neighbourhood'),
    zip: text('zip'),
    /** The spec's source names (GPS Metadata, Fallback, Default Location, Error Fallback, Manual…). */
    source: text('source').notNull(),
    confidence: real('confidence').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('locations_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('locations_analysis_uq').on(t.analysisId),
    check('locations_confidence_range', sql`${t.confidence} >= 0 and ${t.confidence} <= 1`),
    // Location search: one pg_trgm GIN index over the searched text serves ILIKE '%…%' (the migration creates pg_trgm).
    index('locations_search_trgm_idx').using('gin', sql`${locationSearchTextSql} gin_trgm_ops`),
  ],
);

export const locationIndexStatuses = ['idle', 'verifying', 'verified', 'reevaluating', 'reevaluated', 'error'] as const;

/** The location index: at most 20 items per user, the oldest leaving when the 21st arrives. */
export const locationIndex = pgTable(
  'location_index',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for manual items; unique otherwise so an analysis enters the index once. */
    analysisId: uuid('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    hasImage: boolean('has_image').notNull().default(false),
    source: text('source').notNull().default('Manual'),
    status: text('status', { enum: locationIndexStatuses }).notNull().default('idle'),
    confidence: real('confidence').notNull().default(0.8),
    /** Why the last Verify, Reevaluate or correction left the item as it is (shown in the sidebar). */
    note: text('note'),
    /** When Verify, Reevaluate or a correction last changed the item. */
    checkedAt: ts('checked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('location_index_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('location_index_analysis_uq').on(t.analysisId),
    check('location_index_confidence_range', sql`${t.confidence} >= 0 and ${t.confidence} <= 1`),
  ],
);
