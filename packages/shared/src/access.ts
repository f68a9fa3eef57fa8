import { LIMITS } from './constants';

/**
 * Access-code tiers (R-ACCESS-1) and the pure rules around them. Only the tiers live here: the codes that
 * unlock them are chosen by the operator and stay on the server, hashed (R-ACCESS-2).
 *
 * "Unlimited" is `null` on the wire and in storage (JSON has no Infinity); arithmetic goes through
 * `limitValue`, which turns it into Infinity, so no rule can mistake unlimited for zero.
 */

export const ACCESS_TIERS = ['early_access', 'founder', 'admin', 'developer', 'miami_pro', 'beta', 'alpha'] as const;
export type AccessTier = (typeof ACCESS_TIERS)[number];

/** null = unlimited. */
export type Limit = number | null;

export type AccessTierDefinition = {
  type: AccessTier;
  name: string;
  weeklyImageLimit: Limit;
  imagesPerInstance: Limit;
  mapAccess: boolean;
  features: string[];
  /** Days from redemption until the code's grant expires. */
  duration: number;
  description: string;
};

export const ACCESS_TIER_DEFINITIONS: Record<AccessTier, AccessTierDefinition> = {
  early_access: {
    type: 'early_access',
    name: 'Early Access',
    weeklyImageLimit: 10,
    imagesPerInstance: 1,
    mapAccess: true,
    features: ['early_features', 'priority_queue', 'map_portal'],
    duration: 30,
    description: 'Early access to new features with priority processing.',
  },
  founder: {
    type: 'founder',
    name: 'Founder',
    weeklyImageLimit: null,
    imagesPerInstance: null,
    mapAccess: true,
    features: ['unlimited_access', 'all_features', 'admin_panel', 'map_portal', 'dev_tools'],
    duration: 9999,
    description: 'Unlimited access to everything, including the admin panel.',
  },
  admin: {
    type: 'admin',
    name: 'Administrator',
    weeklyImageLimit: 200,
    imagesPerInstance: 10,
    mapAccess: true,
    features: ['admin_features', 'user_management', 'map_portal', 'priority_support'],
    duration: 365,
    description: 'Administrative features and user management.',
  },
  developer: {
    type: 'developer',
    name: 'Developer',
    weeklyImageLimit: 50,
    imagesPerInstance: 5,
    mapAccess: true,
    features: ['unlimited_analysis', 'system_access', 'priority_support', 'dev_tools', 'map_portal'],
    duration: 365,
    description: 'Developer access with system tools.',
  },
  miami_pro: {
    type: 'miami_pro',
    name: 'Miami Pro',
    weeklyImageLimit: 25,
    imagesPerInstance: 3,
    mapAccess: true,
    features: ['enhanced_analysis', 'miami_data', 'priority_queue', 'map_portal'],
    duration: 180,
    description: 'Enhanced analysis with Miami-Dade data.',
  },
  beta: {
    type: 'beta',
    name: 'Beta Tester',
    weeklyImageLimit: 15,
    imagesPerInstance: 2,
    mapAccess: true,
    features: ['beta_features', 'early_access', 'feedback_channel', 'map_portal'],
    duration: 90,
    description: 'Beta features and a direct feedback channel.',
  },
  alpha: {
    type: 'alpha',
    name: 'Alpha Tester',
    weeklyImageLimit: 20,
    imagesPerInstance: 3,
    mapAccess: true,
    features: ['alpha_features', 'experimental_tools', 'direct_support', 'map_portal'],
    duration: 60,
    description: 'Experimental tools and direct support.',
  },
};

/** Tiers whose holders are admin-capable (R-ADMIN-2). */
export const ADMIN_TIERS: readonly AccessTier[] = ['founder', 'admin'];

/** What a user without any code gets (R-ACCESS-3). */
export const DEFAULT_IMAGE_LIMITS = {
  weeklyImageLimit: LIMITS.defaultWeeklyImageLimit as Limit,
  imagesPerInstance: LIMITS.defaultImagesPerInstance as Limit,
  mapAccess: false,
  features: ['basic_analysis'],
};

export type ImageLimits = { weeklyImageLimit: Limit; imagesPerInstance: Limit; mapAccess: boolean; features: string[] };

/** Server overrides for a tier: they replace the tier's limits and map access (R-ACCESS-7). */
export type TierOverride = Partial<Pick<AccessTierDefinition, 'weeklyImageLimit' | 'imagesPerInstance' | 'mapAccess'>>;

export const limitValue = (limit: Limit): number => (limit === null ? Infinity : limit);

/** The higher of two limits; unlimited wins. */
export function maxLimit(a: Limit, b: Limit): Limit {
  if (a === null || b === null) return null;
  return Math.max(a, b);
}

/** The tier as the server applies it: its definition with any operator override on top. */
export function effectiveTier(
  tier: AccessTier,
  overrides: Partial<Record<AccessTier, TierOverride>> = {},
): AccessTierDefinition {
  const base = ACCESS_TIER_DEFINITIONS[tier];
  const o = overrides[tier] ?? {};
  return {
    ...base,
    weeklyImageLimit: o.weeklyImageLimit !== undefined ? o.weeklyImageLimit : base.weeklyImageLimit,
    imagesPerInstance: o.imagesPerInstance !== undefined ? o.imagesPerInstance : base.imagesPerInstance,
    mapAccess: o.mapAccess ?? base.mapAccess,
  };
}

/** Redeeming raises each limit to the higher of current and code values and merges features (R-ACCESS-4). */
export function mergeLimits(current: ImageLimits, grant: Pick<AccessTierDefinition, keyof ImageLimits>): ImageLimits {
  return {
    weeklyImageLimit: maxLimit(current.weeklyImageLimit, grant.weeklyImageLimit),
    imagesPerInstance: maxLimit(current.imagesPerInstance, grant.imagesPerInstance),
    mapAccess: current.mapAccess || grant.mapAccess,
    features: [...new Set([...current.features, ...grant.features])],
  };
}

/** A redemption counts only while its expiry parses to a valid date in the future (R-ACCESS-5). */
export function isRedemptionActive(expiresAt: string | Date | null | undefined, now: Date = new Date()): boolean {
  if (expiresAt === null || expiresAt === undefined) return false;
  const t = expiresAt instanceof Date ? expiresAt.getTime() : Date.parse(expiresAt);
  return Number.isFinite(t) && t > now.getTime();
}

/**
 * A user's limits from the defaults and the tiers of their still-active codes: the same result as
 * max-merging at each redemption, and an expired code simply stops contributing.
 */
export function computeImageLimits(
  redemptions: { tier: AccessTier; expiresAt: string | Date | null }[],
  opts: { now?: Date; overrides?: Partial<Record<AccessTier, TierOverride>>; defaults?: ImageLimits } = {},
): ImageLimits {
  const now = opts.now ?? new Date();
  let limits: ImageLimits = {
    ...(opts.defaults ?? DEFAULT_IMAGE_LIMITS),
    features: [...(opts.defaults ?? DEFAULT_IMAGE_LIMITS).features],
  };
  for (const r of redemptions) {
    if (!isRedemptionActive(r.expiresAt, now)) continue;
    limits = mergeLimits(limits, effectiveTier(r.tier, opts.overrides));
  }
  return limits;
}

/** Console-access levels (R-ACCESS-11): only 100 and 90 see debug console output. */
export const CONSOLE_LEVELS = [100, 90, 80, 70, 60, 50, 40] as const;
export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];
export const CONSOLE_ACCESS_DEFAULT_DAYS = 365;
export const hasConsoleAccess = (level: number | null | undefined): boolean => level === 100 || level === 90;
export const CONSOLE_LEVEL_NAMES: Record<ConsoleLevel, string> = {
  100: 'Full console access',
  90: 'Console access',
  80: 'Level 80',
  70: 'Level 70',
  60: 'Level 60',
  50: 'Level 50',
  40: 'Level 40',
};

const DAY_MS = 86_400_000;

/** Time left on a grant (R-ACCESS-12): months when over 30 days, else days, else 'Expired'; 'Invalid date' for junk. */
export function timeRemainingText(expiresAt: string | Date | null | undefined, now: Date = new Date()): string {
  if (expiresAt === null || expiresAt === undefined) return 'Invalid date';
  const t = expiresAt instanceof Date ? expiresAt.getTime() : Date.parse(expiresAt);
  if (!Number.isFinite(t)) return 'Invalid date';
  const ms = t - now.getTime();
  if (ms <= 0) return 'Expired';
  const days = Math.ceil(ms / DAY_MS);
  if (days > 30) {
    const months = Math.floor(days / 30);
    return `${months} month${months === 1 ? '' : 's'} remaining`;
  }
  return `${days} day${days === 1 ? '' : 's'} remaining`;
}

/** Access codes compare upper-cased and trimmed (R-ACCESS-6). */
export const normalizeAccessCode = (code: string): string => code.trim().toUpperCase();

export const ACCESS_MESSAGES = {
  invalid: 'Invalid access code',
  alreadyRedeemed: 'Code already redeemed',
  underConstruction: 'This access code is temporarily under construction. Please try again later.',
  /** The map portal (and the server calls only it makes) is for holders of a code with map access (R-ACCESS-10). */
  mapAccessRequired:
    'The map needs map access. Redeem an access code with map access on Launch VT (/access-ai); until then you can analyse photos there.',
} as const;
