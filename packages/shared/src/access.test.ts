import { describe, expect, it } from 'vitest';
import {
  ACCESS_TIER_DEFINITIONS,
  DEFAULT_IMAGE_LIMITS,
  computeImageLimits,
  effectiveTier,
  hasConsoleAccess,
  isRedemptionActive,
  limitValue,
  maxLimit,
  mergeLimits,
  normalizeAccessCode,
  timeRemainingText,
} from './access';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;
const inDays = (d: number) => new Date(NOW.getTime() + d * DAY);

describe('access tiers', () => {
  it('has the seven tiers of R-ACCESS-1, all with map access', () => {
    const rows = Object.values(ACCESS_TIER_DEFINITIONS).map((t) => [
      t.weeklyImageLimit,
      t.imagesPerInstance,
      t.duration,
    ]);
    expect(rows).toEqual([
      [10, 1, 30],
      [null, null, 9999],
      [200, 10, 365],
      [50, 5, 365],
      [25, 3, 180],
      [15, 2, 90],
      [20, 3, 60],
    ]);
    expect(Object.values(ACCESS_TIER_DEFINITIONS).every((t) => t.mapAccess && t.features.includes('map_portal'))).toBe(
      true,
    );
  });

  it('defaults to 5 a week, 1 per upload, no map, basic_analysis', () => {
    expect(DEFAULT_IMAGE_LIMITS).toEqual({
      weeklyImageLimit: 5,
      imagesPerInstance: 1,
      mapAccess: false,
      features: ['basic_analysis'],
    });
  });

  it('upper-cases and trims codes', () => {
    expect(normalizeAccessCode('  abc-def ')).toBe('ABC-DEF');
  });
});

describe('max-merge', () => {
  it('treats unlimited (null) as larger than any number', () => {
    expect(maxLimit(5, null)).toBeNull();
    expect(maxLimit(null, 5)).toBeNull();
    expect(maxLimit(5, 15)).toBe(15);
    expect(maxLimit(200, 15)).toBe(200);
    expect(limitValue(null)).toBe(Infinity);
    expect(limitValue(0)).toBe(0);
  });

  it('raises limits to the maximum, ORs map access and unions features', () => {
    const merged = mergeLimits(
      { weeklyImageLimit: 15, imagesPerInstance: 2, mapAccess: false, features: ['a', 'b'] },
      ACCESS_TIER_DEFINITIONS.early_access,
    );
    expect(merged).toEqual({
      weeklyImageLimit: 15,
      imagesPerInstance: 2,
      mapAccess: true,
      features: ['a', 'b', 'early_features', 'priority_queue', 'map_portal'],
    });
  });

  it('applies overrides to a tier without touching the others', () => {
    expect(effectiveTier('beta', { beta: { weeklyImageLimit: 30, mapAccess: false } })).toMatchObject({
      weeklyImageLimit: 30,
      imagesPerInstance: 2,
      mapAccess: false,
    });
    expect(effectiveTier('beta', { beta: { weeklyImageLimit: null } }).weeklyImageLimit).toBeNull();
    expect(effectiveTier('alpha', { beta: { weeklyImageLimit: 30 } }).weeklyImageLimit).toBe(20);
  });
});

describe('expiry', () => {
  it('counts only valid future expiries', () => {
    expect(isRedemptionActive(inDays(1), NOW)).toBe(true);
    expect(isRedemptionActive(inDays(1).toISOString(), NOW)).toBe(true);
    expect(isRedemptionActive(NOW, NOW)).toBe(false);
    expect(isRedemptionActive(inDays(-1), NOW)).toBe(false);
    expect(isRedemptionActive('not a date', NOW)).toBe(false);
    expect(isRedemptionActive(new Date(NaN), NOW)).toBe(false);
    expect(isRedemptionActive(null, NOW)).toBe(false);
  });

  it('computes limits from active codes only', () => {
    const limits = computeImageLimits(
      [
        { tier: 'admin', expiresAt: inDays(-1) },
        { tier: 'beta', expiresAt: inDays(10) },
        { tier: 'founder', expiresAt: 'garbage' },
      ],
      { now: NOW },
    );
    expect(limits).toEqual({
      weeklyImageLimit: 15,
      imagesPerInstance: 2,
      mapAccess: true,
      features: ['basic_analysis', 'beta_features', 'early_access', 'feedback_channel', 'map_portal'],
    });
    expect(computeImageLimits([{ tier: 'founder', expiresAt: inDays(9999) }], { now: NOW })).toMatchObject({
      weeklyImageLimit: null,
      imagesPerInstance: null,
    });
    expect(computeImageLimits([], { now: NOW })).toEqual(DEFAULT_IMAGE_LIMITS);
  });

  it('does not let a caller mutate the defaults', () => {
    const limits = computeImageLimits([], { now: NOW });
    limits.features.push('x');
    expect(DEFAULT_IMAGE_LIMITS.features).toEqual(['basic_analysis']);
  });
});

describe('console access', () => {
  it('shows console output only for levels 100 and 90', () => {
    expect([100, 90, 80, 70, 60, 50, 40, null].map(hasConsoleAccess)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('says time remaining in months over 30 days, else days, else Expired', () => {
    expect(timeRemainingText(inDays(365), NOW)).toBe('12 months remaining');
    expect(timeRemainingText(inDays(61), NOW)).toBe('2 months remaining');
    expect(timeRemainingText(inDays(31), NOW)).toBe('1 month remaining');
    expect(timeRemainingText(inDays(30), NOW)).toBe('30 days remaining');
    expect(timeRemainingText(inDays(1), NOW)).toBe('1 day remaining');
    expect(timeRemainingText(new Date(NOW.getTime() + 60_000), NOW)).toBe('1 day remaining');
    expect(timeRemainingText(NOW, NOW)).toBe('Expired');
    expect(timeRemainingText(inDays(-3), NOW)).toBe('Expired');
    expect(timeRemainingText('nonsense', NOW)).toBe('Invalid date');
    expect(timeRemainingText(null, NOW)).toBe('Invalid date');
  });
});
