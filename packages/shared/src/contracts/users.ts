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
