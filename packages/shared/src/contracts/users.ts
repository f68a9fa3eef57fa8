import { z } from 'zod';

export const RoleSchema = z.enum(['founder', 'user']);
export type Role = z.infer<typeof RoleSchema>;

export const SessionEntrySchema = z.object({
  loginTime: z.string().describe('ISO time of the sign-in'),
  host: z.string(),
  userAgent: z.string(),
});

/** The signed-in user as the API returns it (server-side user, R-USER-1, R-STATE-1). */
export const UserSchema = z.object({
  id: z.string(),
  auth0_id: z.string().describe('Provider subject; named as in the spec for compatibility'),
  issuer: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  emailVerified: z.boolean(),
  provider: z.string(),
  role: RoleSchema,
  permissions: z.array(z.string()),
  company: z.string().nullable(),
  customRole: z.string().nullable(),
  timeZone: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  signupDate: z.string(),
  firstSeen: z.string(),
  lastActive: z.string(),
  lastLogin: z.string(),
  isNew: z.boolean(),
  isActive: z.boolean(),
  loginCount: z.number().int(),
  analysisCount: z.number().int(),
  lastAnalysis: z.string().nullable(),
  sessions: z.array(SessionEntrySchema),
});
export type User = z.infer<typeof UserSchema>;

export const UserEnvelopeSchema = z.object({ user: UserSchema });

/** PUT /api/users/profile: only these fields may be changed by the user. */
export const ProfileUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name cannot be empty').max(120),
    company: z.string().trim().max(120).nullable(),
    customRole: z.string().trim().max(80).nullable(),
    timeZone: z
      .string()
      .max(64)
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'Unknown time zone'),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** GET /api/auth/session: what the web app needs to render (never tokens). */
export const SessionInfoSchema = z.object({
  authenticated: z.boolean(),
  /** A session cookie was sent but no longer names a live session (idle or absolute expiry, signed out elsewhere). */
  expired: z.boolean().default(false),
  user: UserSchema.nullable(),
  provider: z.object({ kind: z.enum(['local', 'external']), issuer: z.string().nullable(), name: z.string() }),
  expiresAt: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

const exportRow = z.record(z.string(), z.unknown());

/**
 * GET /api/account/export (R-PRIVACY-2): everything stored about the caller, sent as a dated JSON attachment. Dates
 * are ISO strings; the rows of the history tables keep their stored field names (new columns may appear).
 */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    picture: z.string().nullable(),
    company: z.string().nullable(),
    customRole: z.string().nullable(),
    timeZone: z.string(),
    role: RoleSchema,
    provider: z.string(),
    signupDate: z.string(),
    lastLogin: z.string(),
    loginCount: z.number().int(),
    analysisCount: z.number().int(),
    recentSignIns: z.array(SessionEntrySchema),
  }),
  /** Results and what the engine found; image bytes and storage keys are not part of it. */
  analyses: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      fileName: z.string(),
      photo: z.object({
        format: z.string(),
        byteSize: z.number().int(),
        width: z.number().int(),
        height: z.number().int(),
      }),
      imageUrl: z.string().nullable(),
      analysisType: z.string(),
      analysisResult: exportRow.nullable(),
      confidenceScore: z.number().nullable(),
      locationData: exportRow.nullable(),
      metadata: exportRow.nullable(),
      evidence: z.array(exportRow).nullable(),
      candidates: z.array(exportRow).nullable(),
      error: exportRow.nullable(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
    }),
  ),
  locations: z.array(
    z
      .object({ id: z.string(), locationName: z.string(), lat: z.number(), lng: z.number(), createdAt: z.string() })
      .loose(),
  ),
  locationIndex: z.array(
    z.object({ id: z.string(), name: z.string(), lat: z.number(), lng: z.number(), createdAt: z.string() }).loose(),
  ),
  /** Tier and dates only: the code itself is never the user's to take away. */
  accessCodeRedemptions: z.array(z.object({ tier: z.string(), redeemedAt: z.string(), expiresAt: z.string() })),
  activity: z.array(z.object({ id: z.string(), type: z.string(), timestamp: z.string() }).loose()),
  /** The gallery setting and its places; the descriptors (numbers for matching) are left out. */
  rememberedPlaces: z.object({
    enabled: z.boolean(),
    entries: z.array(
      z.object({
        analysisId: z.string().nullable(),
        lat: z.number(),
        lng: z.number(),
        source: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  feedback: z.array(
    z.object({
      analysisId: z.string(),
      rating: z.number().int(),
      comment: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  categories: z.array(z.object({ analysisId: z.string(), category: z.string() })),
});

/** DELETE /api/account: the typed e-mail address is the confirmation. */
export const AccountDeleteRequestSchema = z.object({
  confirm: z.string().describe('Your e-mail address, typed to confirm'),
});
/** The account is gone; the browser goes on to `redirectTo` (the sign-in provider's logout). */
export const AccountDeletedSchema = z.object({ deleted: z.literal(true), redirectTo: z.string() });
