import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { LIMITS } from '@vt/shared';
import type { S3StorageOptions } from './adapters/storage/s3.storage';

/**
 * Every setting the server reads, validated once at start-up. Nothing else reads process.env.
 * A bad value stops the process with a message naming the setting (ConfigError).
 */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const emailList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((s) =>
      (s ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
);

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_IDLE_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .default(60 * 24 * 7),
  ),
  SESSION_ABSOLUTE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  SESSION_CACHE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(60).default(5)),
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPES: z.preprocess(emptyToUndefined, z.string().default('openid email profile')),
  FOUNDER_EMAILS: emailList,
  SALES_EMAIL: z.preprocess(emptyToUndefined, z.email().default('sales@visionterminal.local')),
  MAP_STYLE_URL: optionalUrl,
  VISION_API_BASE_URL: optionalUrl,
  VISION_API_KEY: optionalString,
  VISION_MODEL: optionalString,
  VISION_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).default(60_000)),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  /** Prefix of every Redis key this deployment writes (rate-limit counters), so deployments can share a Redis. */
  REDIS_KEY_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,40}$/, 'letters, digits, : _ - (at most 40)')
      .default('vt:'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  UPLOAD_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1024)
      .default(25 * 1024 * 1024),
  ),
  UPLOAD_MAX_PIXELS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(100_000_000)),
  UPLOAD_MAX_FILES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(10)),
  /**
   * JSON photo bodies (data URLs) this process reads at once, in bytes as sent, and per user: a JSON body is
   * held whole and copied while parsed, so these bound the memory that parallel uploads can take.
   */
  JSON_UPLOADS_IN_FLIGHT_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1_048_576)
      .default(64 * 1_048_576),
  ),
  JSON_UPLOADS_PER_USER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(2)),
  ANALYSIS_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  ),
  ANALYSIS_WORKER: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
  KEEP_ORIGINALS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  ACCESS_CODES_FILE: optionalString,
  DEFAULT_WEEKLY_IMAGE_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).default(LIMITS.defaultWeeklyImageLimit),
  ),
  DEFAULT_IMAGES_PER_INSTANCE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).default(LIMITS.defaultImagesPerInstance),
  ),
  DEFAULT_MAP_ACCESS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  INACTIVE_USER_CLEANUP_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).optional()),
  ACCESS_CODE_ATTEMPTS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  STORAGE_DRIVER: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  S3_PREFIX: optionalString,
  TEXT_LOCATOR: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
  OCR_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(16).optional()),
  OCR_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
});

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Origin the browser uses; decides cookie Secure, redirect URIs and the CSRF origin check. */
  publicUrl: string;
  publicUrlFromEnv: boolean;
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** How long a resolved session is reused in one process without reading the database (0 = not at all). */
  sessionCacheMs: number;
  oidc:
    | { kind: 'external'; issuerUrl: string; clientId: string; clientSecret: string | undefined; scopes: string }
    | { kind: 'local'; scopes: string };
  founderEmails: string[];
  salesEmail: string;
  mapStyleUrl: string | undefined;
  /** The optional vision model; `timeoutMs` bounds one call (VISION_TIMEOUT_MS). */
  vision: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Sign-in requests (/auth/login, /auth/callback) per address per minute, counted across the deployment. */
  signInPerMinute: number;
  logLevel: string;
  webDistDir: string;
  trustProxy: boolean;
  /** Photo intake limits (POST /api/photos). */
  uploads: { maxBytes: number; maxPixels: number; maxFiles: number; jsonInFlightBytes: number; jsonPerUser: number };
  /** Analysis jobs: runner concurrency, whether main.ts runs the runner in-process, original retention. */
  analysis: { concurrency: number; inProcessWorker: boolean; keepOriginals: boolean };
  /**
   * Access codes and image limits: the operator's code file (ACCESS_CODES_FILE, default DATA_DIR/access-codes.json),
   * the limits of a user without a code, and redemption attempts allowed per user and per address per minute.
   */
  access: {
    codesFile: string;
    defaultWeeklyImageLimit: number;
    defaultImagesPerInstance: number;
    /** Whether a user without a code may use the map portal (spec default: no). */
    defaultMapAccess: boolean;
    /** Scheduled inactive-user cleanup: remove users inactive this many days, once a day; undefined = only by hand. */
    scheduledCleanupDays: number | undefined;
    attemptsPerMinute: number;
  };
  /**
   * The text locator (scene-text OCR of signs and shop fronts, then the Miami-Dade geoparser): on/off, OCR worker
   * threads (default one: a photo is read fastest by one worker using every core, docs/decisions/0010) and ONNX
   * Runtime threads per worker (default: the cores shared among the workers).
   */
  text: { enabled: boolean; workers: number; threads: number };
  /** Where photo bytes live: DATA_DIR/photos, or an S3-compatible bucket (STORAGE_DRIVER=s3). */
  storage: { driver: 'local'; root: string } | ({ driver: 's3' } & S3StorageOptions);
};

/** Reads and validates the environment. Pure apart from the generated local session secret. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const issues: string[] = [];

  if (e.OIDC_ISSUER_URL && !e.OIDC_CLIENT_ID) issues.push('OIDC_CLIENT_ID: required when OIDC_ISSUER_URL is set');
  if (!e.OIDC_ISSUER_URL && (e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET))
    issues.push('OIDC_ISSUER_URL: required when OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set');
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) issues.push('SESSION_SECRET: required in production');
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) issues.push('PUBLIC_URL: required in production');
  if (e.VISION_API_BASE_URL && !e.VISION_MODEL) issues.push('VISION_MODEL: required when VISION_API_BASE_URL is set');
  if (e.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!e[name]) issues.push(`${name}: required when STORAGE_DRIVER=s3`);
  }
  if (issues.length) throw new ConfigError(issues);

  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    publicUrlFromEnv: Boolean(e.PUBLIC_URL),
    sessionSecret: e.SESSION_SECRET ?? localSessionSecret(dataDir),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    sessionCacheMs: Math.round(e.SESSION_CACHE_SECONDS * 1000),
    oidc: e.OIDC_ISSUER_URL
      ? {
          kind: 'external',
          issuerUrl: e.OIDC_ISSUER_URL,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET,
          scopes: e.OIDC_SCOPES,
        }
      : { kind: 'local', scopes: e.OIDC_SCOPES },
    founderEmails: e.FOUNDER_EMAILS,
    salesEmail: e.SALES_EMAIL,
    mapStyleUrl: e.MAP_STYLE_URL,
    vision: e.VISION_API_BASE_URL
      ? {
          baseUrl: e.VISION_API_BASE_URL,
          apiKey: e.VISION_API_KEY,
          model: e.VISION_MODEL!,
          timeoutMs: e.VISION_TIMEOUT_MS,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    signInPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY === 'true',
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      maxPixels: e.UPLOAD_MAX_PIXELS,
      maxFiles: e.UPLOAD_MAX_FILES,
      jsonInFlightBytes: e.JSON_UPLOADS_IN_FLIGHT_BYTES,
      jsonPerUser: e.JSON_UPLOADS_PER_USER,
    },
    analysis: {
      concurrency: e.ANALYSIS_CONCURRENCY,
      inProcessWorker: e.ANALYSIS_WORKER === 'true',
      keepOriginals: e.KEEP_ORIGINALS === 'true',
    },
    text: {
      enabled: e.TEXT_LOCATOR === 'true',
      workers: e.OCR_WORKERS ?? 1,
      threads: e.OCR_THREADS ?? Math.max(1, Math.floor(availableParallelism() / (e.OCR_WORKERS ?? 1))),
    },
    access: {
      codesFile: resolve(e.ACCESS_CODES_FILE ?? join(dataDir, 'access-codes.json')),
      defaultWeeklyImageLimit: e.DEFAULT_WEEKLY_IMAGE_LIMIT,
      defaultImagesPerInstance: e.DEFAULT_IMAGES_PER_INSTANCE,
      defaultMapAccess: e.DEFAULT_MAP_ACCESS === 'true',
      scheduledCleanupDays: e.INACTIVE_USER_CLEANUP_DAYS,
      attemptsPerMinute: e.ACCESS_CODE_ATTEMPTS_PER_MINUTE,
    },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            prefix: e.S3_PREFIX,
          }
        : { driver: 'local', root: join(dataDir, 'photos') },
  };
}

/** Locally (no SESSION_SECRET) a secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function localSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
