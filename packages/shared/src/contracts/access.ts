import { z } from 'zod';
import { ACCESS_TIERS, CONSOLE_LEVELS } from '../access';

/** null = unlimited (JSON has no Infinity). */
const LimitSchema = z.number().int().min(0).nullable();

export const AccessTierSchema = z.enum(ACCESS_TIERS);

export const RedeemAccessCodeRequestSchema = z.object({
  code: z.string().trim().min(1, 'Enter an access code').max(200),
});
export type RedeemAccessCodeRequest = z.infer<typeof RedeemAccessCodeRequestSchema>;

export const RedeemedCodeSchema = z.object({
  tier: AccessTierSchema,
  name: z.string(),
  redeemedAt: z.string(),
  expiresAt: z.string(),
});
export type RedeemedCode = z.infer<typeof RedeemedCodeSchema>;

export const MyLimitsSchema = z.object({
  weeklyImageLimit: LimitSchema,
  imagesPerInstance: LimitSchema,
  mapAccess: z.boolean(),
  features: z.array(z.string()),
  accessCodes: z.array(RedeemedCodeSchema),
  currentUsage: z.number().int().min(0),
  /** null = unlimited. */
  remainingThisWeek: LimitSchema,
  weekStartDate: z.string(),
  weekResetDate: z.string(),
  timeZone: z.string(),
});
export type MyLimits = z.infer<typeof MyLimitsSchema>;

export const RedeemAccessCodeResponseSchema = z.object({
  success: z.literal(true),
  redeemed: RedeemedCodeSchema,
  limits: MyLimitsSchema,
});
export type RedeemAccessCodeResponse = z.infer<typeof RedeemAccessCodeResponseSchema>;

export const TierLimitsSchema = z.object({
  weeklyImageLimit: LimitSchema,
  imagesPerInstance: LimitSchema,
  mapAccess: z.boolean(),
});
/** GET /api/access-code-limits: keyed by tier name (the secret codes never leave the server). */
export const AccessCodeLimitsSchema = z.record(z.string(), TierLimitsSchema);
export type AccessCodeLimits = z.infer<typeof AccessCodeLimitsSchema>;

export const ConsoleAccessSchema = z.object({
  level: z.number().int().nullable(),
  name: z.string().nullable(),
  hasConsoleAccess: z.boolean(),
  hasFullAccess: z.boolean(),
  grantedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  timeRemaining: z.string(),
});
export type ConsoleAccess = z.infer<typeof ConsoleAccessSchema>;

export const AdminAccessCodeSchema = z.object({
  id: z.string(),
  kind: z.enum(['limits', 'console']),
  tier: AccessTierSchema.nullable(),
  level: z.number().int().nullable(),
  /** Last two characters only; the code itself is never sent back. */
  hint: z.string(),
  label: z.string().nullable(),
  active: z.boolean(),
  source: z.enum(['config', 'admin']),
  redemptions: z.number().int(),
  createdAt: z.string(),
});
export type AdminAccessCode = z.infer<typeof AdminAccessCodeSchema>;

export const CreateAccessCodeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('limits'),
    code: z.string().trim().min(6, 'Use at least 6 characters').max(200),
    tier: AccessTierSchema,
    label: z.string().trim().max(200).optional(),
  }),
  z.object({
    kind: z.literal('console'),
    code: z.string().trim().min(6, 'Use at least 6 characters').max(200),
    level: z
      .number()
      .int()
      .refine((l) => (CONSOLE_LEVELS as readonly number[]).includes(l), 'Level must be 100, 90, 80, 70, 60, 50 or 40'),
    label: z.string().trim().max(200).optional(),
  }),
]);
export type CreateAccessCode = z.infer<typeof CreateAccessCodeSchema>;

export const UpdateAccessCodeSchema = z.object({ active: z.boolean() });
