import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The schema lives here; migrations in ../../drizzle are generated from it (`npm run db:generate`)
 * and applied at start-up, identically on PGlite and PostgreSQL.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One entry of the last 10 sign-ins kept per user. */
export type SessionEntry = { loginTime: string; host: string; userAgent: string };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** OIDC issuer + subject identify a person; e-mail may change at the provider. */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    picture: text('picture'),
    emailVerified: boolean('email_verified').notNull().default(false),
    provider: text('provider').notNull().default('unknown'),
    role: text('role', { enum: ['founder', 'user'] })
      .notNull()
      .default('user'),
    company: text('company'),
    customRole: text('custom_role'),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    isSystem: boolean('is_system').notNull().default(false),
    isNew: boolean('is_new').notNull().default(true),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastActive: timestamp('last_active', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }).notNull().defaultNow(),
    loginCount: integer('login_count').notNull().default(0),
    analysisCount: integer('analysis_count').notNull().default(0),
    lastAnalysis: timestamp('last_analysis', { withTimezone: true }),
    sessions: jsonb('sessions').$type<SessionEntry[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('users_issuer_subject_uq').on(t.issuer, t.subject),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_last_active_idx').on(t.lastActive),
  ],
);

export const activityTypes = ['signup', 'login', 'activity', 'analysis', 'custom'] as const;

export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    userEmail: text('user_email'),
    userName: text('user_name'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('activity_log_user_ts_idx').on(t.userId, t.timestamp), index('activity_log_ts_idx').on(t.timestamp)],
);

/** Server-side sessions; the cookie holds a random token, the table keeps only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is lastSeenAt + the configured idle time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Kept for RP-initiated logout (id_token_hint); never sent to the browser. */
    idTokenHint: text('id_token_hint'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** In-flight sign-ins: state → PKCE verifier, nonce and where to return. Short-lived. */
export const loginTransactions = pgTable('login_transactions', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull().default('/'),
  createdAt: createdAt(),
});
