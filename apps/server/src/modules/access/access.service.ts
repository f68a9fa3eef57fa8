import {
  ACCESS_MESSAGES,
  ACCESS_TIER_DEFINITIONS,
  ACCESS_TIERS,
  ADMIN_TIERS,
  CONSOLE_ACCESS_DEFAULT_DAYS,
  CONSOLE_LEVEL_NAMES,
  computeImageLimits,
  effectiveTier,
  hasConsoleAccess,
  isRedemptionActive,
  normalizeAccessCode,
  timeRemainingText,
  type AccessCodeLimits,
  type AccessTier,
  type AdminAccessCode,
  type ConsoleAccess,
  type ConsoleLevel,
  type CreateAccessCode,
  type ImageLimits,
  type MyLimits,
  type RedeemAccessCodeResponse,
  type RedeemedCode,
  type TierOverride,
  type User,
} from '@vt/shared';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { AccessCodeRow, AccessRepository, RedemptionRow } from './access.repository';
import { accessCodeHint, hashAccessCode, type CodesFile } from './codes-file';
import { usageWeek } from './week';

const DAY_MS = 86_400_000;

export type AccessServiceDeps = {
  repo: AccessRepository;
  codes: CodesFile;
  /** Limits of a user without a code (DEFAULT_WEEKLY_IMAGE_LIMIT / DEFAULT_IMAGES_PER_INSTANCE). */
  defaults: ImageLimits;
  attemptsPerMinute: number;
  founderEmails: string[];
  now?: () => Date;
};

const isTier = (t: string): t is AccessTier => (ACCESS_TIERS as readonly string[]).includes(t);

/** "Monday, November 23 at 12:00 AM (America/New_York)" — the moment a user's week resets, on their clock. */
export function describeReset(reset: Date, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(reset);
  return `${when.replace(/, (\d{1,2}:\d{2})/, ' at $1')} (${timeZone})`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Access codes, image limits, weekly usage and console access (R-ACCESS-2, R-ACCESS-4, R-ACCESS-8, R-ACCESS-11). */
export class AccessService {
  private readonly founderEmails: Set<string>;

  constructor(private readonly deps: AccessServiceDeps) {
    this.founderEmails = new Set(deps.founderEmails.map((e) => e.toLowerCase()));
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private get overrides(): Partial<Record<AccessTier, TierOverride>> {
    return this.deps.codes.tierOverrides;
  }

  /** Puts the operator's file codes into the database (idempotent; run at start-up by every process). */
  async seed(): Promise<void> {
    for (const c of this.deps.codes.accessCodes) {
      await this.deps.repo.seedCode({
        kind: 'limits',
        codeHash: c.codeHash,
        hint: c.hint,
        tier: c.tier,
        level: null,
        label: c.label ?? null,
      });
    }
    for (const c of this.deps.codes.consoleCodes) {
      await this.deps.repo.seedCode({
        kind: 'console',
        codeHash: c.codeHash,
        hint: c.hint,
        tier: null,
        level: c.level,
        label: c.label ?? null,
      });
    }
  }

  /**
   * Counts this attempt against the user and the address (per minute, in the database so every process
   * shares the count) and refuses once either is over the limit. Successful attempts count too: the limit
   * bounds guessing, and nobody needs ten redemptions a minute.
   */
  private async throttle(userId: string, ip: string): Promise<void> {
    const now = this.now();
    const window = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const [byUser, byIp] = await Promise.all([
      this.deps.repo.countAttempt(`user:${userId}`, window),
      this.deps.repo.countAttempt(`ip:${ip}`, window),
    ]);
    if (Math.random() < 0.05) await this.deps.repo.pruneAttempts(new Date(now.getTime() - 3_600_000));
    if (byUser > this.deps.attemptsPerMinute || byIp > this.deps.attemptsPerMinute) {
      const wait = Math.max(1, Math.ceil((window.getTime() + 60_000 - now.getTime()) / 1000));
      throw new AppError(
        429,
        'too_many_attempts',
        `Too many access code attempts. You can try ${this.deps.attemptsPerMinute} codes a minute; please wait ${plural(wait, 'second')} and try again.`,
      );
    }
  }

  async redeem(user: User, rawCode: string, ip: string): Promise<RedeemAccessCodeResponse> {
    await this.throttle(user.id, ip);
    const code = normalizeAccessCode(rawCode);
    if (!code) throw badRequest(ACCESS_MESSAGES.invalid, 'invalid_access_code');
    const hash = hashAccessCode(code);
    if (this.deps.codes.underConstruction.has(hash))
      throw new AppError(400, 'under_construction', ACCESS_MESSAGES.underConstruction);
    const row = await this.deps.repo.findActiveCode(hash, 'limits');
    if (!row || !row.tier || !isTier(row.tier)) throw badRequest(ACCESS_MESSAGES.invalid, 'invalid_access_code');
    const redeemedAt = this.now();
    const tier = ACCESS_TIER_DEFINITIONS[row.tier];
    const redemption = await this.deps.repo.insertRedemption({
      userId: user.id,
      codeId: row.id,
      tier: row.tier,
      redeemedAt,
      expiresAt: new Date(redeemedAt.getTime() + tier.duration * DAY_MS),
    });
    if (!redemption) throw new AppError(409, 'already_redeemed', ACCESS_MESSAGES.alreadyRedeemed);
    return { success: true, redeemed: this.toRedeemed(redemption)!, limits: await this.limitsFor(user.id) };
  }

  private toRedeemed(r: RedemptionRow): RedeemedCode | undefined {
    if (!isTier(r.tier)) return undefined;
    return {
      tier: r.tier,
      name: ACCESS_TIER_DEFINITIONS[r.tier].name,
      redeemedAt: r.redeemedAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    };
  }

  /** Limits from the defaults and the still-active codes; expired ones drop out here (R-ACCESS-5). */
  private async currentLimits(
    userId: string,
  ): Promise<{ limits: ImageLimits; active: RedemptionRow[]; timeZone: string | undefined }> {
    const now = this.now();
    const [redemptions, profile] = await Promise.all([
      this.deps.repo.redemptionsOf(userId),
      this.deps.repo.profileOf(userId),
    ]);
    const timeZone = profile?.timeZone;
    const active = redemptions.filter((r) => isTier(r.tier) && isRedemptionActive(r.expiresAt, now));
    const grants = active.map((r) => ({ tier: r.tier as AccessTier, expiresAt: r.expiresAt as Date | string | null }));
    // Founders (FOUNDER_EMAILS, decided at every sign-in) hold the founder tier without redeeming its code, so the
    // operator is never rationed by their own product. It is not listed as a redeemed code.
    if (profile?.role === 'founder')
      grants.push({ tier: 'founder', expiresAt: new Date(now.getTime() + 365 * 86_400_000) });
    const limits = computeImageLimits(grants, { now, overrides: this.overrides, defaults: this.deps.defaults });
    return { limits, active, timeZone };
  }

  async limitsFor(userId: string): Promise<MyLimits> {
    const { limits, active, timeZone } = await this.currentLimits(userId);
    const week = usageWeek(this.now(), timeZone ?? '');
    const currentUsage = await this.deps.repo.usage(userId, week.start);
    return {
      ...limits,
      accessCodes: active.map((r) => this.toRedeemed(r)).filter((r): r is RedeemedCode => Boolean(r)),
      currentUsage,
      remainingThisWeek: limits.weeklyImageLimit === null ? null : Math.max(0, limits.weeklyImageLimit - currentUsage),
      weekStartDate: week.start.toISOString(),
      weekResetDate: week.reset.toISOString(),
      timeZone: week.timeZone,
    };
  }

  /**
   * One batch of `n` images against the user's images per upload (413 when it holds more), with the week it falls
   * in and the weekly limit it counts against.
   */
  private async batchAllowed(userId: string, n: number) {
    const { limits, timeZone } = await this.currentLimits(userId);
    const ipi = limits.imagesPerInstance;
    if (ipi !== null && n > ipi) {
      throw new AppError(
        413,
        'too_many_images_per_upload',
        `Your access allows ${plural(ipi, 'image')} per upload and this upload had ${n}. Upload fewer photos at a time, or redeem an access code for a higher limit.`,
      );
    }
    return { limit: limits.weeklyImageLimit, week: usageWeek(this.now(), timeZone ?? '') };
  }

  /**
   * The upload gate (QuotaService.reserve): one batch may hold at most imagesPerInstance photos, and the
   * week's count is checked and raised in one atomic statement. Refusals say why and when the week resets.
   */
  async reserve(userId: string, n: number): Promise<void> {
    const { limit, week } = await this.batchAllowed(userId, n);
    const total = limit !== null && n > limit ? null : await this.deps.repo.reserve(userId, week.start, n, limit);
    if (total === null)
      throw this.weeklyLimitReached(n, limit ?? 0, await this.deps.repo.usage(userId, week.start), week);
  }

  /**
   * QuotaService.reserveUpTo (a trip's batch, R-TRIP-2): the batch is checked against images per upload as a whole
   * (413, as `reserve`), then counted image by image, each in the same atomic statement as `reserve`, until the week
   * is full; the images that did not fit get the refusal one more image would get.
   */
  async reserveUpTo(userId: string, n: number): Promise<{ granted: number; refusal: AppError | null }> {
    const { limit, week } = await this.batchAllowed(userId, n);
    // Unlimited, or room for all of them: one statement, as a single upload.
    // (The statement's guard applies to an existing row of the week only: a first insert is checked here, as `reserve`.)
    if (limit === null || (n <= limit && (await this.deps.repo.reserve(userId, week.start, n, limit)) !== null))
      return { granted: n, refusal: null };
    let granted = 0;
    while (granted < n && limit >= 1 && (await this.deps.repo.reserve(userId, week.start, 1, limit)) !== null)
      granted++;
    return {
      granted,
      refusal:
        granted < n ? this.weeklyLimitReached(1, limit, await this.deps.repo.usage(userId, week.start), week) : null,
    };
  }

  /** QuotaService.imagesPerUpload: the images one upload may hold for this user, null for no limit of the tier's. */
  async imagesPerUpload(userId: string): Promise<number | null> {
    return (await this.currentLimits(userId)).limits.imagesPerInstance;
  }

  /** QuotaService.ensureRoom: the refusal `reserve(userId, 1)` would give, read without reserving. */
  async ensureRoom(userId: string): Promise<void> {
    const { limits, timeZone } = await this.currentLimits(userId);
    const limit = limits.weeklyImageLimit;
    if (limit === null) return;
    const week = usageWeek(this.now(), timeZone ?? '');
    const used = await this.deps.repo.usage(userId, week.start);
    if (used >= limit) throw this.weeklyLimitReached(1, limit, used, week);
  }

  private weeklyLimitReached(
    n: number,
    limit: number,
    used: number,
    week: { reset: Date; timeZone: string },
  ): AppError {
    const left = Math.max(0, limit - used);
    const tail = `Your weekly limit resets on ${describeReset(week.reset, week.timeZone)}. An access code can raise your limit.`;
    return new AppError(
      429,
      'weekly_limit_reached',
      left === 0
        ? `You have used all ${plural(limit, 'image')} of your weekly limit. ${tail}`
        : `This upload has ${plural(n, 'image')} but only ${left} of your ${plural(limit, 'image')} remain this week. ${tail}`,
      // Retry-After: the seconds until the week resets (RFC 9110 §10.2.3), so a client can wait rather than poll.
      { retryAfterSeconds: Math.max(1, Math.ceil((week.reset.getTime() - this.now().getTime()) / 1000)) },
    );
  }

  /** Gives back images reserved for an upload that failed afterwards (storage or database error). */
  async release(userId: string, n: number): Promise<void> {
    const week = usageWeek(this.now(), (await this.deps.repo.profileOf(userId))?.timeZone ?? '');
    await this.deps.repo.unreserve(userId, week.start, n);
  }

  /** Per-tier overrides (R-ACCESS-7, "/api/access-code-limits"). */
  tierLimits(): AccessCodeLimits {
    // Keyed by tier name, not by code as the spec's client had it: the codes are secrets that must never reach
    // the browser (R-ACCESS-2), and a tier name says the same thing to the UI.
    return Object.fromEntries(
      ACCESS_TIERS.map((t) => {
        const d = effectiveTier(t, this.overrides);
        return [
          t,
          { weeklyImageLimit: d.weeklyImageLimit, imagesPerInstance: d.imagesPerInstance, mapAccess: d.mapAccess },
        ];
      }),
    );
  }

  /** Whether the map portal is open to this user: a still-active code with map access, or the founder role. */
  async hasMapAccess(userId: string): Promise<boolean> {
    return (await this.currentLimits(userId)).limits.mapAccess;
  }

  /** Founder e-mails, the founder role, and holders of an active founder or admin code (R-ADMIN-2). */
  async isAdminCapable(user: User): Promise<boolean> {
    if (user.role === 'founder' || this.founderEmails.has(user.email.toLowerCase())) return true;
    const now = this.now();
    const redemptions = await this.deps.repo.redemptionsOf(user.id);
    return redemptions.some(
      (r) => (ADMIN_TIERS as readonly string[]).includes(r.tier) && isRedemptionActive(r.expiresAt, now),
    );
  }

  // ── Console access (R-ACCESS-11) ─────────────────────────────────────────────────────────────────

  async redeemConsole(user: User, rawCode: string, ip: string): Promise<ConsoleAccess> {
    await this.throttle(user.id, ip);
    const row = await this.deps.repo.findActiveCode(hashAccessCode(rawCode), 'console');
    if (!row || row.level === null || !(row.level in CONSOLE_LEVEL_NAMES))
      throw badRequest(ACCESS_MESSAGES.invalid, 'invalid_access_code');
    const grantedAt = this.now();
    await this.deps.repo.upsertConsoleGrant({
      userId: user.id,
      codeId: row.id,
      level: row.level,
      grantedAt,
      expiresAt: new Date(grantedAt.getTime() + CONSOLE_ACCESS_DEFAULT_DAYS * DAY_MS),
    });
    return this.consoleFor(user.id);
  }

  async consoleFor(userId: string): Promise<ConsoleAccess> {
    const now = this.now();
    const grant = await this.deps.repo.consoleGrantOf(userId);
    if (!grant || !isRedemptionActive(grant.expiresAt, now)) {
      // A passed expiry removes access (R-ACCESS-11); the row goes so it cannot come back.
      if (grant) await this.deps.repo.deleteConsoleGrant(userId);
      return {
        level: null,
        name: null,
        hasConsoleAccess: false,
        hasFullAccess: false,
        grantedAt: null,
        expiresAt: grant ? grant.expiresAt.toISOString() : null,
        timeRemaining: grant ? 'Expired' : 'No console access',
      };
    }
    const full = hasConsoleAccess(grant.level);
    return {
      level: grant.level,
      name: CONSOLE_LEVEL_NAMES[grant.level as ConsoleLevel] ?? `Level ${grant.level}`,
      hasConsoleAccess: full,
      hasFullAccess: full,
      grantedAt: grant.grantedAt.toISOString(),
      expiresAt: grant.expiresAt.toISOString(),
      timeRemaining: timeRemainingText(grant.expiresAt, now),
    };
  }

  // ── Founder administration ───────────────────────────────────────────────────────────────────────

  private toAdmin(r: AccessCodeRow & { redemptions: number }): AdminAccessCode {
    return {
      id: r.id,
      kind: r.kind,
      tier: r.tier && isTier(r.tier) ? r.tier : null,
      level: r.level,
      hint: r.hint,
      label: r.label,
      active: r.active,
      source: r.source,
      redemptions: r.redemptions,
      createdAt: r.createdAt.toISOString(),
    };
  }

  async listCodes(): Promise<AdminAccessCode[]> {
    return (await this.deps.repo.listCodes()).map((r) => this.toAdmin(r));
  }

  async createCode(founder: User, input: CreateAccessCode): Promise<AdminAccessCode> {
    const row = await this.deps.repo.insertCode({
      kind: input.kind,
      codeHash: hashAccessCode(input.code),
      hint: accessCodeHint(input.code),
      tier: input.kind === 'limits' ? input.tier : null,
      level: input.kind === 'console' ? input.level : null,
      label: input.label || null,
      createdBy: founder.id,
    });
    if (!row) throw new AppError(409, 'code_exists', 'That access code already exists. Choose a different code.');
    return this.toAdmin({ ...row, redemptions: 0 });
  }

  async setActive(id: string, active: boolean): Promise<AdminAccessCode> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('No access code with that id.');
    const row = await this.deps.repo.setActive(id, active);
    if (!row) throw notFound('No access code with that id.');
    return this.toAdmin(row);
  }
}
