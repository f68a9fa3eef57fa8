import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * Access codes, their redemptions, weekly usage and console-access grants (R-ACCESS-2, R-ACCESS-4, R-ACCESS-8,
 * R-ACCESS-11).
 * Codes are kept only as SHA-256 of the upper-cased code, plus a two-character hint for the admin list.
 */
export const accessCodes = pgTable(
  'access_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['limits', 'console'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    hint: text('hint').notNull(),
    /** For kind 'limits': the tier it unlocks. */
    tier: text('tier'),
    /** For kind 'console': the level it grants. */
    level: integer('level'),
    label: text('label'),
    active: boolean('active').notNull().default(true),
    source: text('source', { enum: ['config', 'admin'] }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('access_codes_hash_uq').on(t.codeHash)],
);

export const accessCodeRedemptions = pgTable(
  'access_code_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeId: uuid('code_id')
      .notNull()
      .references(() => accessCodes.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // One redemption per user and code: the unique index makes "Code already redeemed" race-free.
  (t) => [
    uniqueIndex('access_code_redemptions_user_code_uq').on(t.userId, t.codeId),
    index('access_code_redemptions_user_idx').on(t.userId),
  ],
);

/** Images accepted per user per week; week_start is Monday 00:00 in the user's time zone, as an instant. */
export const weeklyImageUsage = pgTable(
  'weekly_image_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: timestamp('week_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);

/** The current console-access grant per user; a new grant replaces the old one. */
export const consoleAccessGrants = pgTable('console_access_grants', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeId: uuid('code_id').references(() => accessCodes.id, { onDelete: 'set null' }),
  level: integer('level').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Redemption attempts per key (user or address) per minute; shared by every server process. */
export const accessCodeAttempts = pgTable(
  'access_code_attempts',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Request counts per key, for the HTTP rate limits when several processes share PostgreSQL and no Redis is
 * configured (adapters/rate-limit): N processes must not allow N times a limit. A window opens with a key's
 * first request and the count restarts once it has passed, as the Redis store's expiring keys behave.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStart)],
);
